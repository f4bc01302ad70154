/**
 * What the page shows beside Publish (docs/quality.md, "Versions and evaluations in the console"):
 * the newest evaluation run of exactly the draft's settings with the draft's own model — the runs
 * the server's publish gate counts — and whether the gate lets the draft through.
 */
import type { EvalRun } from "../evals/api";

export type DraftEvaluation =
  | { kind: "none" }
  | { kind: "running"; run: EvalRun }
  | { kind: "passed"; run: EvalRun }
  | { kind: "failed"; run: EvalRun }
  /** The run itself failed (its error says why); it counts as no run. */
  | { kind: "error"; run: EvalRun };

/** Why Publish is disabled, or null when it is not. */
export type PublishBlock = "evals_required" | "evals_failed" | "evals_running" | null;

const newestFirst = (a: EvalRun, b: EvalRun) => b.created_at.localeCompare(a.created_at);

export function counts(run: EvalRun, settingsVersion: string, model: string): boolean {
  return run.settings_version === settingsVersion && run.model === model;
}

export function draftEvaluation(
  runs: readonly EvalRun[],
  settingsVersion: string,
  model: string,
): DraftEvaluation {
  const run = runs.filter((r) => counts(r, settingsVersion, model)).sort(newestFirst)[0];
  if (!run) return { kind: "none" };
  if (run.status === "queued" || run.status === "running") return { kind: "running", run };
  if (run.status === "failed") return { kind: "error", run };
  return run.passed ? { kind: "passed", run } : { kind: "failed", run };
}

/**
 * The server decides on the newest *completed* run; a newer run still on its way does not undo
 * an older pass, but the page says it runs.
 */
export function publishBlock(
  requiresEvals: boolean,
  runs: readonly EvalRun[],
  settingsVersion: string,
  model: string,
): PublishBlock {
  if (!requiresEvals) return null;
  const completed = runs
    .filter((r) => counts(r, settingsVersion, model) && r.status === "completed")
    .sort(newestFirst)[0];
  if (completed) return completed.passed ? null : "evals_failed";
  const active = runs.some(
    (r) => counts(r, settingsVersion, model) && (r.status === "queued" || r.status === "running"),
  );
  return active ? "evals_running" : "evals_required";
}
