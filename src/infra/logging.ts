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

export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
): Exclude<FastifyServerOptions["logger"], boolean | undefined> {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    ...(stream ? { stream } : {}),
  };
}
