import { redactText } from "./logging.js";

/** Longest summary: a provider's error body can be a whole HTML page. */
const MAX_LENGTH = 300;
/** How deep `cause` chains are followed (they are short; this only stops a cycle). */
const MAX_DEPTH = 8;

interface ErrorFields {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  cause?: unknown;
  errors?: unknown;
  lastError?: unknown;
  statusCode?: unknown;
  url?: unknown;
  responseBody?: unknown;
}

const fieldsOf = (value: unknown): ErrorFields | undefined =>
  typeof value === "object" && value !== null ? (value as ErrorFields) : undefined;

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

/** `api.openai.com` of a request URL, or nothing (never its path or query: they may hold a key). */
function hostOf(url: unknown): string | undefined {
  if (typeof url !== "string") return undefined;
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

/**
 * An answer the provider gave (the AI SDK's APICallError with a status): the status, the host
 * and the provider's own words, e.g. `HTTP 401 from api.openai.com: Incorrect API key provided`.
 */
function describeHttpAnswer(error: ErrorFields, status: number): string {
  const host = hostOf(error.url);
  const words = text(error.message) || text(error.responseBody);
  return `HTTP ${status}${host ? ` from ${host}` : ""}${words ? `: ${words}` : ""}`;
}

/**
 * A node system error (what undici's "fetch failed" wraps): its message names the call, the code
 * and the address (`connect ECONNREFUSED 127.0.0.1:4609`, `getaddrinfo ENOTFOUND api.example`).
 * An AggregateError of several addresses (IPv6 and IPv4 of `localhost`) has an empty message:
 * its parts speak for it.
 */
function describeLeaf(error: ErrorFields, depth: number): string {
  const message = text(error.message);
  if (Array.isArray(error.errors) && error.errors.length > 0 && !message) {
    const parts = [...new Set(error.errors.map((part) => describe(part, depth + 1)).filter(Boolean))];
    if (parts.length > 0) return parts.join(", ");
  }
  if (message) return message;
  return text(error.code) || text(error.name) || "unknown error";
}

function describe(value: unknown, depth: number): string {
  const error = fieldsOf(value);
  if (!error) return typeof value === "string" ? value : String(value);
  if (depth >= MAX_DEPTH) return describeLeaf(error, depth);
  // The AI SDK's RetryError: its own message repeats the last error's, with "Failed after N attempts".
  if (error.lastError !== undefined) return describe(error.lastError, depth + 1);
  if (typeof error.statusCode === "number") return describeHttpAnswer(error, error.statusCode);
  // A wrapper ("fetch failed", "Cannot connect to API: …") says less than what it wraps.
  if (fieldsOf(error.cause)) return describe(error.cause, depth + 1);
  return describeLeaf(error, depth);
}

/**
 * What went wrong, in one line a person can act on, from an error and the errors it wraps:
 * the AI SDK's RetryError (its last error), APICallError (the HTTP status, the host and the
 * provider's message; without a status, the network error it wraps), undici's `fetch failed`
 * (its `cause`: `connect ECONNREFUSED 127.0.0.1:4609`), a timeout ("The operation was aborted
 * due to timeout"). Secret query parameters are redacted; never a stack, a request body or a
 * header. Used for the log line of a failure and the message its client sees
 * (docs/operations.md, "Logs").
 */
export function describeErrorCause(error: unknown): string {
  const line = redactText(describe(error, 0)).replace(/\s+/g, " ").trim();
  return line.length > MAX_LENGTH ? `${line.slice(0, MAX_LENGTH - 1)}…` : line;
}

/**
 * The error's stack and those of its causes, for a `debug` line: the warn/error line of an
 * expected failure carries only describeErrorCause's summary. Redacted like every logged text.
 */
export function errorStacks(error: unknown): string {
  const stacks: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < MAX_DEPTH && fieldsOf(current); depth++) {
    const fields = fieldsOf(current)!;
    const stack = (current as { stack?: unknown }).stack;
    stacks.push(typeof stack === "string" ? stack : describeLeaf(fields, depth));
    current = fields.lastError ?? fields.cause;
  }
  return redactText(stacks.join("\ncaused by: "));
}
