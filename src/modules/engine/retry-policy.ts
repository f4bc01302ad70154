import { APICallError } from "ai";

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  /** A provider asking to wait longer than this fails the turn at once instead. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 3, baseDelayMs: 500, maxDelayMs: 30_000 };

function header(error: APICallError, name: string): string | undefined {
  const headers = error.responseHeaders ?? {};
  return headers[name] ?? headers[name.toLowerCase()];
}

/** The provider's own wait request (Retry-After seconds or HTTP date, retry-after-ms), in ms. */
export function retryAfterMs(error: unknown, now: number): number | undefined {
  if (!APICallError.isInstance(error)) return undefined;
  const ms = header(error, "retry-after-ms");
  if (ms !== undefined && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const value = header(error, "retry-after");
  if (value === undefined) return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Whether another attempt may help: rate limits, server errors, timeouts and dropped connections. */
export function isRetryable(error: unknown): boolean {
  if (APICallError.isInstance(error)) return error.isRetryable;
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) return true;
  return error instanceof TypeError; // fetch's network failures
}

/**
 * How long to wait before attempt `attempt + 1` (attempt counts from 1), or null to give up.
 * Exponential with jitter, but never shorter than what the provider asked for.
 */
export function nextDelayMs(
  policy: RetryPolicy,
  attempt: number,
  error: unknown,
  now: number,
): number | null {
  if (attempt >= policy.maxAttempts || !isRetryable(error)) return null;
  const exponential = policy.baseDelayMs * 2 ** (attempt - 1) * (0.8 + Math.random() * 0.4);
  const asked = retryAfterMs(error, now);
  const delay = Math.max(exponential, asked ?? 0);
  return delay > policy.maxDelayMs ? null : delay;
}
