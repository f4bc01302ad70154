import { describe, expect, it } from "vitest";
import type { DomainEvent } from "../../../src/events/domain-event.js";
import type { PublicMessage } from "../../../src/events/message.js";
import { binOf } from "../../../src/modules/analytics/response-time-bins.js";
import { RollupBatch } from "../../../src/modules/analytics/rollup-batch.js";
import {
  recordFeedback,
  recordMessage,
  recordModeChange,
  recordReply,
  startThread,
} from "../../../src/modules/analytics/thread-progress.js";
import type { HourlyCounts, KeyedCounts, RollupKey } from "../../../src/storage/repos/analytics.repo.js";
import type { Repos } from "../../../src/storage/repos/index.js";
import type { ThreadMode } from "../../../src/storage/schema-conversations.js";

/** The rules of thread-progress.ts on one thread, its increments read back from the batch. */
const START = Date.parse("2026-11-21T10:00:00Z");
const at = (seconds: number) => new Date(START + seconds * 1000).toISOString();
const HOUR = Math.floor(START / 3_600_000);

function harness() {
  const batch = new RollupBatch("prj_1");
  const state = startThread(
    batch,
    { id: "th_1", chat_id: "chat_1", bot_id: "bot_1", mode: "auto", created_at: at(0) },
    "prj_1",
    "telegram",
  );
  let n = 0;
  const message = (author: PublicMessage["author"], seconds: number, extra: Partial<PublicMessage> = {}) =>
    recordMessage(batch, state, {
      id: `msg_${n++}`,
      role: author === "user" ? "user" : "assistant",
      author,
      content: "text",
      created_at: at(seconds),
      ...extra,
    });
  const mode = (
    previousMode: ThreadMode,
    next: ThreadMode,
    who: Partial<DomainEvent & { type: "thread.mode.changed" }> = {},
  ) =>
    recordModeChange(batch, state, {
      type: "thread.mode.changed",
      threadId: "th_1",
      chatId: "chat_1",
      mode: next,
      previousMode,
      ...who,
    } as Extract<DomainEvent, { type: "thread.mode.changed" }>);
  /**
   * What the batch would write to the thread's own row (its bot and channel): non-zero counts
   * and keyed counts by metric:name; and every row's key.
   */
  const written = async () => {
    const hourly: Partial<HourlyCounts> = {};
    const counters: Record<string, number> = {};
    const keys: RollupKey[] = [];
    const repos = {
      analytics: {
        addHourly: async (rows: Array<{ key: RollupKey; counts: HourlyCounts; keyed: KeyedCounts }>) => {
          for (const { key, counts, keyed } of rows) {
            keys.push(key);
            if (key.botId !== "bot_1" || key.channel !== "telegram") continue;
            for (const [column, value] of Object.entries(counts) as Array<[keyof HourlyCounts, number]>) {
              if (value !== 0) hourly[column] = (hourly[column] ?? 0) + value;
            }
            for (const [metric, names] of Object.entries(keyed)) {
              for (const [name, value] of Object.entries(names)) {
                counters[`${metric}:${name}`] = (counters[`${metric}:${name}`] ?? 0) + value;
              }
            }
          }
        },
      },
    } as unknown as Repos;
    await batch.flush(repos);
    return { hourly, counters, keys };
  };
  return { batch, state, message, mode, written };
}

