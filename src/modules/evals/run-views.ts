import type { EvalResultRow, EvalRunCounts, EvalRunRow } from "../../storage/repos/eval-runs.repo.js";
import type { EvalResult, EvalRun, ExpectationResult } from "./schemas.js";

/** Runs and results as the API shows them (docs/quality.md, "Evaluations"). */

export function toRun(row: EvalRunRow, counts: EvalRunCounts | undefined): EvalRun {
  const failed = counts?.failed ?? 0;
  const errored = counts?.errored ?? 0;
  return {
    id: row.id,
    bot_id: row.bot_id,
    version: row.version,
    settings_version: row.settings_version,
    model: row.model,
    judge_model: row.judge_model,
    status: row.status,
    passed: row.status === "completed" ? failed + errored === 0 : null,
    summary: {
      total: (JSON.parse(row.case_ids) as string[]).length,
      passed: counts?.passed ?? 0,
      failed,
      errored,
    },
    usage: { input_tokens: counts?.inputTokens ?? 0, output_tokens: counts?.outputTokens ?? 0 },
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? "" } : null,
  };
}

export function toResult(row: EvalResultRow): EvalResult {
  return {
    case_id: row.case_id,
    case_name: row.case_name,
    status: row.status,
    reply: row.reply,
    expectations: JSON.parse(row.expectations) as ExpectationResult[],
    tool_calls: JSON.parse(row.tool_calls) as EvalResult["tool_calls"],
    handed_off: row.handed_off === 1,
    usage: { input_tokens: row.input_tokens, output_tokens: row.output_tokens },
    duration_ms: row.duration_ms,
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? "" } : null,
    trace_id: row.trace_id,
  };
}
