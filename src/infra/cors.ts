import type { FastifyReply } from "fastify";
import type { App } from "./http-types.js";

export interface CorsOptions {
  /** Exact origins (`https://app.example`) whose pages may call the API; empty turns CORS off. */
  origins: readonly string[];
  /** Path prefixes covered: "/v1" covers /v1 and /v1/…, not /v1x. */
  prefixes: readonly string[];
}

/** The methods the API's routes use (HEAD comes with GET and needs no preflight). */
const ALLOW_METHODS = "GET, POST, PUT, DELETE";
/** Request headers a client may send: the API key, JSON, idempotency, SSE resumption, the console's CSRF token. */
const ALLOW_HEADERS = "authorization, content-type, idempotency-key, last-event-id, x-csrf-token";
/** Response headers a page may read besides the CORS-safelisted ones (docs/api.md). */
const EXPOSE_HEADERS =
  "x-request-id, idempotent-replayed, ratelimit-limit, ratelimit-remaining, ratelimit-reset, retry-after";
/** Seconds a browser may reuse a preflight answer (Chromium caps it at 7200). */
const MAX_AGE = "7200";

/**
 * CORS for the key-authenticated API (docs/api.md, "Calling from a browser"), off unless
 * PARLEY_CORS_ORIGINS lists origins. Listed origins get their own origin back, never `*`, and
 * no Access-Control-Allow-Credentials: a page sends its API key in Authorization, so cookies
 * (the console's session) never travel cross-origin. Unlisted origins get no CORS header, so
 * the browser withholds the response. Preflights are answered here, before routing, the API
 * guard and rate limits (they carry no credential). The headers are set on arrival so that
 * every answer carries them: errors, 429s, 503s of shutdown, and server-sent event streams,
 * which copy the reply's headers when they hijack it (infra/sse.ts). The widget's public API
 * (/widget/v1) has a per-chat policy of its own and is not covered.
 */
export function installCors(app: App, options: CorsOptions): void {
  if (options.origins.length === 0) return;
  const allowed = new Set(options.origins);
  const covers = (url: string) => {
    const path = url.split("?", 1)[0] ?? "";
    return options.prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  };

  app.addHook("onRequest", async (request, reply) => {
    if (!covers(request.url)) return;
    // The answer depends on Origin, for shared caches too: even a request without one.
    addVary(reply, "origin");
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) return;
    reply.header("access-control-allow-origin", origin);
    if (request.method === "OPTIONS" && request.headers["access-control-request-method"]) {
      return reply
        .code(204)
        .header("access-control-allow-methods", ALLOW_METHODS)
        .header("access-control-allow-headers", ALLOW_HEADERS)
        .header("access-control-max-age", MAX_AGE)
        .send();
    }
    reply.header("access-control-expose-headers", EXPOSE_HEADERS);
  });
}

function addVary(reply: FastifyReply, name: string): void {
  const current = reply.getHeader("vary");
  const values = current === undefined ? [] : String(current).split(/\s*,\s*/);
  if (!values.some((value) => value.toLowerCase() === name))
    reply.header("vary", [...values, name].join(", "));
}