describe("a thread's analytics", () => {
  it("a resolved conversation: counted once, in its bucket, with the bot's first response time", async () => {
    const { batch, state, message, written } = harness();
    message("user", 1);
    message("user", 2);
    // An AI message that only calls a tool: its call counts, the message and the wait do not.
    message("bot", 3, { content: "", tool_calls: [{ id: "c1", name: "get_current_time", args: {} }] });
    message("bot", 5);
    recordReply(batch, state, START + 5000);
    message("user", 10);
    message("bot", 12);
    recordReply(batch, state, START + 12000);
    const { hourly, counters, keys } = await written();
    expect(hourly).toEqual({
      conversations: 1,
      resolved: 1,
      user_messages: 3,
      bot_messages: 2,
      bot_replies: 2,
    });
    expect(counters).toEqual({
      "tool_calls:get_current_time": 1,
      // From the first waiting message (1 s) to the answer (5 s); then 10 s to 12 s.
      [`frt_bot:${binOf(4000)}`]: 1,
      [`frt_bot:${binOf(2000)}`]: 1,
    });
    // The thread's row, and the rows of its bot, its channel and the project: once each, in key order.
    expect(keys).toEqual([
      { projectId: "prj_1", botId: "*", channel: "*", hour: HOUR },
      { projectId: "prj_1", botId: "*", channel: "telegram", hour: HOUR },
      { projectId: "prj_1", botId: "bot_1", channel: "*", hour: HOUR },
      { projectId: "prj_1", botId: "bot_1", channel: "telegram", hour: HOUR },
    ]);
  });

  it("the AI hands off with its tool: handed off once, no longer resolved; a person's first response", async () => {
    const { batch, state, message, mode, written } = harness();
    message("user", 0);
    message("bot", 2);
    recordReply(batch, state, START + 2000);
    message("user", 10);
    mode("auto", "manual", { source: "tool" });
    message("bot", 11); // "A colleague will take over."
    message("user", 20); // still waiting for the person since 10 s
    mode("manual", "operator", { by: { type: "operator", id: "op_1", name: "Ann" } });
    message("operator", 70);
    // Back to the AI and handed off again: still one hand-over.
    mode("operator", "auto", { by: { type: "api_key", id: "key_1", name: null } });
    mode("auto", "manual", { by: { type: "operator", id: "op_1", name: "Ann" } });
    const { hourly, counters } = await written();
    expect(hourly).toEqual({
      conversations: 1,
      handed_off: 1,
      user_messages: 3,
      bot_messages: 2,
      operator_messages: 1,
      bot_replies: 1,
    });
    expect(counters).toEqual({
      "handoffs:tool": 1,
      [`frt_bot:${binOf(2000)}`]: 1,
      [`frt_bot:${binOf(1000)}`]: 1,
      [`frt_people:${binOf(60_000)}`]: 1,
    });
    expect(state).toMatchObject({ handed_off: 1, bot_replied: 1, mode: "manual" });
  });

  it("waits carry over a return to the AI; blocking ends them; a person answering first ends the bot's", async () => {
    const { state, message, mode, written } = harness();
    mode("auto", "manual", { source: "reply_failure" });
    message("user", 0);
    expect(state).toMatchObject({ bot_waiting_since: null, people_waiting_since: at(0) });
    mode("manual", "auto", { by: { type: "api_key", id: "key_1", name: null } });
    expect(state).toMatchObject({ bot_waiting_since: at(0), people_waiting_since: null });
    message("bot", 30);
    message("user", 40);
    mode("auto", "blocked");
    expect(state).toMatchObject({ bot_waiting_since: null, people_waiting_since: null });
    mode("blocked", "auto");
    message("user", 50);
    message("operator", 55); // a person answered in auto: no person's time, the bot's wait is over
    message("bot", 60);
    const { hourly, counters } = await written();
    // Handed off before any AI reply: never resolved, nothing taken back.
    expect(hourly).toEqual({
      conversations: 1,
      handed_off: 1,
      user_messages: 3,
      bot_messages: 2,
      operator_messages: 1,
    });
    expect(counters).toEqual({ "handoffs:reply_failure": 1, [`frt_bot:${binOf(30_000)}`]: 1 });
  });

  it("the reason of a hand-over: who or what did it", async () => {
    for (const [who, reason] of [
      [{ by: { type: "operator", id: "op", name: "Ann" } }, "operator"],
      [{ by: { type: "api_key", id: "key", name: null } }, "api"],
      [{ source: "tool" }, "tool"],
      [{}, "unknown"],
    ] as const) {
      const { mode, written } = harness();
      mode("auto", "operator", who);
      expect((await written()).counters).toEqual({ [`handoffs:${reason}`]: 1 });
    }
  });

  it("feedback: given, changed, removed, unchanged, in the hour it was first given", async () => {
    const { batch, state, written } = harness();
    const given = at(7200);
    const event = (rating: "up" | "down", previous: "up" | "down" | null, removed = false) =>
      recordFeedback(batch, state, {
        type: "message.feedback",
        threadId: "th_1",
        chatId: "chat_1",
        messageId: "msg_1",
        feedback: {
          id: "fb_1",
          message_id: "msg_1",
          thread_id: "th_1",
          source: "customer",
          rating,
          comment: null,
          correction: null,
          operator: null,
          created_at: given,
          updated_at: at(9000),
        },
        previous: previous === null ? null : { rating: previous },
        removed,
      });
    event("up", null);
    event("down", "up");
    event("down", "down"); // a new comment, the same rating
    event("up", "down");
    event("up", "up", true);
    event("down", null);
    const { hourly, keys } = await written();
    expect(hourly).toEqual({ conversations: 1, feedback_down: 1 });
    expect(keys.map((k) => k.hour)).toContain(HOUR + 2);
  });
});
