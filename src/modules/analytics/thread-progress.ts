import type { DomainEvent } from "../../events/domain-event.js";
import type { PublicMessage } from "../../events/message.js";
import type { AnalyticsThreadRow } from "../../storage/repos/analytics.repo.js";
import type { ThreadMode } from "../../storage/schema-conversations.js";
import { binOf } from "./response-time-bins.js";
import type { RollupBatch } from "./rollup-batch.js";
import { hourOf } from "./zoned-days.js";

/**
 * How each event moves a thread's analytics (docs/quality.md, "Analytics"), given what analytics
 * remembers of the thread: pure rules over its state row and the change's increments.
 */

type ModeChanged = Extract<DomainEvent, { type: "thread.mode.changed" }>;
type Feedback = Extract<DomainEvent, { type: "message.feedback" }>;

/** Why a thread was handed to a person, as analytics counts it. */
export type HandoffReason = "tool" | "reply_failure" | "operator" | "api" | "unknown";

const isHuman = (mode: ThreadMode) => mode === "manual" || mode === "operator";
const hourAt = (iso: string) => hourOf(Date.parse(iso));

/** A new thread: its conversation counts in the hour it started. */
export function startThread(
  batch: RollupBatch,
  thread: Extract<DomainEvent, { type: "thread.created" }>["thread"],
  projectId: string,
  channel: string,
): AnalyticsThreadRow {
  const state: AnalyticsThreadRow = {
    project_id: projectId,
    thread_id: thread.id,
    hour: hourAt(thread.created_at),
    bot_id: thread.bot_id,
    channel,
    mode: thread.mode,
    bot_replied: 0,
    handed_off: 0,
    bot_waiting_since: null,
    people_waiting_since: null,
  };
  batch.add(state, state.hour, { conversations: 1 });
  return state;
}

/**
 * A stored message: counted by author in its hour if people see it (an AI message without
 * text, only calling tools, and tool results are not); the tools an AI message called; and the
 * first response times it ends. A user message starts a wait for the bot (in mode `auto`) or
 * for a person (in `manual` or `operator`) unless one is running; the bot's next message with
 * text ends the bot's wait; a person's message ends both.
 */
export function recordMessage(batch: RollupBatch, state: AnalyticsThreadRow, message: PublicMessage): void {
  if (message.role === "tool") return;
  const hour = hourAt(message.created_at);
  const hasText = message.content.trim() !== "";
  const waited = (since: string) => Math.max(0, Date.parse(message.created_at) - Date.parse(since));
  switch (message.author) {
    case "user":
      batch.add(state, hour, { user_messages: 1 });
      if (state.mode === "auto") state.bot_waiting_since ??= message.created_at;
      else if (isHuman(state.mode)) state.people_waiting_since ??= message.created_at;
      return;
    case "bot":
      for (const call of message.tool_calls ?? []) batch.count(state, hour, "tool_calls", call.name);
      if (!hasText) return;
      batch.add(state, hour, { bot_messages: 1 });
      if (state.bot_waiting_since !== null) {
        batch.count(state, hour, "frt_bot", String(binOf(waited(state.bot_waiting_since))));
        state.bot_waiting_since = null;
      }
      return;
    case "operator":
      batch.add(state, hour, { operator_messages: 1 });
      if (state.people_waiting_since !== null) {
        batch.count(state, hour, "frt_people", String(binOf(waited(state.people_waiting_since))));
      }
      state.people_waiting_since = null;
      state.bot_waiting_since = null;
      return;
  }
}

/** An AI reply (once per answered turn), in the hour `at`; the thread's first makes it resolved unless handed off. */
export function recordReply(batch: RollupBatch, state: AnalyticsThreadRow, at: number): void {
  batch.add(state, hourOf(at), { bot_replies: 1 });
  if (state.bot_replied === 1) return;
  state.bot_replied = 1;
  if (state.handed_off === 0) batch.add(state, state.hour, { resolved: 1 });
}

/** A reply the AI gave up on, by its code, in the hour `at`. */
export function recordFailure(batch: RollupBatch, state: AnalyticsThreadRow, code: string, at: number): void {
  batch.add(state, hourOf(at), { failed_replies: 1 });
  batch.count(state, hourOf(at), "failures", code);
}

/** What billing charged for a reply, in millicredits, in the hour `at`. */
export function recordCharge(
  batch: RollupBatch,
  state: AnalyticsThreadRow,
  amount: number,
  at: number,
): void {
  batch.add(state, hourOf(at), { cost: amount });
}

/**
 * A mode switch. From `auto` to `manual` or `operator` is a hand-over: the first one of a
 * thread counts it as handed off (no longer resolved), with its reason, in the hour the thread
 * started. A user waiting for the bot now waits for a person; back in `auto`, one still waiting
 * for a person waits for the bot (since the same message). `blocked` ends every wait.
 */
export function recordModeChange(batch: RollupBatch, state: AnalyticsThreadRow, event: ModeChanged): void {
  state.mode = event.mode;
  if (event.mode === "blocked") {
    state.bot_waiting_since = null;
    state.people_waiting_since = null;
    return;
  }
  if (event.previousMode === "auto" && isHuman(event.mode)) {
    state.people_waiting_since ??= state.bot_waiting_since;
    if (state.handed_off === 1) return;
    state.handed_off = 1;
    batch.add(state, state.hour, { handed_off: 1, resolved: state.bot_replied === 1 ? -1 : 0 });
    batch.count(state, state.hour, "handoffs", handoffReason(event));
    return;
  }
  if (isHuman(event.previousMode) && event.mode === "auto") {
    state.bot_waiting_since = state.people_waiting_since;
    state.people_waiting_since = null;
  }
}

export function handoffReason(event: ModeChanged): HandoffReason {
  if (event.by?.type === "operator") return "operator";
  if (event.by?.type === "api_key") return "api";
  return event.source ?? "unknown";
}

/**
 * A rating given, changed or removed: counted in the hour the feedback was first given, so a
 * change moves one count within the same hour and a removal takes it back.
 */
export function recordFeedback(batch: RollupBatch, state: AnalyticsThreadRow, event: Feedback): void {
  const hour = hourAt(event.feedback.created_at);
  const column = (rating: "up" | "down") => (rating === "up" ? "feedback_up" : "feedback_down");
  if (event.removed) {
    batch.add(state, hour, { [column(event.previous?.rating ?? event.feedback.rating)]: -1 });
    return;
  }
  if (event.previous === null) {
    batch.add(state, hour, { [column(event.feedback.rating)]: 1 });
    return;
  }
  if (event.previous.rating === event.feedback.rating) return;
  batch.add(state, hour, { [column(event.previous.rating)]: -1, [column(event.feedback.rating)]: 1 });
}
