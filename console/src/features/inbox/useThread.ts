import { useQuery } from "@tanstack/react-query";
import { getApprovals, getMemory, getMessages, getThread, inboxKeys } from "./api";
import { getThreadFeedback } from "./feedback";

/** The open thread's requests; kept current by useThreadLive, so they need no polling. */
export function useThreadDetail(threadId: string) {
  return useQuery({
    queryKey: inboxKeys.thread(threadId),
    queryFn: () => getThread(threadId),
    staleTime: 30_000,
  });
}

export function useThreadMessages(threadId: string) {
  return useQuery({
    queryKey: inboxKeys.messages(threadId),
    queryFn: () => getMessages(threadId),
    staleTime: 30_000,
  });
}

export function useApprovals(threadId: string) {
  return useQuery({ queryKey: inboxKeys.approvals(threadId), queryFn: () => getApprovals(threadId) });
}

export function useMemory(threadId: string) {
  return useQuery({ queryKey: inboxKeys.memory(threadId), queryFn: () => getMemory(threadId) });
}

/** The ratings of the thread's AI answers; asked for once the thread has one. */
export function useThreadFeedback(threadId: string, enabled: boolean) {
  return useQuery({
    queryKey: inboxKeys.feedback(threadId),
    queryFn: () => getThreadFeedback(threadId),
    staleTime: 30_000,
    enabled,
  });
}
