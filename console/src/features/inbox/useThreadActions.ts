import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useT } from "../../i18n/I18nProvider";
import { assignThread, inboxKeys, retryReply, setMode, setThreadStatus } from "./api";
import { storeThread } from "./thread-cache";
import type { ThreadMode, ThreadStatus } from "./types";

/** Mode changes (take over, hand back, block) with their notification. */
export function useSetMode(threadId: string) {
  const t = useT("inbox");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mode: ThreadMode) => setMode(threadId, mode),
    onSuccess: (thread) => {
      storeThread(queryClient, thread);
      notifications.show({ color: "green", message: t(`actions.modeDone.${thread.mode}`) });
    },
  });
}

/** Status changes (resolve, mark pending, snooze, reopen) with their notification. */
export function useSetStatus(threadId: string) {
  const t = useT("inbox");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { status: ThreadStatus; snoozedUntil?: string }) =>
      setThreadStatus(threadId, change.status, change.snoozedUntil),
    onSuccess: (thread) => {
      storeThread(queryClient, thread);
      queryClient.invalidateQueries({ queryKey: inboxKeys.allCounts() });
      queryClient.invalidateQueries({ queryKey: inboxKeys.lists() });
      notifications.show({ color: "green", message: t(`statusActions.done.${thread.status ?? "open"}`) });
    },
  });
}

/** Assign to an operator (or nobody: null). */
export function useAssign(threadId: string) {
  const t = useT("inbox");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (operatorId: string | null) => assignThread(threadId, operatorId),
    onSuccess: (thread) => {
      storeThread(queryClient, thread);
      notifications.show({
        color: "green",
        message: thread.assignee ? t("assign.done", { name: thread.assignee.name }) : t("assign.unassigned"),
      });
    },
  });
}

/** Retry a reply the AI gave up on: the AI answers the waiting messages again (a reply job). */
export function useRetryReply(threadId: string) {
  const t = useT("inbox");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => retryReply(threadId),
    onSuccess: () => {
      notifications.show({ color: "green", message: t("replyFailure.retrying") });
    },
    onError: () => {
      // Answered meanwhile, or the mode changed: show the thread as the server has it.
      queryClient.invalidateQueries({ queryKey: inboxKeys.thread(threadId), exact: true });
    },
  });
}
