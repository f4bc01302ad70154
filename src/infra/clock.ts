/** Injectable time source, so tests control "now" (ARCHITECTURE habit 3). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** ISO 8601 in UTC with milliseconds, the one timestamp format of the API. */
export function isoNow(clock: Clock): string {
  return clock.now().toISOString();
}
