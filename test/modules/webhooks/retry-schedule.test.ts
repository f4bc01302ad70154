import { describe, expect, it } from "vitest";
import {
  DEFAULT_WEBHOOK_RETRY_SCHEDULE,
  nextWebhookRetry,
} from "../../../src/modules/webhooks/delivery/retry-schedule.js";

const HOUR = 3_600_000;
const T0 = new Date("2026-11-21T10:00:00.000Z");

/** Simulates a delivery that always fails, each attempt taking no time; returns the attempt times. */
function attemptTimes(random: () => number): number[] {
  const times = [0];
  for (let failures = 1; ; failures++) {
    const now = new Date(T0.getTime() + times.at(-1)!);
    const decision = nextWebhookRetry(DEFAULT_WEBHOOK_RETRY_SCHEDULE, failures, T0, now, random);
    if (!("retryAt" in decision)) return times;
    times.push(decision.retryAt.getTime() - T0.getTime());
  }
}

describe("default webhook retry schedule", () => {
  it("waits 10 s, 30 s, 2 min, 5 min, 15 min, 30 min, 1 h, 2 h, 4 h, 6 h, 8 h, then 8 h", () => {
    const times = attemptTimes(() => 0.5);
    const waits = times.slice(1).map((t, i) => (t - times[i]!) / 1000);
    expect(waits).toEqual([10, 30, 120, 300, 900, 1800, 3600, 7200, 14400, 21600, 28800, 28800]);
  });

  it("keeps trying for at least 24 hours, whatever the jitter, and gives up after 25 h from the first attempt", () => {
    for (const random of [() => 0, () => 0.5, () => 0.999999]) {
      const times = attemptTimes(random);
      expect(times).toHaveLength(13);
      expect(times.at(-1)!).toBeGreaterThanOrEqual(25 * HOUR);
      expect(times.at(-2)!).toBeLessThan(25 * HOUR);
      expect(times[1]!).toBeLessThanOrEqual(30_000); // the first retry within 30 s
    }
  });

  it("spreads every wait by ±10 %", () => {
    const at = new Date(T0.getTime() + 1000);
    const low = nextWebhookRetry(DEFAULT_WEBHOOK_RETRY_SCHEDULE, 4, T0, at, () => 0);
    const high = nextWebhookRetry(DEFAULT_WEBHOOK_RETRY_SCHEDULE, 4, T0, at, () => 1);
    expect("retryAt" in low && low.retryAt.getTime() - at.getTime()).toBe(270_000);
    expect("retryAt" in high && high.retryAt.getTime() - at.getTime()).toBe(330_000);
  });
});
