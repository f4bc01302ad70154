import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import { importSpecifiers, read, sourceFiles } from "./source-files.js";

/** Whether a file may speak HTTP: the app, infra's cross-cutting pieces, a module's route files. */
function isHttpFile(file: string): boolean {
  if (file === "src/app.ts" || file.startsWith("src/infra/")) return true;
  const name = basename(file);
  return file.startsWith("src/modules/") && /(^|-)routes\.ts$|-http\.ts$/.test(name);
}

/** docs/development.md, "Modules": services, the engine, events and the wiring know no web framework. */
describe("the HTTP boundary", () => {
  it("only HTTP files import Fastify", () => {
    const outside = sourceFiles().filter(
      (file) =>
        !isHttpFile(file) &&
        importSpecifiers(read(file)).some((specifier) => /^(fastify|@fastify\/)/.test(specifier)),
    );
    expect(outside).toEqual([]);
  });
});
