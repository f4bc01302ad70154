import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { ApiError } from "../../api/client";
import { useSignedIn } from "../../auth/SessionProvider";
import { useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import type { Bot, Chat } from "./bots-api";
import { decideAndFollow } from "./try-approval";
import { ensureTryChat, streamReply } from "./try-chat";
import { initialTryState, newThreadId, tryReducer } from "./try-conversation";

let sequence = 0;
const localId = () => `m${++sequence}`;

/**
 * One "Try it" conversation with a bot: a thread of the bot's try chat (try-chat.ts), a fresh
 * thread id per conversation. Sending streams the reply into the state as it arrives.
 */
export function useTryConversation(bot: Pick<Bot, "id" | "name">) {
  const t = useT("bots");
  const errorText = useErrorText();
  const session = useSignedIn();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(tryReducer, initialTryState);
  const [threadId, setThreadId] = useState(() => newThreadId());
  const chat = useRef<Chat | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const send = useCallback(
    async (text: string) => {
      const replyId = localId();
      dispatch({ type: "send", userId: localId(), replyId, text });
      const controller = new AbortController();
      running.current = controller;
      try {
        if (!chat.current) {
          const ensured = await ensureTryChat(bot);
          chat.current = ensured.chat;
          if (ensured.created) {
            void queryClient.invalidateQueries({ queryKey: ["integrations"] });
            void queryClient.invalidateQueries({ queryKey: ["chats"] });
          }
        }
        await streamReply({
          chatId: chat.current.id,
          threadId,
          text,
          csrfToken: session.csrf_token,
          signal: controller.signal,
          onEvent: (event) => dispatch({ type: "event", replyId, event }),
        });
        // Ignored when the stream held its `finish` or `error`, as it should.
        dispatch({ type: "failed", replyId, code: "stream_interrupted", message: t("try.interrupted") });
      } catch (error) {
        if ((error as Error).name === "AbortError") return;
        // The chat may have been deleted elsewhere: find or create it again next time.
        if (error instanceof ApiError && error.status === 404) chat.current = null;
        dispatch({
          type: "failed",
          replyId,
          code: error instanceof ApiError ? error.code : "error",
          message: errorText(error),
        });
      } finally {
        if (running.current === controller) running.current = null;
      }
    },
    [bot, threadId, session.csrf_token, queryClient, t, errorText],
  );

  /**
   * Approve or reject a paused call as an operator would in the inbox; the resumed turn's
   * reply then comes in as a new reply of the panel (try-approval.ts).
   */
  const decide = useCallback(
    async (approvalId: string, approve: boolean) => {
      const replyId = localId();
      const known = new Set(
        state.messages.flatMap((m) =>
          m.role === "assistant" ? m.tools.map((tool) => tool.approvalId ?? "") : [],
        ),
      );
      dispatch({ type: "decided", approvalId, approve, replyId });
      const controller = new AbortController();
      running.current = controller;
      try {
        await decideAndFollow({
          threadId,
          approvalId,
          approve,
          known,
          signal: controller.signal,
          onEvent: (event) => dispatch({ type: "event", replyId, event }),
        });
        // Ignored when the reply came; stopped by the user, it shows as stopped.
        if (controller.signal.aborted) return;
        dispatch({ type: "failed", replyId, code: "stream_interrupted", message: t("try.interrupted") });
      } catch (error) {
        dispatch({
          type: "failed",
          replyId,
          code: error instanceof ApiError ? error.code : "error",
          message: errorText(error),
        });
      } finally {
        if (running.current === controller) running.current = null;
      }
    },
    [threadId, state.messages, t, errorText],
  );

  const stop = useCallback(() => {
    running.current?.abort();
    if (state.activeReplyId) dispatch({ type: "stopped", replyId: state.activeReplyId });
  }, [state.activeReplyId]);

  const restart = useCallback(() => {
    running.current?.abort();
    dispatch({ type: "reset" });
    setThreadId(newThreadId());
  }, []);

  return {
    messages: state.messages,
    busy: state.activeReplyId !== null,
    threadId,
    send,
    decide,
    stop,
    restart,
  };
}
