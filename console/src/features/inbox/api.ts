import { api } from "../../api/client";
import { filtersToCountsQuery, filtersToQuery, type InboxFilters } from "./filters";
import type {
  Bot,
  ButtonDraft,
  Chat,
  Message,
  Operator,
  Scheduled,
  Thread,
  ThreadCounts,
  ThreadDetail,
  ThreadList,
  ThreadMode,
  ThreadStatus,
  ToolApproval,
} from "./types";

/** The inbox's calls to /v1 (docs/conversations.md, docs/console.md). */

const PAGE_SIZE = 30;
const enc = encodeURIComponent;

export const inboxKeys = {
  all: ["inbox"] as const,
  lists: () => ["inbox", "threads"] as const,
  allCounts: () => ["inbox", "counts"] as const,
  counts: (query: Record<string, string | undefined>) => ["inbox", "counts", query] as const,
  list: (filters: InboxFilters) => ["inbox", "threads", filters] as const,
  thread: (id: string) => ["inbox", "thread", id] as const,
  messages: (id: string) => ["inbox", "thread", id, "messages"] as const,
  approvals: (id: string) => ["inbox", "thread", id, "approvals"] as const,
  memory: (id: string) => ["inbox", "thread", id, "memory"] as const,
  feedback: (id: string) => ["inbox", "thread", id, "feedback"] as const,
  chats: ["inbox", "chats"] as const,
  bots: ["inbox", "bots"] as const,
  operators: ["inbox", "operators"] as const,
};

export const listThreads = (filters: InboxFilters, cursor: string | null, signal?: AbortSignal) =>
  api<ThreadList>("/threads", {
    query: { ...filtersToQuery(filters), limit: PAGE_SIZE, cursor },
    ...(signal ? { signal } : {}),
  });

/** Threads per status under the list's other filters (the status tabs). */
export const countThreads = (filters: InboxFilters) =>
  api<ThreadCounts>("/threads/counts", { query: filtersToCountsQuery(filters) });

/** Resolve, mark pending, snooze (until a time, or the customer's reply) or reopen. */
export const setThreadStatus = (id: string, status: ThreadStatus, snoozedUntil?: string) =>
  api<Thread>(`/threads/${enc(id)}/status`, {
    method: "POST",
    body: snoozedUntil ? { status, snoozed_until: snoozedUntil } : { status },
  });

export const getThread = (id: string) => api<ThreadDetail>(`/threads/${enc(id)}`);
export const getMessages = (id: string) => api<Message[]>(`/threads/${enc(id)}/messages`);
export const getApprovals = (id: string) => api<ToolApproval[]>(`/threads/${enc(id)}/approvals`);
export const getMemory = (id: string) => api<{ content: string | null }>(`/threads/${enc(id)}/memory`);

export const setMode = (id: string, mode: ThreadMode) =>
  api<Thread>(`/threads/${enc(id)}/mode`, { method: "POST", body: { mode } });

/** 202 with the reply job; 409 `thread_not_auto` or `nothing_to_retry` (docs/conversations.md). */
export const retryReply = (id: string) =>
  api<{ thread_id: string; job_id: string }>(`/threads/${enc(id)}/reply/retry`, { method: "POST" });

export const assignThread = (id: string, operatorId: string | null) =>
  api<Thread>(`/threads/${enc(id)}/assign`, { method: "POST", body: { operator_id: operatorId } });

/** 200 with the Message, or 202 `Scheduled` when `scheduledAt` is given; `buttons` go under it. */
export const sendMessage = (
  id: string,
  text: string,
  scheduledAt?: string,
  buttons: ButtonDraft[] = [],
  files: string[] = [],
) =>
  api<Message | Scheduled>(`/threads/${enc(id)}/send`, {
    method: "POST",
    body: {
      ...(text ? { text } : {}),
      ...(scheduledAt ? { scheduledAt } : {}),
      ...(buttons.length > 0 ? { buttons } : {}),
      ...(files.length > 0 ? { files } : {}),
    },
  });

export const decideApproval = (threadId: string, approvalId: string, approve: boolean, reason?: string) =>
  api<ToolApproval>(`/threads/${enc(threadId)}/approvals/${enc(approvalId)}`, {
    method: "POST",
    body: reason ? { approve, reason } : { approve },
  });

export const listChats = () => api<Chat[]>("/chats");
export const listBots = () => api<Bot[]>("/bots");
export const listOperators = () => api<{ data: Operator[] }>("/operators").then((answer) => answer.data);

export function isScheduled(answer: Message | Scheduled): answer is Scheduled {
  return "scheduled" in answer && answer.scheduled === true;
}
