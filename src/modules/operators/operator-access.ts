import type { AuthContext } from "../../infra/auth-context.js";
import { forbidden } from "../../infra/errors.js";

/**
 * What a session with the role `operator` may do (docs/console.md): work with threads, and
 * read what the inbox needs to show them. Admin sessions and API keys may do everything their
 * project allows. Checked once, in the API guard, by route pattern.
 */
const ANY_METHOD = [
  /^\/v1\/threads(\/|$)/,
  /^\/v1\/chats\/:chat_id\/threads(\/|$)/,
  /^\/v1\/session(\/|$)/,
  // Jobs of threads only (the jobs service narrows them): scheduled replies and messages to cancel.
  /^\/v1\/jobs(\/|$)/,
];
const READ_ONLY = new Set([
  "/v1/bots",
  "/v1/bots/:bot_id",
  "/v1/chats",
  "/v1/chats/:chat_id",
  "/v1/models",
  "/v1/tools",
  "/v1/operators",
]);

export function operatorMay(method: string, routePattern: string): boolean {
  if (ANY_METHOD.some((pattern) => pattern.test(routePattern))) return true;
  return (method === "GET" || method === "HEAD") && READ_ONLY.has(routePattern);
}

export function assertOperatorMay(auth: AuthContext, method: string, routePattern: string): void {
  if (auth.operator?.role !== "operator") return;
  if (!operatorMay(method, routePattern)) {
    throw forbidden("Operators work with threads; this needs an admin of the project.");
  }
}

/** For routes that change the project's people: an admin session, or an API key of the project. */
export function assertAdmin(auth: AuthContext): void {
  if (auth.operator && auth.operator.role !== "admin") {
    throw forbidden("Only an admin of the project can do this.");
  }
}
