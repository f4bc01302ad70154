import { type InboxFilters, threadMatches } from "./filters";
import type { Message, Thread, ThreadEvent, ThreadList } from "./types";

/**
 * Applies one live thread event to the loaded pages of GET /v1/threads (react-query's
 * infinite data), the way the server would order and filter them:
 * - a known thread is updated in place (mode, pending_count, assignee, last activity);
 * - a new message moves its thread to the top (not while searching: search results are
 *   ranked by relevance, not by activity);
 * - a thread that no longer matches the filters leaves the list;
 * - an event about a thread that is not loaded but may now belong at the top asks for a
 *   refetch (`refetch: true`): the server knows its title, chat, bot, and whether it matches.
 * Pages the event does not touch are returned as they were (same objects).
 */
export interface ListEventContext {
  filters: InboxFilters;
  /** The signed-in operator's id, for `assignee=me`. */
  meId: string;
}

export interface ListEventResult {
  pages: ThreadList[];
  refetch: boolean;
}

function locate(pages: ThreadList[], threadId: string): [number, number] | null {
  for (const [pageIndex, page] of pages.entries()) {
    const index = page.data.findIndex((thread) => thread.id === threadId);
    if (index >= 0) return [pageIndex, index];
  }
  return null;
}

function later(a: string | null, b: string | undefined): string | null {
  if (!b) return a;
  if (!a) return b;
  return Date.parse(b) > Date.parse(a) ? b : a;
}

/** The thread after the event (for events that change a thread's fields). */
export function patchThread(thread: Thread, event: ThreadEvent): Thread {
  switch (event.type) {
    case "message_created": {
      const { message } = event;
      // Tool steps carry no text worth a preview; the newest message with text stays.
      const preview =
        message.role === "tool" || message.content.trim() === ""
          ? thread.last_message
          : {
              author: message.author,
              content: message.content.slice(0, 200),
              created_at: message.created_at,
            };
      return {
        ...thread,
        last_message_at: later(thread.last_message_at, message.created_at),
        last_message: preview ?? null,
        // A reply with text (the AI's or an operator's) answers what a failed reply left waiting.
        ...(answersFailure(thread, message) ? { reply_failure: null } : {}),
      };
    }
    case "mode_changed":
      return thread.mode === event.mode ? thread : { ...thread, mode: event.mode };
    case "pending_count":
      return thread.pending_count === event.pending_count
        ? thread
        : { ...thread, pending_count: event.pending_count };
    case "thread_assigned":
      return { ...thread, assignee: event.assignee };
    case "reply_failed":
      return {
        ...thread,
        reply_failure: {
          code: event.code,
          reason: event.reason,
          attempts: event.attempts,
          message_ids: event.message_ids,
          failed_at: event.created_at ?? new Date().toISOString(),
        },
      };
    case "message_feedback":
      // A rating changes no field of the thread (the thread view keeps its ratings itself).
      return thread;
    case "labels_changed":
      return { ...thread, labels: event.labels };
  }
}

/** Whether a new message is the reply that answers the thread's failed reply. */
function answersFailure(thread: Thread, message: Message): boolean {
  return (
    Boolean(thread.reply_failure) &&
    message.role === "assistant" &&
    message.author !== "user" &&
    message.content.trim() !== ""
  );
}

/** Whether a thread that is not loaded may now match the filters because of this event. */
function mayNowMatch(event: ThreadEvent, context: ListEventContext): boolean {
  const { filters, meId } = context;
  switch (event.type) {
    case "message_created":
      // New activity puts the thread at the top of the order (or into search results).
      return true;
    case "mode_changed":
      return filters.mode !== null && filters.mode === event.mode;
    case "pending_count":
      return filters.waiting && event.pending_count > 0;
    case "reply_failed":
      // Its pending_count event moves the thread into a "waiting" list.
      return false;
    case "message_feedback":
      return false;
    case "labels_changed":
      // A label put on may bring the thread into a list filtered by labels.
      return filters.labels.length > 0 && event.added.length > 0;
    case "thread_assigned": {
      if (!filters.assignee) return false;
      const id = event.assignee?.id ?? null;
      if (filters.assignee === "none") return id === null;
      if (filters.assignee === "me") return id === meId;
      return id === filters.assignee;
    }
  }
}

function replacePage(pages: ThreadList[], pageIndex: number, data: Thread[]): ThreadList[] {
  return pages.map((page, index) => (index === pageIndex ? { ...page, data } : page));
}

export function applyListEvent(
  pages: ThreadList[],
  event: ThreadEvent,
  context: ListEventContext,
): ListEventResult {
  const found = locate(pages, event.thread_id);
  if (!found) return { pages, refetch: mayNowMatch(event, context) };

  const [pageIndex, index] = found;
  const before = pages[pageIndex]!.data[index]!;
  const after = patchThread(before, event);

  if (!threadMatches(after, context.filters, context.meId)) {
    const data = pages[pageIndex]!.data.filter((_, i) => i !== index);
    return { pages: replacePage(pages, pageIndex, data), refetch: false };
  }

  const moveToTop = event.type === "message_created" && !context.filters.search.trim();
  if (moveToTop && !(pageIndex === 0 && index === 0)) {
    const without = pages.map((page, i) =>
      i === pageIndex ? { ...page, data: page.data.filter((_, j) => j !== index) } : page,
    );
    return {
      pages: without.map((page, i) => (i === 0 ? { ...page, data: [after, ...page.data] } : page)),
      refetch: false,
    };
  }

  if (after === before) return { pages, refetch: false };
  const data = pages[pageIndex]!.data.map((thread, i) => (i === index ? after : thread));
  return { pages: replacePage(pages, pageIndex, data), refetch: false };
}

/** The loaded threads in order, each once (a refetch may briefly overlap pages). */
export function flattenThreads(pages: ThreadList[]): Thread[] {
  const seen = new Set<string>();
  const out: Thread[] = [];
  for (const page of pages) {
    for (const thread of page.data) {
      if (seen.has(thread.id)) continue;
      seen.add(thread.id);
      out.push(thread);
    }
  }
  return out;
}
