import { describe, expect, it } from "vitest";
import { RETRY_CAP_MS, retryDelayMs } from "../../src/job-queue/retry-delay.js";

describe("retryDelayMs", () => {
  const low = () => 0;
  const middle = () => 0.5;
  const high = () => 1;

  it("doubles from one second with each failed attempt", () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, middle))).toEqual([1000, 2000, 4000, 8000, 16000]);
  });

  it("spreads each delay by ±20%", () => {
    expect(retryDelayMs(1, low)).toBe(800);
    expect(retryDelayMs(1, high)).toBe(1200);
    expect(retryDelayMs(3, low)).toBe(3200);
    expect(retryDelayMs(3, high)).toBe(4800);
    for (let i = 0; i < 200; i += 1) {
      const delay = retryDelayMs(4);
      expect(delay).toBeGreaterThanOrEqual(6400);
      expect(delay).toBeLessThanOrEqual(9600);
    }
  });

  it("caps at one hour before the jitter, however many attempts", () => {
    expect(retryDelayMs(13, middle)).toBe(RETRY_CAP_MS);
    expect(retryDelayMs(1_000, middle)).toBe(RETRY_CAP_MS);
    expect(retryDelayMs(1_000, low)).toBe(RETRY_CAP_MS * 0.8);
    expect(retryDelayMs(1_000, high)).toBe(RETRY_CAP_MS * 1.2);
  });

  it("treats attempts below one as the first", () => {
    expect(retryDelayMs(0, middle)).toBe(1000);
  });
});
