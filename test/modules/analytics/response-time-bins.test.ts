import { describe, expect, it } from "vitest";
import { binOf, binValue, percentilesOf } from "../../../src/modules/analytics/response-time-bins.js";
import { seededRandom } from "../../helpers/seeded-random.js";

describe("first response time histogram", () => {
  it("four bins per doubling, from 1 ms", () => {
    expect(binOf(0)).toBe(0);
    expect(binOf(-5)).toBe(0);
    expect(binOf(1)).toBe(0);
    expect(binOf(1024)).toBe(40);
    expect(binOf(1023)).toBe(39);
    expect(binOf(Number.MAX_SAFE_INTEGER)).toBe(159);
    expect(binValue(40)).toBe(Math.round(2 ** 10.125));
  });

  it("a bin's value is within 2^(1/8) of every time in it", () => {
    for (const ms of [1, 7, 450, 1_000, 4_000, 60_000, 3_600_000, 86_400_000]) {
      const value = binValue(binOf(ms));
      expect(Math.max(value / ms, ms / value)).toBeLessThanOrEqual(2 ** (1 / 8) + 1e-9);
    }
  });

  it("percentiles of summed bins are within 9 % of the exact nearest-rank ones", () => {
    const random = seededRandom(7);
    for (let round = 0; round < 20; round++) {
      const samples = Array.from({ length: 1 + Math.floor(random() * 500) }, () =>
        Math.round(200 * 2 ** (random() * 16)),
      );
      const bins = new Map<number, number>();
      for (const ms of samples) bins.set(binOf(ms), (bins.get(binOf(ms)) ?? 0) + 1);
      const sorted = [...samples].sort((a, b) => a - b);
      const exact = (p: number) => sorted[Math.max(1, Math.ceil(p * sorted.length)) - 1]!;
      const estimate = percentilesOf(bins);
      expect(estimate.count).toBe(samples.length);
      for (const [p, value] of [
        [0.5, estimate.p50_ms],
        [0.9, estimate.p90_ms],
      ] as const) {
        expect(Math.abs(value! - exact(p)) / exact(p)).toBeLessThan(0.0906);
      }
    }
  });

  it("no samples: no percentiles", () => {
    expect(percentilesOf(new Map())).toEqual({ count: 0, p50_ms: null, p90_ms: null });
    expect(percentilesOf(new Map([[3, 0]]))).toEqual({ count: 0, p50_ms: null, p90_ms: null });
  });
});
