import { notifications } from "@mantine/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { ApiError, api } from "../../api/client";
import { useT } from "../../i18n/I18nProvider";
import { assignThread } from "../inbox/api";
import { storeThread } from "../inbox/thread-cache";
import type { Thread } from "../inbox/types";
import { neighbour, type ShortcutAction, shortcutOf } from "./keymap";

/** The composer's text area (Composer.tsx), when a conversation is open. */
function composerInput(): HTMLTextAreaElement | null {
  return document.querySelector<HTMLTextAreaElement>('[data-testid="composer-input"]');
}

/**
 * Focuses the composer, optionally typing `text` at the caret as the person would (React sees
 * an input event), so that `/` opens the canned responses picker there.
 */
export function focusComposer(text?: string): boolean {
  const input = composerInput();
  if (!input || input.disabled) return false;
  input.focus();
  if (text) {
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? start;
    const value = input.value.slice(0, start) + text + input.value.slice(end);
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set?.call(input, value);
    input.setSelectionRange(start + text.length, start + text.length);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }
  return true;
}

/**
 * The inbox's keyboard shortcuts (keymap.ts, docs/console.md "The operator's screen"). `ids`:
 * the list's conversations in order; `onHelp` opens the overlay.
 */
export function useInboxShortcuts(options: {
  ids: readonly string[];
  openThreadId: string | null;
  search: string;
  meId: string | null;
  onHelp(): void;
}): void {
  const t = useT("screen");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    const act = (action: ShortcutAction): boolean => {
      const { ids, openThreadId, search, meId, onHelp } = latest.current;
      switch (action) {
        case "next":
        case "previous": {
          const id = neighbour(ids, openThreadId, action === "next" ? 1 : -1);
          if (id === null) return false;
          navigate({ pathname: `/inbox/${encodeURIComponent(id)}`, search });
          return true;
        }
        case "help":
          onHelp();
          return true;
        case "composer":
          return focusComposer();
        case "canned":
          return focusComposer("/");
        case "assignToMe":
          if (!openThreadId || !meId) return false;
          assignThread(openThreadId, meId).then(
            (thread) => {
              storeThread(queryClient, thread);
              notifications.show({ color: "green", message: t("shortcuts.assigned") });
            },
            (error: unknown) =>
              notifications.show({ color: "red", message: String((error as Error).message) }),
          );
          return true;
        case "resolve":
          if (!openThreadId) return false;
          resolve(openThreadId).then(
            (thread) => {
              storeThread(queryClient, thread);
              notifications.show({ color: "green", message: t("shortcuts.resolved") });
            },
            (error: unknown) => {
              // A server without conversation statuses has no such route: say so, change nothing.
              const missing = error instanceof ApiError && error.code === "route_not_found";
              notifications.show({
                color: missing ? "yellow" : "red",
                message: missing ? t("shortcuts.resolveUnavailable") : String((error as Error).message),
              });
            },
          );
          return true;
      }
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      const action = shortcutOf({
        key: event.key,
        altKey: event.altKey,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        target: event.target instanceof HTMLElement ? event.target : null,
      });
      // A dialog open (the help, a menu) keeps its keys.
      if (action === null || document.querySelector('[role="dialog"]')) return;
      if (act(action)) event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigate, queryClient, t]);
}

/** POST /v1/threads/{id}/status {status: "resolved"} (docs/conversations.md). */
const resolve = (threadId: string) =>
  api<Thread>(`/threads/${encodeURIComponent(threadId)}/status`, {
    method: "POST",
    body: { status: "resolved" },
  });
