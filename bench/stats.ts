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
  /** CPU ms the measured server process(es) used during the measurement, when read. */
  cpuMs?: number;
  /** The bench process's CPU use as a share (0–1) of the cores it may run on. */
  benchCpuShare?: number;
}

export function summarize(result: RunResult) {
  return {
    turnsPerSecond: result.turns / result.seconds,
    ttftP50: percentile(result.ttft, 50),
    ttftP99: percentile(result.ttft, 99),
    totalP50: percentile(result.total, 50),
    totalP99: percentile(result.total, 99),
    cpuMsPerTurn: result.cpuMs === undefined || result.turns === 0 ? Number.NaN : result.cpuMs / result.turns,
  };
}

/** A measurement's numbers without the raw samples, for BENCH_JSON. */
export function summaryJson(result: RunResult) {
  const { ttft: _ttft, total: _total, ...rest } = result;
  return { ...rest, ...summarize(result) };
}
