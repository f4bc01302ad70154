/** The first retry waits about this long; each further retry twice as long as the one before. */
export const RETRY_BASE_MS = 1_000;
/** No retry waits longer than this (before jitter). */
export const RETRY_CAP_MS = 3_600_000;
/** ± this fraction of random spread, so jobs that failed together do not all retry together. */
export const RETRY_JITTER = 0.2;

/**
 * How long to wait before the next run of a job that has failed `attempts` times:
 * base × 2^(attempts−1), capped, then spread by ±20%. The cap comes first so jobs at the cap
 * still spread out.
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 32);
  const delay = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** exponent);
  return Math.round(delay * (1 - RETRY_JITTER + 2 * RETRY_JITTER * random()));
}
