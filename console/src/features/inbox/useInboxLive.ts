import { type InfiniteData, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { subscribe } from "../../api/event-source";
import { inboxEvents } from "../screen/inbox-events";
import { inboxKeys } from "./api";
import type { InboxFilters } from "./filters";
import { applyListEvent } from "./thread-list-events";
import { type ThreadList, toThreadEvent } from "./types";

export type LiveStatus = "connecting" | "live" | "reconnecting";

/** Several events about unknown threads in a burst cause one refetch, not one each. */
const REFETCH_DELAY_MS = 300;

/**
 * Keeps the thread list live from GET /v1/threads/events: applies each event to the loaded
 * pages of the current filters (thread-list-events.ts), refetches them when a thread that is
 * not loaded belongs at the top, and marks the lists of other filters stale. EventSource
 * resumes with Last-Event-ID after a drop; the list is refetched then too, in case the drop
 * outlasted the server's replay window.
 */
export function useInboxLive(filters: InboxFilters, meId: string): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const filtersRef = useRef(filters);
  filtersRef.current = filters;

  useEffect(() => {
    let refetchTimer: ReturnType<typeof setTimeout> | undefined;
    let everOpen = false;
    const refetchSoon = () => {
      clearTimeout(refetchTimer);
      refetchTimer = setTimeout(() => {
        queryClient.invalidateQueries({ queryKey: inboxKeys.list(filtersRef.current), exact: true });
      }, REFETCH_DELAY_MS);
    };

    const close = subscribe(
      "/threads/events",
      (data) => {
        inboxEvents.emit(data);
        const event = toThreadEvent(data);
        if (!event) return;
        const current = filtersRef.current;
        const key = inboxKeys.list(current);
        let refetch = false;
        queryClient.setQueryData<InfiniteData<ThreadList, string | null>>(key, (old) => {
          if (!old) return old;
          const result = applyListEvent(old.pages, event, { filters: current, meId });
          refetch = result.refetch;
          return result.pages === old.pages ? old : { ...old, pages: result.pages };
        });
        if (refetch) refetchSoon();
        // Lists of other filters are not kept live: they refetch when shown again.
        queryClient.invalidateQueries({
          queryKey: inboxKeys.lists(),
          predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(key),
          refetchType: "none",
        });
      },
      (connected) => {
        setStatus(connected ? "live" : "reconnecting");
        if (connected && everOpen) refetchSoon();
        if (connected) everOpen = true;
      },
    );
    return () => {
      clearTimeout(refetchTimer);
      close();
    };
  }, [queryClient, meId]);

  return status;
}
