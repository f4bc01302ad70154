/** Percentile of a sample (nearest rank), in the sample's unit. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export interface RunResult {
  label: string;
  users: number;
  turns: number;
  errors: number;
  seconds: number;
  ttft: number[];
  total: number[];
  peakRssMb: number;
}

export function summarize(result: RunResult) {
  return {
    turnsPerSecond: result.turns / result.seconds,
    ttftP50: percentile(result.ttft, 50),
    ttftP99: percentile(result.ttft, 99),
    totalP50: percentile(result.total, 50),
    totalP99: percentile(result.total, 99),
  };
}
