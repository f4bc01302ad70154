/** Turn traces: what each turn was given and did (migration 0027; docs/quality.md, "Traces"). */
export interface TurnTracesTable {
  id: string;
  project_id: string;
  thread_id: string;
  /** Null when the turn failed before it read the chat's bot. */
  bot_id: string | null;
  /** `replied` or `failed`. */
  outcome: string;
  /** The failure's code; null for a reply. */
  code: string | null;
  started_at: string;
  duration_ms: number;
  /** The whole trace, JSON (see modules/traces/trace-document.ts). */
  document: string;
  created_at: string;
}

/** Which trace explains a stored message: every message a reply stored points at its turn. */
export interface TurnTraceMessagesTable {
  message_id: string;
  project_id: string;
  trace_id: string;
}

export interface TraceTables {
  turn_traces: TurnTracesTable;
  turn_trace_messages: TurnTraceMessagesTable;
}
