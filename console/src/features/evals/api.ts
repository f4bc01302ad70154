/**
 * Evaluations (docs/quality.md, "Versions and evaluations in the console"): test cases of a bot,
 * runs of them against a version, each result's trace, and two runs compared.
 */
import { api } from "../../api/client";
import type { TurnTrace } from "../traces/types";
import type { Page, VersionRef } from "../versions/api";

const enc = encodeURIComponent;

export interface EvalMessage {
  role: "user" | "assistant";
  content: string;
}

export type Expectation =
  | { type: "contains"; value: string; case_sensitive?: boolean }
  | { type: "not_contains"; value: string; case_sensitive?: boolean }
  | { type: "tool_called"; tool: string; arguments?: Record<string, unknown> }
  | { type: "tool_not_called"; tool: string; arguments?: Record<string, unknown> }
  | { type: "hands_off"; expected: boolean }
  | { type: "max_tokens"; value: number }
  | { type: "rubric"; criteria: string };
export type ExpectationType = Expectation["type"];
export const EXPECTATION_TYPES: readonly ExpectationType[] = [
  "contains",
  "not_contains",
  "tool_called",
  "tool_not_called",
  "hands_off",
  "max_tokens",
  "rubric",
];

export interface EvalCase {
  id: string;
  bot_id: string;
  name: string;
  /** Ends with a user message: the one the bot answers. */
  messages: EvalMessage[];
  expectations: Expectation[];
  /** What tools that are not built in answer, by tool key. */
  tool_results: Record<string, unknown>;
  source: { type: "manual" | "thread" | "feedback"; thread_id: string | null; message_id: string | null };
  created_at: string;
  updated_at: string;
}

export type EvalCaseBody = Pick<EvalCase, "name" | "messages" | "expectations" | "tool_results">;

export type RunStatus = "queued" | "running" | "completed" | "failed";
export type ResultStatus = "passed" | "failed" | "error";

export interface EvalRun {
  id: string;
  bot_id: string;
  version: number;
  settings_version: string;
  model: string;
  judge_model: string | null;
  status: RunStatus;
  /** null until completed (and for a run that failed as a whole). */
  passed: boolean | null;
  summary: { total: number; passed: number; failed: number; errored: number };
  usage: { input_tokens: number; output_tokens: number };
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  error: { code: string; message: string } | null;
}

export interface EvalResult {
  case_id: string;
  case_name: string;
  status: ResultStatus;
  reply: string | null;
  expectations: Array<{ type: ExpectationType; passed: boolean; detail: string | null }>;
  tool_calls: Array<{ tool: string; arguments: unknown }>;
  handed_off: boolean;
  usage: { input_tokens: number; output_tokens: number };
  duration_ms: number;
  error: { code: string; message: string } | null;
  trace_id: string;
}

export interface EvalRunDetail extends EvalRun {
  results: EvalResult[];
}

export type CaseChange = "fixed" | "broken" | "same" | "added" | "removed";

export interface EvalComparison {
  base: EvalRun;
  head: EvalRun;
  cases: Array<{
    case_id: string;
    name: string;
    base: { status: ResultStatus; reply: string | null } | null;
    head: { status: ResultStatus; reply: string | null } | null;
    change: CaseChange;
  }>;
}

export interface StartRunBody {
  version?: VersionRef;
  model?: string;
  judge_model?: string;
  case_ids?: string[];
}

export const evalKeys = {
  cases: (botId: string) => ["bots", botId, "evals", "cases"] as const,
  runs: (botId: string) => ["bots", botId, "evals", "runs"] as const,
  run: (botId: string, runId: string) => ["bots", botId, "evals", "run", runId] as const,
  trace: (botId: string, runId: string, caseId: string) =>
    ["bots", botId, "evals", "trace", runId, caseId] as const,
  compare: (botId: string, base: string, head: string) =>
    ["bots", botId, "evals", "compare", base, head] as const,
};

const evals = (botId: string) => `/bots/${enc(botId)}/evals`;

export const listCases = (botId: string, cursor: string | null) =>
  api<Page<EvalCase>>(`${evals(botId)}/cases`, { query: { limit: 100, cursor } });
export const createCase = (botId: string, body: EvalCaseBody) =>
  api<EvalCase>(`${evals(botId)}/cases`, { method: "POST", body });
export const updateCase = (botId: string, caseId: string, body: Partial<EvalCaseBody>) =>
  api<EvalCase>(`${evals(botId)}/cases/${enc(caseId)}`, { method: "POST", body });
export const deleteCase = (botId: string, caseId: string) =>
  api<unknown>(`${evals(botId)}/cases/${enc(caseId)}/delete`, { method: "POST" });
/** The thread's conversation before `message_id` (a bot message): that reply is what the case tests. */
export const caseFromThread = (
  botId: string,
  body: { thread_id: string; message_id?: string; name?: string },
) => api<EvalCase>(`${evals(botId)}/cases/from_thread`, { method: "POST", body });
/** A 👎 with a correction becomes a rubric that the better answer's content is said. */
export const caseFromFeedback = (botId: string, body: { thread_id: string; message_id: string }) =>
  api<EvalCase>(`${evals(botId)}/cases/from_feedback`, { method: "POST", body });

export const startRun = (botId: string, body: StartRunBody) =>
  api<EvalRun>(`${evals(botId)}/runs`, { method: "POST", body });
export const listRuns = (botId: string, cursor: string | null = null, limit = 100) =>
  api<Page<EvalRun>>(`${evals(botId)}/runs`, { query: { limit, cursor } });
export const getRun = (botId: string, runId: string) =>
  api<EvalRunDetail>(`${evals(botId)}/runs/${enc(runId)}`);
export const getResultTrace = (botId: string, runId: string, caseId: string) =>
  api<TurnTrace>(`${evals(botId)}/runs/${enc(runId)}/results/${enc(caseId)}/trace`);
export const compareRuns = (botId: string, base: string, head: string) =>
  api<EvalComparison>(`${evals(botId)}/compare`, { query: { base, head } });

/** A run still on its way: lists and details poll while one is. */
export const runIsActive = (run: Pick<EvalRun, "status">) =>
  run.status === "queued" || run.status === "running";
