import { api } from "../../api/client";
import type { TurnTrace } from "./types";

const enc = encodeURIComponent;

export const traceKeys = {
  message: (threadId: string, messageId: string) => ["traces", threadId, messageId] as const,
};

/** 404 `trace_not_found` when no turn stored the message or its trace is past retention. */
export const getMessageTrace = (threadId: string, messageId: string) =>
  api<TurnTrace>(`/threads/${enc(threadId)}/messages/${enc(messageId)}/trace`);

/** Where the trace drawer reads a trace from: a thread's message, or an evaluation's result. */
export interface TraceSource {
  key: readonly unknown[];
  load(): Promise<TurnTrace>;
}

export const messageTraceSource = (threadId: string, messageId: string): TraceSource => ({
  key: traceKeys.message(threadId, messageId),
  load: () => getMessageTrace(threadId, messageId),
});
