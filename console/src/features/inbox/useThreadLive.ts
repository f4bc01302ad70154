import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { subscribe } from "../../api/event-source";
import { replyDrafts } from "../screen/reply-draft";
import { inboxKeys } from "./api";
import { mergeMessage } from "./conversation";
import { type MessageFeedback, mergeFeedback } from "./feedback";
import { mergeNote, notesKeys, type ThreadNote } from "./notes";
import { patchThread } from "./thread-list-events";
import { type Message, type ThreadDetail, toThreadEvent } from "./types";
import { awaitsTranscript } from "./voice";

/**
 * Keeps an open thread live from GET /v1/threads/events/:thread_id: new messages join the
 * history (read again when the bot's answer follows a voice message, for its transcript), ratings of the AI's answers join theirs, private notes join the notes, mode / pending_count / assignee changes patch
 * the thread, and approvals and working
 * memory are refetched when the AI may have moved them. After a reconnect the history is
 * refetched, in case the drop outlasted the server's replay window.
 */
export function useThreadLive(threadId: string): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    let everOpen = false;
    const close = subscribe(
      `/threads/events/${encodeURIComponent(threadId)}`,
      (data) => {
        // The bot's reply while it is written (docs/console.md, "The operator's screen").
        if (replyDrafts.take(data)) return;
        const event = toThreadEvent(data);
        if (!event || event.thread_id !== threadId) return;
        queryClient.setQueryData<ThreadDetail>(inboxKeys.thread(threadId), (old) =>
          old ? { ...old, ...patchThread(old, event) } : old,
        );
        // The bot transcribes a voice message just before its reply: read the history again
        // for the transcript (docs/console.md, "Voice messages").
        const answered =
          event.type === "reply_failed" ||
          (event.type === "message_created" && event.message.author === "bot");
        if (
          answered &&
          awaitsTranscript(queryClient.getQueryData<Message[]>(inboxKeys.messages(threadId)) ?? [])
        ) {
          queryClient.invalidateQueries({ queryKey: inboxKeys.messages(threadId) });
        }
        if (event.type === "message_created") {
          queryClient.setQueryData<Message[]>(inboxKeys.messages(threadId), (old) =>
            old ? mergeMessage(old, event.message) : old,
          );
          if (event.message.author === "bot") {
            replyDrafts.end(threadId);
            queryClient.invalidateQueries({ queryKey: inboxKeys.approvals(threadId) });
            queryClient.invalidateQueries({ queryKey: inboxKeys.memory(threadId) });
          }
        }
        if (event.type === "message_feedback") {
          queryClient.setQueryData<MessageFeedback[]>(inboxKeys.feedback(threadId), (old) =>
            old ? mergeFeedback(old, event.feedback, event.removed) : old,
          );
        }
        if (event.type === "note_created" || event.type === "note_updated" || event.type === "note_deleted") {
          queryClient.setQueryData<ThreadNote[]>(notesKeys.thread(threadId), (old) =>
            old ? mergeNote(old, event.note, event.type === "note_deleted") : old,
          );
        }
        if (event.type === "pending_count") {
          queryClient.invalidateQueries({ queryKey: inboxKeys.approvals(threadId) });
        }
      },
      (connected) => {
        if (connected && everOpen) {
          queryClient.invalidateQueries({ queryKey: inboxKeys.thread(threadId) });
        }
        if (connected) everOpen = true;
      },
    );
    return close;
  }, [queryClient, threadId]);
}
