import { describe, expect, it } from "vitest";
import { type InboxFilters, NO_FILTERS } from "./filters";
import { applyListEvent, flattenThreads } from "./thread-list-events";
import { type Message, type Thread, type ThreadEvent, type ThreadList, toThreadEvent } from "./types";

const thread = (id: string, over: Partial<Thread> = {}): Thread => ({
  id,
  chat_id: "chat_a",
  bot_id: "bot_a",
  mode: "auto",
  title: null,
  last_message_at: "2026-01-01T10:00:00.000Z",
  pending_count: 0,
  created_at: "2026-01-01T09:00:00.000Z",
  assignee: null,
  ...over,
});

const message = (created_at: string): Message => ({
  id: `msg_${created_at}`,
  role: "user",
  author: "user",
  content: "hello",
  created_at,
});

const pages = (...ids: string[][]): ThreadList[] =>
  ids.map((page, i) => ({
    data: page.map((id) => thread(id)),
    next_cursor: i < ids.length - 1 ? `c${i}` : null,
  }));

const ids = (list: ThreadList[]) => list.map((page) => page.data.map((t) => t.id));

const ctx = (filters: Partial<InboxFilters> = {}) => ({
  filters: { ...NO_FILTERS, ...filters },
  meId: "op1",
});

const created = (threadId: string, at = "2026-01-02T00:00:00.000Z"): ThreadEvent => ({
  type: "message_created",
  thread_id: threadId,
  message: message(at),
});

describe("applyListEvent", () => {
  it("moves a thread with a new message to the top of the first page and updates its activity", () => {
    const before = pages(["a", "b"], ["c", "d"]);
    const { pages: after, refetch } = applyListEvent(before, created("d"), ctx());
    expect(refetch).toBe(false);
    expect(ids(after)).toEqual([["d", "a", "b"], ["c"]]);
    expect(after[0]!.data[0]!.last_message_at).toBe("2026-01-02T00:00:00.000Z");
    expect(after[1]!.next_cursor).toBe(null);
  });

  it("does not move a thread back in time when an older message arrives late", () => {
    const before = pages(["a", "b"]);
    const { pages: after } = applyListEvent(before, created("b", "2025-12-31T00:00:00.000Z"), ctx());
    expect(after[0]!.data[0]!.last_message_at).toBe("2026-01-01T10:00:00.000Z");
  });

  it("keeps search results in their ranked order", () => {
    const before = pages(["a", "b"]);
    const { pages: after } = applyListEvent(before, created("b"), ctx({ search: "order" }));
    expect(ids(after)).toEqual([["a", "b"]]);
    expect(after[0]!.data[1]!.last_message_at).toBe("2026-01-02T00:00:00.000Z");
  });

  it("asks for a refetch when a thread that is not loaded gets a message", () => {
    const before = pages(["a"]);
    const result = applyListEvent(before, created("new"), ctx());
    expect(result).toEqual({ pages: before, refetch: true });
  });

  it("updates the pending badge and the mode in place, leaving other pages untouched", () => {
    const before = pages(["a", "b"], ["c"]);
    const pending = applyListEvent(
      before,
      { type: "pending_count", thread_id: "b", pending_count: 3 },
      ctx(),
    );
    expect(ids(pending.pages)).toEqual([["a", "b"], ["c"]]);
    expect(pending.pages[0]!.data[1]!.pending_count).toBe(3);
    expect(pending.pages[1]).toBe(before[1]);
    const mode = applyListEvent(
      pending.pages,
      { type: "mode_changed", thread_id: "c", mode: "manual" },
      ctx(),
    );
    expect(mode.pages[1]!.data[0]!.mode).toBe("manual");
    expect(mode.pages[0]).toBe(pending.pages[0]);
  });

  it("returns the same pages when nothing changed", () => {
    const before = pages(["a"]);
    const result = applyListEvent(before, { type: "mode_changed", thread_id: "a", mode: "auto" }, ctx());
    expect(result.pages).toBe(before);
  });

  it("sets and clears the assignee", () => {
    const before = pages(["a"]);
    const assigned = applyListEvent(
      before,
      { type: "thread_assigned", thread_id: "a", assignee: { id: "op2", name: "Ivan" } },
      ctx(),
    );
    expect(assigned.pages[0]!.data[0]!.assignee).toEqual({ id: "op2", name: "Ivan" });
    const cleared = applyListEvent(
      assigned.pages,
      { type: "thread_assigned", thread_id: "a", assignee: null },
      ctx(),
    );
    expect(cleared.pages[0]!.data[0]!.assignee).toBeNull();
  });

  it("drops a thread that no longer matches the filters", () => {
    const waiting = [
      { data: [thread("a", { pending_count: 1 }), thread("b", { pending_count: 2 })], next_cursor: null },
    ];
    const answered = applyListEvent(
      waiting,
      { type: "pending_count", thread_id: "a", pending_count: 0 },
      ctx({ waiting: true }),
    );
    expect(ids(answered.pages)).toEqual([["b"]]);

    const auto = pages(["a", "b"]);
    const takenOver = applyListEvent(
      auto,
      { type: "mode_changed", thread_id: "b", mode: "manual" },
      ctx({ mode: "auto" }),
    );
    expect(ids(takenOver.pages)).toEqual([["a"]]);

    const mine = [{ data: [thread("a", { assignee: { id: "op1", name: "Me" } })], next_cursor: null }];
    const reassigned = applyListEvent(
      mine,
      { type: "thread_assigned", thread_id: "a", assignee: { id: "op2", name: "Ivan" } },
      ctx({ assignee: "me" }),
    );
    expect(ids(reassigned.pages)).toEqual([[]]);
  });

  it("asks for a refetch when a thread that is not loaded may now match the filters", () => {
    const before = pages(["a"]);
    const refetchOf = (event: ThreadEvent, filters: Partial<InboxFilters>) =>
      applyListEvent(before, event, ctx(filters)).refetch;
    expect(refetchOf({ type: "pending_count", thread_id: "x", pending_count: 1 }, { waiting: true })).toBe(
      true,
    );
    expect(refetchOf({ type: "pending_count", thread_id: "x", pending_count: 0 }, { waiting: true })).toBe(
      false,
    );
    expect(refetchOf({ type: "pending_count", thread_id: "x", pending_count: 1 }, {})).toBe(false);
    expect(refetchOf({ type: "mode_changed", thread_id: "x", mode: "manual" }, { mode: "manual" })).toBe(
      true,
    );
    expect(refetchOf({ type: "mode_changed", thread_id: "x", mode: "manual" }, {})).toBe(false);
    const toMe: ThreadEvent = {
      type: "thread_assigned",
      thread_id: "x",
      assignee: { id: "op1", name: "Me" },
    };
    expect(refetchOf(toMe, { assignee: "me" })).toBe(true);
    expect(refetchOf(toMe, { assignee: "none" })).toBe(false);
    expect(refetchOf({ type: "thread_assigned", thread_id: "x", assignee: null }, { assignee: "none" })).toBe(
      true,
    );
  });
});

