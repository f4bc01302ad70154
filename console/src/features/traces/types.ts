/** GET /v1/threads/{thread_id}/messages/{message_id}/trace (OpenAPI `TurnTrace`; docs/quality.md, "Traces"). */
export interface TurnTrace {
  id: string;
  /** null for the turn of an evaluation run (docs/quality.md, "Versions and evaluations in the console"). */
  thread_id: string | null;
  bot_id: string | null;
  /** The bot version that answered; optional until every server sends it. */
  bot_version?: number | null;
  model: string | null;
  settings_version: string | null;
  started_at: string;
  duration_ms: number;
  first_token_ms: number | null;
  outcome: "replied" | "failed";
  code: string | null;
  reason: string | null;
  window: {
    message_ids: string[];
    recalled: Array<{ message_id: string; thread_id: string; score: number }>;
  };
  knowledge: Array<{
    query: string;
    passages: Array<{
      vector_store_id: string;
      file_id: string;
      file_name: string;
      chunk: number;
      score: number;
    }>;
  }>;
  model_requests: Array<{
    attempt: number;
    step: number;
    model: string;
    response_model: string | null;
    parameters: Record<string, number>;
    started_at: string;
    first_token_ms: number | null;
    duration_ms: number;
    input_tokens: number;
    output_tokens: number;
    cost_credits: number | null;
    finish_reason: string | null;
    error: { code: string; message: string } | null;
  }>;
  tool_calls: Array<{
    call_id: string;
    name: string;
    args: unknown;
    status: "ok" | "error" | "denied";
    result: unknown;
    approval: { policy: string; decision: "approved" | "denied"; decided_by: string | null } | null;
    started_at: string;
    duration_ms: number;
  }>;
  formatting: string[];
  usage: { input_tokens: number; output_tokens: number };
  truncated: boolean;
  message_ids: string[];
  credits: number | null;
  feedback: Array<{
    id: string;
    message_id: string;
    source: "customer" | "operator";
    rating: "up" | "down";
    comment: string | null;
    correction: string | null;
    operator: { id: string; name: string } | null;
    updated_at: string;
  }>;
}
