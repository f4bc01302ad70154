import type { FastifyServerOptions } from "fastify";
import { type Bindings, type LogFn, stdSerializers } from "pino";
import { prettyLogStream } from "./logging-pretty.js";
import { StaticQuietLogController } from "./request-logging.js";

/**
 * Request headers that carry a credential or a proof (docs/operations.md, "Logs"): API keys and
 * sessions, and what vendors sign or authenticate their webhooks with
 * (Telegram's secret token, Meta's and amoCRM's signatures).
 */
const SECRET_HEADERS = [
  "authorization",
  "proxy-authorization",
  "cookie",
  "set-cookie",
  "idempotency-key",
  "x-api-key",
  "x-csrf-token",
  "x-telegram-bot-api-secret-token",
  "x-hub-signature",
  "x-hub-signature-256",
  "x-signature",
  "x-service-signature",
];

/**
 * Paths removed from every log line. Request headers are not logged by default; these cover
 * any object that is logged on purpose and happens to carry a secret.
 */
/**
 * The log every part of Parley writes to: pino's, as Fastify's app and request logs are. Code
 * outside HTTP takes this type, never Fastify's.
 */
export interface Logger {
  level: string;
  fatal: LogFn;
  error: LogFn;
  warn: LogFn;
  info: LogFn;
  debug: LogFn;
  trace: LogFn;
  child(bindings: Bindings): Logger;
}

export const REDACTED_PATHS = [
  ...SECRET_HEADERS.flatMap((name) => [
    `req.headers["${name}"]`,
    `headers["${name}"]`,
    `*.headers["${name}"]`,
  ]),
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
  ...[
    "refresh_token",
    "verify_token",
    "app_secret",
    "client_secret",
    "application_token",
    "password",
  ].flatMap((name) => [name, `*.${name}`]),
];

/**
 * Query parameters kept out of the log, on every route: a user's words (`search`), what an
 * OAuth callback carries (`code`, `state`: docs/oauth.md), and credentials in a URL, such as
 * the token of Avito's hook URL and the `hub.verify_token` of Meta's verification request.
 * Besides these names, any name containing one of SECRET_NAME_PARTS.
 */
const REDACTED_QUERY_PARAMETERS = new Set([
  "search",
  "code",
  "state",
  "key",
  "sig",
  "auth",
  "hash",
  "session",
  "ticket",
  "credential",
  "credentials",
]);
const SECRET_NAME_PARTS = /token|secret|signature|passw|api[-_.]?key|access[-_.]?key|private[-_.]?key/i;

/** Whether the values of a query parameter of this (decoded) name stay out of the log. */
export function isSecretParameter(name: string): boolean {
  return REDACTED_QUERY_PARAMETERS.has(name.toLowerCase()) || SECRET_NAME_PARTS.test(name);
}

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, " "));
  } catch {
    // a malformed name is judged as sent
    return name;
  }
}

/** The URL as logged: the values of secret parameters (isSecretParameter) replaced, the rest kept. */
export function redactUrl(url: string): string {
  const query = url.indexOf("?");
  if (query === -1) return url;
  const params = url
    .slice(query + 1)
    .split("&")
    .map((pair) => {
      const name = pair.split("=", 1)[0] ?? "";
      return isSecretParameter(decodedName(name)) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, query)}?${params.join("&")}`;
}

/** A query parameter inside free text: after `?` or `&`, up to the next `&`, `#`, space or quote. */
const QUERY_PARAMETER_IN_TEXT = /([?&])([^=&#\s"'<>]+)=([^&#\s"'<>]*)/g;

/**
 * Free text (a log message, an error's message or stack) with the values of secret query
 * parameters replaced wherever a URL in it has them: what Fastify or a library writes about a
 * request names its URL as it came.
 */
export function redactText(text: string): string {
  if (!text.includes("=")) return text;
  return text.replace(QUERY_PARAMETER_IN_TEXT, (whole, separator: string, name: string) =>
    isSecretParameter(decodedName(name)) ? `${separator}${name}=[redacted]` : whole,
  );
}

/** pino's error serializer, with URLs in the message and stack redacted. */
function serializeError(error: Error): ReturnType<typeof stdSerializers.err> {
  const serialized = stdSerializers.err(error);
  if (typeof serialized?.message === "string") serialized.message = redactText(serialized.message);
  if (typeof serialized?.stack === "string") serialized.stack = redactText(serialized.stack);
  return serialized;
}

interface LoggedRequest {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export type LogFormat = "json" | "pretty";

/**
 * Where the log goes: JSON lines to `out` (stdout when not given: pino's own fast writer), or,
 * in the `pretty` format, one readable line each (infra/logging-pretty.ts). Without a format
 * (PARLEY_LOG_FORMAT unset), pretty exactly when `out` is a terminal: a person reads it there,
 * a collector everywhere else (docs/operations.md, "Logs").
 */
export function logDestination(
  format: LogFormat | undefined,
  options: { out?: NodeJS.WritableStream | undefined; color: boolean },
): NodeJS.WritableStream | undefined {
  const out = options.out ?? process.stdout;
  const terminal = (out as { isTTY?: boolean }).isTTY === true;
  if ((format ?? (terminal ? "pretty" : "json")) === "json") return options.out;
  return prettyLogStream(out, { color: options.color && terminal });
}

/** Fastify's logging: pino with Parley's redaction, and static files kept out of `info`. */
export function fastifyLogging(
  level: string,
  stream?: NodeJS.WritableStream,
): Pick<FastifyServerOptions, "logger" | "logController"> {
  return { logger: loggerOptions(level, stream), logController: new StaticQuietLogController() };
}

export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
): Exclude<FastifyServerOptions["logger"], boolean | undefined> {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    hooks: {
      // Messages that name a URL (Fastify's own, "Route GET:/… not found" and the like).
      logMethod(args, method) {
        for (let i = 0; i < args.length; i++) {
          const arg = args[i];
          if (typeof arg === "string") args[i] = redactText(arg);
        }
        return method.apply(this, args as Parameters<typeof method>);
      },
    },
    serializers: {
      err: serializeError,
      // Fastify's default request serializer, with secrets and search terms taken out of the URL.
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
