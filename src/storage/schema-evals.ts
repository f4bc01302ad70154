/** Evaluations: test conversations, runs and results (migration 0031; docs/quality.md, "Evaluations"). */

export type EvalCaseSourceType = "manual" | "thread" | "feedback";
export type EvalRunStatus = "queued" | "running" | "completed" | "failed";
export type EvalResultStatus = "passed" | "failed" | "error";

export interface EvalCasesTable {
  /** `evc_…` */
  id: string;
  project_id: string;
  bot_id: string;
  name: string;
  /** JSON: `[{ role, content }]`, ending with a user message. */
  messages: string;
  /** JSON: the expectations (modules/evals/schemas.ts). */
  expectations: string;
  /** JSON: what tools that are not run answer, by `ai.tools` key. */
  tool_results: string;
  source_type: EvalCaseSourceType;
  source_thread_id: string | null;
  source_message_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface EvalRunsTable {
  /** `evr_…` */
  id: string;
  project_id: string;
  bot_id: string;
  /** The bot version run (its number). */
  version: number;
  /** The short hash of that version's settings document (= a trace's `settings_version`). */
  settings_version: string;
  /** The model that answered: the request's, or the version's `ai.model.id`. */
  model: string;
  /** The model that judges rubrics (default: `model`). */
  judge_model: string;
  status: EvalRunStatus;
  /** JSON: the ids of the cases to run, in order, chosen when the run was created. */
  case_ids: string;
  /** Why a run `failed` (the version or the model vanished); null otherwise. */
  error_code: string | null;
  error_message: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export interface EvalResultsTable {
  run_id: string;
  case_id: string;
  project_id: string;
  /** The case's index in the run's `case_ids`: results read in the run's order. */
  position: number;
  /** The case's name when it ran (kept after the case is deleted). */
  case_name: string;
  status: EvalResultStatus;
  /** All assistant text of the turn; null when it failed. */
  reply: string | null;
  /** JSON: `[{ type, passed, detail }]`. */
  expectations: string;
  /** JSON: `[{ tool, arguments }]`, every call the model made. */
  tool_calls: string;
  /** 1 when the turn handed the conversation to an operator. */
  handed_off: number;
  input_tokens: number;
  output_tokens: number;
  duration_ms: number;
  error_code: string | null;
  error_message: string | null;
  /** The trace document's id (`trc_…`). */
  trace_id: string;
  /** JSON: the turn's trace document (modules/traces/trace-document.ts), `thread_id` null. */
  trace: string;
  created_at: string;
}

export interface EvalTables {
  eval_cases: EvalCasesTable;
  eval_runs: EvalRunsTable;
  eval_results: EvalResultsTable;
}
