/**
 * First response times as a fixed histogram (docs/quality.md, "Analytics"): bin `k` holds the
 * times from 2^(k/4) ms up to 2^((k+1)/4) ms, four bins per doubling, from 1 ms (bin 0, and
 * everything shorter) to about 35 years (bin 159, and everything longer). Bins of any hours add
 * up; a percentile is read from the summed bins as the geometric middle of the bin that holds
 * it, within 2^(1/8), about 9 %, of the exact nearest-rank value.
 */
export const BINS_PER_DOUBLING = 4;
const LAST_BIN = 159;

/** The bin of a duration in milliseconds. */
export function binOf(ms: number): number {
  if (!(ms >= 1)) return 0;
  return Math.min(LAST_BIN, Math.floor(Math.log2(ms) * BINS_PER_DOUBLING));
}

/** The milliseconds a bin stands for: its geometric middle, rounded. */
export function binValue(bin: number): number {
  return Math.round(2 ** ((bin + 0.5) / BINS_PER_DOUBLING));
}

export interface Percentiles {
  count: number;
  p50_ms: number | null;
  p90_ms: number | null;
}

/** p50 and p90 (nearest rank) of summed bins: bin → count. */
export function percentilesOf(bins: ReadonlyMap<number, number>): Percentiles {
  const ordered = [...bins.entries()].filter(([, n]) => n > 0).sort(([a], [b]) => a - b);
  const count = ordered.reduce((sum, [, n]) => sum + n, 0);
  const at = (p: number): number | null => {
    if (count === 0) return null;
    const rank = Math.max(1, Math.ceil(p * count));
    let seen = 0;
    for (const [bin, n] of ordered) {
      seen += n;
      if (seen >= rank) return binValue(bin);
    }
    return null;
  };
  return { count, p50_ms: at(0.5), p90_ms: at(0.9) };
}
