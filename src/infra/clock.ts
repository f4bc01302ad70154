/** Injectable time source, so tests control "now" (docs/development.md). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** ISO 8601 in UTC with milliseconds, the one timestamp format of the API. */
export function isoNow(clock: Clock): string {
  return clock.now().toISOString();
}
