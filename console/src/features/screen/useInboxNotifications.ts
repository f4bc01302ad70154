import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { useT } from "../../i18n/I18nProvider";
import { getThread, inboxKeys } from "../inbox/api";
import { toThreadEvent } from "../inbox/types";
import { inboxEvents } from "./inbox-events";
import { notificationsEnabled, notify, setNotificationLinkOpener } from "./notifier";
import { kindOfCustomerMessage, shouldNotify } from "./notify-decision";

/**
 * Alerts for the inbox's events (docs/console.md, "The operator's screen"): a customer's first
 * message (a new conversation), a customer's message in a conversation assigned to me, and a
 * note that mentions me, when the tab is hidden or another conversation is open. Reads the conversation (who has it, how
 * many messages the customer wrote) only when alerts are on.
 */
export function useInboxNotifications(openThreadId: string | null, meId: string | null): void {
  const t = useT("screen");
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const openRef = useRef(openThreadId);
  openRef.current = openThreadId;

  useEffect(() => setNotificationLinkOpener((link) => navigate(link)), [navigate]);

  useEffect(
    () =>
      inboxEvents.listen((data) => {
        if (!notificationsEnabled()) return;
        const event = toThreadEvent(data);
        if ((event?.type === "note_created" || event?.type === "note_updated") && meId !== null) {
          // A teammate's note that mentions me (docs/conversations.md, "Private notes").
          if (!event.mentioned.includes(meId)) return;
          const context = {
            enabled: true,
            hidden: document.visibilityState === "hidden",
            openThreadId: openRef.current,
            meId,
          };
          if (!shouldNotify("mention", { threadId: event.thread_id, assigneeId: null }, context)) return;
          const who = event.note.author.name ?? t("notify.someone");
          const link = `/inbox/${encodeURIComponent(event.thread_id)}`;
          notify("mention", t("notify.mention", { who }), event.note.text.slice(0, 140), link);
          return;
        }
        if (event?.type !== "message_created" || event.message.author !== "user") return;
        const threadId = event.thread_id;
        const text = event.message.content.slice(0, 140);
        void queryClient
          .fetchQuery({
            queryKey: inboxKeys.thread(threadId),
            queryFn: () => getThread(threadId),
            staleTime: 0,
          })
          .then((thread) => {
            const kind = kindOfCustomerMessage(thread.stats.user_messages);
            const context = {
              enabled: true,
              hidden: document.visibilityState === "hidden",
              openThreadId: openRef.current,
              meId,
            };
            if (!shouldNotify(kind, { threadId, assigneeId: thread.assignee?.id ?? null }, context)) return;
            const who = thread.person?.name ?? t("notify.someone");
            notify(kind, t(`notify.${kind}`, { who }), text, `/inbox/${encodeURIComponent(threadId)}`);
          })
          .catch(() => {
            // The conversation could not be read (deleted meanwhile): no alert.
          });
      }),
    [queryClient, meId, t],
  );
}
