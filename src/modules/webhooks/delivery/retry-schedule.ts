/**
 * When a failed webhook delivery is tried again. The default (docs/webhooks.md#retries):
 * waits of 10 s, 30 s, 2 min, 5 min, 15 min, 30 min, 1 h, 2 h, 4 h, 6 h and 8 h, then 8 h
 * again, until a failed attempt comes 25 hours or more after the first attempt: then the
 * delivery has failed for good. Every wait is spread by ±10 % so that deliveries which failed
 * together do not all come back together. That makes 13 attempts over about 27 to 33 hours.
 */
export interface WebhookRetrySchedule {
  /** The wait after the 1st, 2nd, … failed attempt; the last one repeats. Not empty. */
  delaysMs: readonly number[];
  /** A failed attempt this long (or longer) after the first attempt is the last one. */
  giveUpAfterMs: number;
  /** ± this fraction of random spread on every wait. */
  jitter: number;
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const DEFAULT_WEBHOOK_RETRY_SCHEDULE: WebhookRetrySchedule = {
  delaysMs: [
    10 * SECOND,
    30 * SECOND,
    2 * MINUTE,
    5 * MINUTE,
    15 * MINUTE,
    30 * MINUTE,
    HOUR,
    2 * HOUR,
    4 * HOUR,
    6 * HOUR,
    8 * HOUR,
  ],
  giveUpAfterMs: 25 * HOUR,
  jitter: 0.1,
};

export type RetryDecision = { retryAt: Date } | { exhausted: true };

/**
 * After the `failures`-th failed attempt of a run that started at `firstAttemptAt` (failures
 * counted from 1): when to try again, or that the schedule is exhausted.
 */
export function nextWebhookRetry(
  schedule: WebhookRetrySchedule,
  failures: number,
  firstAttemptAt: Date,
  now: Date,
  random: () => number = Math.random,
): RetryDecision {
  if (now.getTime() - firstAttemptAt.getTime() >= schedule.giveUpAfterMs) return { exhausted: true };
  const delays = schedule.delaysMs;
  const base = delays[Math.min(Math.max(failures, 1), delays.length) - 1] ?? 0;
  const spread = 1 - schedule.jitter + 2 * schedule.jitter * random();
  return { retryAt: new Date(now.getTime() + Math.max(0, Math.round(base * spread))) };
}
