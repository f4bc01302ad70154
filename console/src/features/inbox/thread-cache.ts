import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { inboxKeys } from "./api";
import type { Thread, ThreadDetail, ThreadList } from "./types";

/**
 * After a mutation answered the Thread (mode, assign): show it at once in the open thread and
 * in every loaded list, then let the lists refetch (the change may move the thread in or out
 * of a filter).
 */
export function storeThread(queryClient: QueryClient, thread: Thread): void {
  queryClient.setQueryData<ThreadDetail>(inboxKeys.thread(thread.id), (old) =>
    old ? { ...old, ...thread } : old,
  );
  queryClient.setQueriesData<InfiniteData<ThreadList, string | null>>(
    { queryKey: inboxKeys.lists() },
    (old) =>
      old
        ? {
            ...old,
            pages: old.pages.map((page) => ({
              ...page,
              data: page.data.map((row) => (row.id === thread.id ? { ...row, ...thread } : row)),
            })),
          }
        : old,
  );
  queryClient.invalidateQueries({ queryKey: inboxKeys.lists() });
}
