import type { FastifyRequest } from "fastify";
import { type ErrorDetail, validationFailed } from "./errors.js";
import type { App } from "./http-types.js";

/** JSON bodies nest at most this deep (the free-form maps allow less: see freeFormObjectSchema). */
export const MAX_BODY_DEPTH = 32;
/** The query and the path parameters are flat: a value, or a list of values for a repeated key. */
const MAX_QUERY_DEPTH = 2;

const NUL = "\u0000";
const NUL_IN_VALUE = "must not contain the NUL character (\\u0000)";
const NUL_IN_KEY = "a key must not contain the NUL character (\\u0000)";

/**
 * Checks every request before its schema does, without recursion (a hostile body cannot
 * exhaust the stack): the NUL character is refused in every string and key of the body, the
 * query and the path parameters (PostgreSQL cannot store it, and no text field needs it), and
 * a body may not nest deeper than MAX_BODY_DEPTH. Both are 422 validation_failed, naming the
 * place (`query.search`, `params.bot_id`, `messages.0.content`: body paths carry no prefix,
 * as in the schemas' own 422s).
 */
export function installInputGuard(app: App): void {
  app.addHook("preValidation", async (request: FastifyRequest) => {
    const problem =
      findProblem(request.params, "params", MAX_QUERY_DEPTH) ??
      findProblem(request.query, "query", MAX_QUERY_DEPTH) ??
      findProblem(request.body, "", MAX_BODY_DEPTH);
    if (problem) throw validationFailed([problem]);
  });
}

/** An object or array being walked: its keys (null for an array) and the next index to visit. */
interface Frame {
  container: Record<string, unknown> | unknown[];
  keys: string[] | null;
  next: number;
}

function frameOf(container: object): Frame {
  return Array.isArray(container)
    ? { container, keys: null, next: 0 }
    : { container: container as Record<string, unknown>, keys: Object.keys(container), next: 0 };
}

function size(frame: Frame): number {
  return frame.keys ? frame.keys.length : (frame.container as unknown[]).length;
}

/** The key of the child a frame is at (the one visited last). */
function currentKey(frame: Frame): string {
  return frame.keys ? frame.keys[frame.next - 1]! : String(frame.next - 1);
}

/** Where the walk is: the root path, then the current key of every open frame. */
function pathOf(rootPath: string, stack: Frame[], last?: string): string {
  const keys = stack.map((frame, index) =>
    index === stack.length - 1 && last !== undefined ? last : currentKey(frame),
  );
  return [rootPath, ...keys].filter((part) => part !== "").join(".");
}

/**
 * The first NUL or over-deep value in document order; undefined when the input is clean.
 * Depth first with an explicit stack that never holds more than maxDepth frames; paths are
 * built only for the problem reported, so a large clean body costs one pass and no garbage.
 */
function findProblem(root: unknown, rootPath: string, maxDepth: number): ErrorDetail | undefined {
  if (typeof root === "string")
    return root.includes(NUL) ? { path: rootPath, message: NUL_IN_VALUE } : undefined;
  if (typeof root !== "object" || root === null) return undefined;
  const stack: Frame[] = [frameOf(root)];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.next >= size(frame)) {
      stack.pop();
      continue;
    }
    const key = frame.keys ? frame.keys[frame.next]! : frame.next;
    frame.next += 1;
    if (typeof key === "string" && key.includes(NUL))
      return { path: pathOf(rootPath, stack, JSON.stringify(key)), message: NUL_IN_KEY };
    const child = frame.keys
      ? (frame.container as Record<string, unknown>)[key]
      : (frame.container as unknown[])[key as number];
    if (typeof child === "string") {
      if (child.includes(NUL)) return { path: pathOf(rootPath, stack), message: NUL_IN_VALUE };
      continue;
    }
    if (typeof child !== "object" || child === null) continue;
    // The root is level 1: a child opened now would be level stack.length + 1.
    if (stack.length >= maxDepth)
      return {
        path: pathOf(rootPath, stack),
        message: `nests deeper than ${maxDepth} levels${rootPath ? "" : ", the limit for a request body"}`,
      };
    stack.push(frameOf(child));
  }
  return undefined;
}
