import { api } from "../../api/client";
import type { TurnTrace } from "./types";

const enc = encodeURIComponent;

export const traceKeys = {
  message: (threadId: string, messageId: string) => ["traces", threadId, messageId] as const,
};

/** 404 `trace_not_found` when no turn stored the message or its trace is past retention. */
export const getMessageTrace = (threadId: string, messageId: string) =>
  api<TurnTrace>(`/threads/${enc(threadId)}/messages/${enc(messageId)}/trace`);
