import { dirname } from "node:path";
import { describe, expect, it } from "vitest";
import { importSpecifiers, read, resolveImport, sourceFiles } from "./source-files.js";

/** `src/modules/<name>` of a file in a module, else undefined. */
function moduleFolderOf(file: string): string | undefined {
  const match = /^src\/modules\/[^/]+/.exec(file);
  return match?.[0];
}

/** Every relative import of the source tree, as [importing file, imported file]. */
function imports(): Array<[string, string]> {
  return sourceFiles().flatMap((file) =>
    importSpecifiers(read(file)).flatMap((specifier) => {
      const target = resolveImport(file, specifier);
      return target ? [[file, target] as [string, string]] : [];
    }),
  );
}

/** docs/development.md, "Modules". */
describe("modules show one face", () => {
  it("nothing outside a module imports a file of it other than its index.ts", () => {
    const past = imports().filter(([from, to]) => {
      const module = moduleFolderOf(to);
      return module !== undefined && moduleFolderOf(from) !== module && to !== `${module}/index.ts`;
    });
    expect(past.map(([from, to]) => `${from} -> ${to}`)).toEqual([]);
  });

  it("no file imports its own module's index.ts", () => {
    const own = imports().filter(([from, to]) => {
      const module = moduleFolderOf(from);
      return module !== undefined && to === `${module}/index.ts` && dirname(from) !== "src";
    });
    expect(own.map(([from, to]) => `${from} -> ${to}`)).toEqual([]);
  });

  it("vendors import nothing of the modules", () => {
    const upward = imports().filter(
      ([from, to]) => from.startsWith("src/vendors/") && to.startsWith("src/modules/"),
    );
    expect(upward.map(([from, to]) => `${from} -> ${to}`)).toEqual([]);
  });
});