describe("flattenThreads", () => {
  it("lists each thread once, in page order", () => {
    expect(flattenThreads(pages(["a", "b"], ["b", "c"])).map((t) => t.id)).toEqual(["a", "b", "c"]);
  });
});

describe("toThreadEvent", () => {
  it("accepts the four event types by their data's type and refuses malformed or unknown frames", () => {
    expect(toThreadEvent({ type: "pending_count", thread_id: "a", pending_count: 2 })).toEqual({
      type: "pending_count",
      thread_id: "a",
      pending_count: 2,
    });
    expect(toThreadEvent({ type: "thread_assigned", thread_id: "a", assignee: null })?.type).toBe(
      "thread_assigned",
    );
    expect(toThreadEvent({ type: "mode_changed", thread_id: "a", mode: "manual" })?.type).toBe(
      "mode_changed",
    );
    expect(toThreadEvent({ type: "mode_changed", thread_id: "a", mode: "sleeping" })).toBeNull();
    expect(toThreadEvent({ type: "message_created", thread_id: "a" })).toBeNull();
    expect(toThreadEvent({ type: "thread_deleted", thread_id: "a" })).toBeNull();
    // Without a type (the data of a named frame from an older server) it is not a ThreadEvent.
    expect(toThreadEvent({ thread_id: "a", pending_count: 2 })).toBeNull();
    expect(toThreadEvent("nope")).toBeNull();
  });
});

describe("the row's preview", () => {
  it("shows the newest message with text; a tool step keeps the one before", () => {
    const list = pages(["a", "b"]);
    const withText = applyListEvent(list, created("b", "2026-01-03T00:00:00.000Z"), ctx()).pages;
    expect(withText[0]!.data[0]).toMatchObject({
      id: "b",
      last_message: { author: "user", content: "hello" },
    });
    const tool: ThreadEvent = {
      type: "message_created",
      thread_id: "b",
      message: {
        ...message("2026-01-04T00:00:00.000Z"),
        role: "tool",
        author: "bot",
        content: "get_time: {}",
      },
    };
    const after = applyListEvent(withText, tool, ctx()).pages;
    expect(after[0]!.data[0]!.last_message).toMatchObject({ content: "hello" });
  });
});

describe("labels_changed", () => {
  const changed = (threadId: string, labels: string[], added: string[], removed: string[]): ThreadEvent => ({
    type: "labels_changed",
    thread_id: threadId,
    labels,
    added,
    removed,
  });

  it("shows the thread's new labels, and drops it from a list filtered by a label it lost", () => {
    const before = pages(["a", "b"]);
    const shown = applyListEvent(before, changed("a", ["vip"], ["vip"], []), ctx());
    expect(shown.pages[0]!.data[0]!.labels).toEqual(["vip"]);
    const filtered: ThreadList[] = [{ data: [thread("a", { labels: ["vip"] })], next_cursor: null }];
    const lost = applyListEvent(filtered, changed("a", [], [], ["vip"]), ctx({ labels: ["vip"] }));
    expect(ids(lost.pages)).toEqual([[]]);
  });

  it("refetches a label-filtered list when a thread not loaded gets a label", () => {
    expect(
      applyListEvent(pages(["a"]), changed("z", ["vip"], ["vip"], []), ctx({ labels: ["vip"] })).refetch,
    ).toBe(true);
    expect(applyListEvent(pages(["a"]), changed("z", ["vip"], ["vip"], []), ctx()).refetch).toBe(false);
    expect(
      toThreadEvent({ type: "labels_changed", thread_id: "a", labels: ["x"], added: ["x"], removed: [] }),
    ).not.toBeNull();
  });
});
