import type { Goal } from "./goals.js";
import { type RunResult, summarize } from "./stats.js";

/**
 * The turns suite's comparison of two Node.js runtimes in one run (BENCH_BASELINE_NODE): per
 * user count, Parley and the AI SDK's floor on this runtime and on the baseline, each pinned
 * to the same core, measured one after the other.
 */
export interface RuntimePair {
  users: number;
  sdk: RunResult;
  parley: RunResult;
  baselineSdk: RunResult;
  baselineParley: RunResult;
}

export function runtimeRatios(pairs: RuntimePair[]) {
  return pairs.map((pair) => {
    const sdk = summarize(pair.sdk);
    const parley = summarize(pair.parley);
    const baselineSdk = summarize(pair.baselineSdk);
    const baselineParley = summarize(pair.baselineParley);
    return {
      users: pair.users,
      parleyCpuMsPerTurn: parley.cpuMsPerTurn,
      baselineParleyCpuMsPerTurn: baselineParley.cpuMsPerTurn,
      parleyCpuRatio: parley.cpuMsPerTurn / baselineParley.cpuMsPerTurn,
      sdkCpuMsPerTurn: sdk.cpuMsPerTurn,
      baselineSdkCpuMsPerTurn: baselineSdk.cpuMsPerTurn,
      ownCpuMsPerTurn: parley.cpuMsPerTurn - sdk.cpuMsPerTurn,
      baselineOwnCpuMsPerTurn: baselineParley.cpuMsPerTurn - baselineSdk.cpuMsPerTurn,
      throughputRatio: parley.turnsPerSecond / baselineParley.turnsPerSecond,
      totalP50Ms: parley.totalP50,
      baselineTotalP50Ms: baselineParley.totalP50,
    };
  });
}

export function runtimeLines(
  pairs: RuntimePair[],
  versions: { current: string; baseline: string },
  peaks: { current: number; baseline: number },
): string[] {
  const lines = [
    `\nruntimes: ${versions.current} vs ${versions.baseline} (baseline), Parley and the AI SDK's floor`,
  ];
  for (const r of runtimeRatios(pairs)) {
    lines.push(
      `  ${String(r.users).padStart(2)} users: Parley CPU/turn ${r.parleyCpuMsPerTurn.toFixed(2)} vs ` +
        `${r.baselineParleyCpuMsPerTurn.toFixed(2)} ms (${r.parleyCpuRatio.toFixed(2)}×), ` +
        `AI SDK floor ${r.sdkCpuMsPerTurn.toFixed(2)} vs ${r.baselineSdkCpuMsPerTurn.toFixed(2)} ms, ` +
        `Parley's own ${r.ownCpuMsPerTurn.toFixed(2)} vs ${r.baselineOwnCpuMsPerTurn.toFixed(2)} ms, ` +
        `turns/s ${r.throughputRatio.toFixed(2)}×, total p50 ${r.totalP50Ms.toFixed(2)} vs ${r.baselineTotalP50Ms.toFixed(2)} ms`,
    );
  }
  lines.push(`  peak RSS (VmHWM) ${peaks.current.toFixed(0)} vs ${peaks.baseline.toFixed(0)} MB`);
  return lines;
}

/** The runtime goal: Parley's CPU per turn at 16 users at most half the baseline runtime's. */
export function runtimeGoals(pairs: RuntimePair[]): Goal[] {
  const sixteen = runtimeRatios(pairs).find((r) => r.users === 16);
  if (!sixteen) {
    return [
      {
        goal: "CPU per turn at 16 users ≤ 0.5 × baseline runtime",
        value: null,
        pass: null,
        detail: "not measured",
      },
    ];
  }
  return [
    {
      goal: "CPU per turn at 16 users ≤ 0.5 × baseline runtime",
      value: sixteen.parleyCpuRatio,
      pass: sixteen.parleyCpuRatio <= 0.5,
      detail: `${sixteen.parleyCpuRatio.toFixed(2)}× (${sixteen.parleyCpuMsPerTurn.toFixed(2)} vs ${sixteen.baselineParleyCpuMsPerTurn.toFixed(2)} ms)`,
    },
  ];
}
