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
    const graph = new Map<string, Set<string>>();
    const edges: string[] = [];
    for (const file of sourceFiles()) {
      const from = moduleOf(file);
      if (!graph.has(from)) graph.set(from, new Set());
      for (const specifier of importSpecifiers(read(file))) {
        const target = resolveImport(file, specifier);
        if (!target) continue;
        const to = moduleOf(target);
        if (to === from) continue;
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
    expect(explain).toEqual([]);
  });
});
