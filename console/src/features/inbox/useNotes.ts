import { useQuery } from "@tanstack/react-query";
import { listMentions, listNotes, notesKeys } from "./notes";

/** A thread's private notes; kept current by useThreadLive's note events. */
export function useThreadNotes(threadId: string) {
  return useQuery({
    queryKey: notesKeys.thread(threadId),
    queryFn: () => listNotes(threadId),
    staleTime: 30_000,
  });
}

/**
 * The signed-in operator's mentions: refetched when the inbox's stream says a note mentioned
 * them (useInboxLive), and every minute besides.
 */
export function useMentions() {
  return useQuery({ queryKey: notesKeys.mentions, queryFn: listMentions, refetchInterval: 60_000 });
}
