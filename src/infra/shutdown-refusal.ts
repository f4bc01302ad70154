import { ApiError } from "./errors.js";
import type { App } from "./http-types.js";

/**
 * Once shutdown begins, requests that still arrive on open connections get 503
 * `shutting_down` with `Connection: close`, so clients retry elsewhere; requests already
 * in flight finish normally.
 */
export function installShutdownRefusal(app: App): void {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onRequest", async (_request, reply) => {
    if (!closing) return;
    reply.header("connection", "close");
    throw new ApiError(503, "shutting_down", "The server is shutting down; retry the request.", {
      headers: { "retry-after": "1" },
    });
  });
}
