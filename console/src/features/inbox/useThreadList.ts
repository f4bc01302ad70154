import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { inboxKeys, listThreads } from "./api";
import type { InboxFilters } from "./filters";
import { flattenThreads } from "./thread-list-events";

/** GET /v1/threads for the filters, page after page (next_cursor), kept fresh by useInboxLive. */
export function useThreadList(filters: InboxFilters) {
  const query = useInfiniteQuery({
    queryKey: inboxKeys.list(filters),
    queryFn: ({ pageParam, signal }) => listThreads(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // The event stream keeps the list current; no refetch each time the page mounts.
    staleTime: 60_000,
    // While new filters load, the old rows stay (no flash, no layout jump).
    placeholderData: keepPreviousData,
  });
  const threads = useMemo(() => (query.data ? flattenThreads(query.data.pages) : []), [query.data]);
  return { query, threads };
}
