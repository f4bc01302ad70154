import type { FastifyRequest } from "fastify";
import { validationFailed } from "./errors.js";
import type { App } from "./http-types.js";

/** JSON bodies nest at most this deep (the free-form maps allow less: see freeFormObjectSchema). */
export const MAX_BODY_DEPTH = 32;

const NUL = "\u0000";

/**
 * Checks every request before its schema does, without recursion (a hostile body cannot
 * exhaust the stack): the NUL character is refused in every string and key of the body, the
 * query and the path parameters (PostgreSQL cannot store it, and no text field needs it), and
 * a body may not nest deeper than MAX_BODY_DEPTH. Both are 422 validation_failed.
 */
export function installInputGuard(app: App): void {
  app.addHook("preValidation", async (request: FastifyRequest) => {
    const problem =
      findProblem(request.params, "params", 2) ??
      findProblem(request.query, "query", 2) ??
      findProblem(request.body, "", MAX_BODY_DEPTH);
    if (problem) throw validationFailed([problem]);
  });
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/** The first NUL or over-deep value, breadth first; undefined when the input is clean. */
function findProblem(
  root: unknown,
  rootPath: string,
  maxDepth: number,
): { path: string; message: string } | undefined {
  const queue: Array<{ value: unknown; path: string; depth: number }> = [
    { value: root, path: rootPath, depth: 0 },
  ];
  for (let index = 0; index < queue.length; index++) {
    const { value, path, depth } = queue[index]!;
    if (typeof value === "string") {
      if (value.includes(NUL)) return { path, message: "must not contain the NUL character (\\u0000)" };
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    if (depth >= maxDepth) return { path, message: `nests deeper than ${maxDepth} levels` };
    const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
    for (const [key, child] of entries) {
      const name = String(key);
      if (name.includes(NUL))
        return {
          path: join(path, JSON.stringify(name)),
          message: "a key must not contain the NUL character",
        };
      queue.push({ value: child, path: join(path, name), depth: depth + 1 });
    }
  }
  return undefined;
}
