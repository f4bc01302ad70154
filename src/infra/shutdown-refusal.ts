import { ApiError } from "./errors.js";
import type { App } from "./http-types.js";

/** How often, while closing, connections that went idle since are closed. */
const IDLE_REAP_INTERVAL_MS = 100;

/**
 * Once shutdown begins, requests that still arrive on open connections get 503
 * `shutting_down` with `Connection: close`, so clients retry elsewhere; requests already
 * in flight finish normally.
 *
 * Closing the server closes the keep-alive connections idle at that moment. One busy then (a
 * download finishing, a request in flight) would stay open once its response ended, until
 * the keep-alive timeout (72 s), and app.close() with it: while closing, connections that
 * have gone idle since are closed too, every IDLE_REAP_INTERVAL_MS.
 */
export function installShutdownRefusal(app: App): void {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
    if (!app.server.listening) return;
    const reaper = setInterval(() => app.server.closeIdleConnections(), IDLE_REAP_INTERVAL_MS);
    reaper.unref();
    app.server.once("close", () => clearInterval(reaper));
  });
  app.addHook("onRequest", async (_request, reply) => {
    if (!closing) return;
    reply.header("connection", "close");
    throw new ApiError(503, "shutting_down", "The server is shutting down; retry the request.", {
      headers: { "retry-after": "1" },
    });
  });
}
