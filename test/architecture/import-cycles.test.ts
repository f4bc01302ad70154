import { dirname } from "node:path";
import { describe, expect, it } from "vitest";
import { importSpecifiers, moduleOf, read, resolveImport, sourceFiles } from "./source-files.js";

/** Strongly connected components of more than one module (Tarjan). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const indices = new Map<string, number>();
  const lowlinks = new Map<string, number>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    lowlinks.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        lowlinks.set(node, Math.min(lowlinks.get(node)!, lowlinks.get(next)!));
      } else if (onStack.has(next)) {
        lowlinks.set(node, Math.min(lowlinks.get(node)!, indices.get(next)!));
      }
    }
    if (lowlinks.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}

/**
 * Dependencies between modules point one way (see docs/development.md): no two modules import
 * each other, directly or through others. Type-only imports count: they tie the modules too.
 */
describe("the import graph", () => {
  it("has no cycle between modules", () => {
    expect(cyclesBy(moduleOf)).toEqual([]);
  });

  // Inside a module too, no folder imports one beside it that imports it back (a vendor's folder
  // and the OAuth code that uses it; two vendors). A folder and its own subfolders are one piece:
  // a vendor's index.ts lists its tools/, whose files use the vendor's client (docs/development.md).
  it("has no cycle between folders beside each other", () => {
    expect(cyclesBy(folderOf, (from, to) => !nested(from, to))).toEqual([]);
  });
});

/** A file's folder; a file directly in src/ is its own (config.ts, the entry points). */
const folderOf = (file: string) => (dirname(file) === "src" ? file : dirname(file));

/** Whether one folder holds the other. */
const nested = (a: string, b: string) => a.startsWith(`${b}/`) || b.startsWith(`${a}/`);

/** The import graph's cycles with files grouped by `groupOf`, each with the imports that tie it. */
function cyclesBy(
  groupOf: (file: string) => string,
  counts: (from: string, to: string) => boolean = () => true,
): string[] {
  const moduleOf = groupOf;
  {
    const graph = new Map<string, Set<string>>();
    const edges: string[] = [];
    for (const file of sourceFiles()) {
      const from = moduleOf(file);
      if (!graph.has(from)) graph.set(from, new Set());
      for (const specifier of importSpecifiers(read(file))) {
        const target = resolveImport(file, specifier);
        if (!target) continue;
        const to = moduleOf(target);
        if (to === from || !counts(from, to)) continue;
        graph.get(from)!.add(to);
        edges.push(`${file} -> ${target}`);
      }
    }
    const found = cycles(graph);
    const explain = found.map((component) => {
      const members = new Set(component);
      const ties = edges.filter((edge) => {
        const [a, b] = edge.split(" -> ");
        return members.has(moduleOf(a!)) && members.has(moduleOf(b!));
      });
      return `${component.join(" <-> ")}:\n  ${ties.join("\n  ")}`;
    });
    return explain;
  }
}
