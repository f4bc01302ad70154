import { verdict } from "./report.js";
import { type RunResult, summarize } from "./stats.js";

/**
 * The goals of the turns suite (docs/performance.md, "The goals"), each as measured value, limit and verdict. A goal
 * that needs a user count the run did not measure (1 or 16) is reported as not measured.
 */
export interface Goal {
  goal: string;
  value: number | null;
  pass: boolean | null;
  detail: string;
}

export function turnGoals(
  results: Array<{ floor: RunResult; parley: RunResult }>,
  peakRssMb: number,
): Goal[] {
  const at = (users: number) => {
    const pair = results.find((r) => r.floor.users === users);
    return pair && { floor: summarize(pair.floor), parley: summarize(pair.parley) };
  };
  const one = at(1);
  const sixteen = at(16);
  const goal = (name: string, value: number | undefined, pass: (v: number) => boolean, detail: string) =>
    value === undefined || Number.isNaN(value)
      ? { goal: name, value: null, pass: null, detail: "not measured" }
      : { goal: name, value, pass: pass(value), detail };
  const share = sixteen && sixteen.parley.turnsPerSecond / sixteen.floor.turnsPerSecond;
  const scaling = one && sixteen && sixteen.parley.turnsPerSecond / one.parley.turnsPerSecond;
  const addedTotal = one && one.parley.totalP50 - one.floor.totalP50;
  const addedTtft = one && one.parley.ttftP50 - one.floor.ttftP50;
  return [
    goal(
      "CPU per turn at 16 users ≤ 2.5 ms",
      sixteen?.parley.cpuMsPerTurn,
      (v) => v <= 2.5,
      `${sixteen?.parley.cpuMsPerTurn.toFixed(2)} ms (floor ${sixteen?.floor.cpuMsPerTurn.toFixed(2)} ms)`,
    ),
    goal(
      "turns/s at 16 users ≥ 0.25 × floor",
      share,
      (v) => v >= 0.25,
      `${share?.toFixed(3)}× (${sixteen?.parley.turnsPerSecond.toFixed(1)} of ${sixteen?.floor.turnsPerSecond.toFixed(1)})`,
    ),
    goal(
      "turns/s at 16 users ≥ at 1 user",
      scaling,
      (v) => v >= 1,
      `${scaling?.toFixed(2)}× (${sixteen?.parley.turnsPerSecond.toFixed(1)} vs ${one?.parley.turnsPerSecond.toFixed(1)})`,
    ),
    goal(
      "added total p50 at 1 user ≤ 3 ms",
      addedTotal,
      (v) => v <= 3,
      `${addedTotal?.toFixed(2)} ms (added ttft p50 ${addedTtft?.toFixed(2)} ms)`,
    ),
    goal(
      "peak RSS ≤ 220 MB",
      peakRssMb,
      (v) => v <= 220,
      `${peakRssMb.toFixed(0)} MB (VmHWM over the suite)`,
    ),
  ];
}

export function goalLines(goals: Goal[]): string[] {
  const width = Math.max(...goals.map((g) => g.goal.length));
  return goals.map(
    (g) => `  ${g.goal.padEnd(width)}  ${g.pass === null ? "n/a " : verdict(g.pass)}  ${g.detail}`,
  );
}
