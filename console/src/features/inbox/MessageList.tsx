import { Button } from "@mantine/core";
import { IconArrowDown } from "@tabler/icons-react";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useRole } from "../../auth/SessionProvider";
import { EmptyState, QueryState } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { messageTraceSource } from "../traces/api";
import { TraceDrawer } from "../traces/TraceDrawer";
import { toConversationItems } from "./conversation";
import { feedbackByMessage, type MessageFeedback } from "./feedback";
import { MessageBubble } from "./MessageBubble";
import { NoteBubble } from "./NoteBubble";
import { placeNotes } from "./notes";
import { ReplyFailureNotice } from "./ReplyFailureNotice";
import { ToolStep } from "./ToolStep";
import classes from "./thread.module.css";
import type { Thread } from "./types";
import { useThreadNotes } from "./useNotes";
import { useThreadFeedback, useThreadMessages } from "./useThread";

/** How close to the end (px) still counts as "reading the newest messages". */
const BOTTOM_SLACK = 48;
const NO_FEEDBACK: readonly MessageFeedback[] = [];

/**
 * The conversation, oldest first. It follows new messages only while the reader is at the
 * bottom; a reader scrolled up stays where they are (new messages are added below, out of
 * sight) and gets a "new messages" button instead. Messages a failed reply left unanswered are
 * marked, with the reason and what to do under the last of them. The AI's answers carry their
 * ratings.
 */
export function MessageList({ thread, personName }: { thread: Thread; personName: string | null }) {
  const t = useT("inbox");
  const threadId = thread.id;
  const messages = useThreadMessages(threadId);
  const items = useMemo(() => toConversationItems(messages.data ?? []), [messages.data]);
  // Private notes go among the items by time (docs/console.md, "Private notes").
  const notes = useThreadNotes(threadId);
  const placed = useMemo(
    () =>
      placeNotes(
        items.map((item) => (item.kind === "tool" ? item.created_at : item.message.created_at)),
        notes.data ?? [],
      ),
    [items, notes.data],
  );
  const shown = items.length + (notes.data?.length ?? 0);
  const hasAnswers = useMemo(() => (messages.data ?? []).some((m) => m.author === "bot"), [messages.data]);
  const feedback = useThreadFeedback(threadId, hasAnswers);
  const ratings = useMemo(() => feedbackByMessage(feedback.data ?? []), [feedback.data]);
  const failure = thread.reply_failure ?? null;
  const failedIds = useMemo(() => new Set(failure?.message_ids ?? []), [failure]);
  // The notice goes under the last unanswered message (at the end when it is not loaded yet).
  const noticeAfter = useMemo(() => {
    for (let index = items.length - 1; index >= 0; index--) {
      const item = items[index]!;
      if (item.kind === "message" && failedIds.has(item.message.id)) return index;
    }
    return items.length - 1;
  }, [items, failedIds]);
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const seen = useRef(0);
  const [unseen, setUnseen] = useState(false);
  const [whyFor, setWhyFor] = useState<string | null>(null);
  // Test cases are an admin's (docs/quality.md, "Versions and evaluations in the console").
  const testCase = useRole() === "admin" ? { botId: thread.bot_id } : undefined;

  const scrollToBottom = useCallback(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
    atBottom.current = true;
    setUnseen(false);
  }, []);

  // Before paint, so a new message never shows up first in the wrong place.
  useLayoutEffect(() => {
    if (shown === seen.current) return;
    const grew = shown > seen.current;
    seen.current = shown;
    if (atBottom.current) scrollToBottom();
    else if (grew) setUnseen(true);
  }, [shown, scrollToBottom]);

  // The list shrinks when the composer or the approvals grow: stay at the bottom then too.
  useEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight <= BOTTOM_SLACK;
    if (atBottom.current) setUnseen(false);
  };

  return (
    <div className={classes.messagesWrap}>
      <div
        ref={scroller}
        className={classes.messages}
        onScroll={onScroll}
        role="log"
        aria-live="polite"
        aria-label={t("message.log")}
      >
        <QueryState query={messages}>
          {() =>
            shown === 0 ? (
              <EmptyState title={t("empty.noMessages.title")} hint={t("empty.noMessages.hint")} />
            ) : (
              items
                .flatMap((item, index) => [
                  ...(placed.before[index] ?? []).map((note) => <NoteBubble key={note.id} note={note} />),
                  item.kind === "tool" ? (
                    <ToolStep key={item.key} name={item.name} result={item.result} />
                  ) : (
                    <MessageBubble
                      key={item.key}
                      message={item.message}
                      personName={personName}
                      unanswered={failedIds.has(item.message.id)}
                      rating={{ threadId, feedback: ratings.get(item.message.id) ?? NO_FEEDBACK }}
                      onWhy={item.message.author === "bot" ? () => setWhyFor(item.message.id) : undefined}
                      testCase={testCase}
                    />
                  ),
                  failure && index === noticeAfter ? (
                    <ReplyFailureNotice key="reply-failure" thread={thread} failure={failure} />
                  ) : null,
                ])
                .concat(placed.after.map((note) => <NoteBubble key={note.id} note={note} />))
            )
          }
        </QueryState>
      </div>
      {unseen ? (
        <Button
          className={classes.jump}
          size="compact-sm"
          radius="xl"
          leftSection={<IconArrowDown size={14} aria-hidden />}
          onClick={scrollToBottom}
        >
          {t("message.newBelow")}
        </Button>
      ) : null}
      <TraceDrawer
        source={whyFor === null ? null : messageTraceSource(threadId, whyFor)}
        messages={messages.data ?? []}
        onClose={() => setWhyFor(null)}
      />
    </div>
  );
}
