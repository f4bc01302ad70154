import type { FastifyServerOptions } from "fastify";

/**
 * Paths removed from every log line. Request headers are not logged by default; these cover
 * any object that is logged on purpose and happens to carry a secret.
 */
export const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["idempotency-key"]',
  "headers.authorization",
  "authorization",
  "*.authorization",
  "auth_data",
  "*.auth_data",
  "secret",
  "*.secret",
  "key",
  "*.key",
  "api_key",
  "*.api_key",
  "token",
  "*.token",
  "access_token",
  "*.access_token",
];

/**
 * Query parameters kept out of the log: a user's words (`search`), and what an OAuth callback
 * carries (`code`, `state`: docs/oauth.md).
 */
const REDACTED_QUERY_PARAMETERS = ["search", "code", "state"];

/** The URL as logged: the values of REDACTED_QUERY_PARAMETERS replaced, the rest kept. */
export function redactUrl(url: string): string {
  const query = url.indexOf("?");
  if (query === -1) return url;
  const params = url
    .slice(query + 1)
    .split("&")
    .map((pair) => {
      const name = pair.split("=", 1)[0] ?? "";
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, " "));
      } catch {
        // a malformed name is logged as sent
      }
      return REDACTED_QUERY_PARAMETERS.includes(decoded) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, query)}?${params.join("&")}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
): Exclude<FastifyServerOptions["logger"], boolean | undefined> {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    serializers: {
      // Fastify's default request serializer, with search terms taken out of the URL.
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.hostname,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}
