import type { Insertable } from "kysely";
import type { DomainEvent } from "../../src/events/domain-event.js";
import type { PublicMessage } from "../../src/events/message.js";
import { RollupBatch } from "../../src/modules/analytics/rollup-batch.js";
import {
  recordCharge,
  recordFailure,
  recordFeedback,
  recordMessage,
  recordModeChange,
  recordReply,
  startThread,
} from "../../src/modules/analytics/thread-progress.js";
import {
  HOURLY_COUNTS,
  type HourlyCounts,
  KEYED_COUNTS,
  type KeyedCounts,
  type RollupKey,
} from "../../src/storage/repos/analytics.repo.js";
import type { Repos } from "../../src/storage/repos/index.js";
import type { AnalyticsHourlyTable } from "../../src/storage/schema-analytics.js";

/**
 * A year of conversations, as the analytics listener would count them: every event goes through
 * the listener's own rules (thread-progress.ts, RollupBatch), and the rows its upserts would
 * leave are summed in memory instead, to be inserted in bulk. The rows are the same as the live
 * listener's for the same events; only the writing differs (bulk inserts, not one upsert each).
 *
 * The conversations: 3 bots on 3 channels; each 1–4 user turns, most answered by the AI within
 * 0.5–20 s (a quarter after a tool call), 6 % of turns handed to a person by the AI's tool, 2 %
 * taken over by an operator, who answer within 1–60 min; 3 % of AI turns fail; 5 % of replies
 * rated. Starts follow a daily curve (busier in the day, UTC), spread over the year.
 */
export interface Workload {
  hourly: Array<Insertable<AnalyticsHourlyTable>>;
  messages: number;
  conversations: number;
}

const BOTS = ["bot_support", "bot_sales", "bot_faq"];
const CHANNELS = ["telegram", "parley", "whatsapp"];
const TOOLS = ["get_current_time", "search_orders", "create_lead", "knowledge_search"];
const FAILURES = ["model_error", "model_timeout", "insufficient_credits"];
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

export async function generateWorkload(options: {
  projectId: string;
  messages: number;
  /** The year's first instant; conversations start within 365 days of it. */
  start: number;
  random: () => number;
}): Promise<Workload> {
  const { projectId, random } = options;
  const hourly = new Map<string, HourlySums>();
  const sink = {
    analytics: {
      addHourly: async (increments: Array<{ key: RollupKey; counts: HourlyCounts; keyed: KeyedCounts }>) => {
        for (const { key, counts, keyed } of increments) {
          const id = `${key.botId}|${key.channel}|${key.hour}`;
          let row = hourly.get(id);
          if (!row) {
            row = {
              key,
              counts: zero(),
              keyed: Object.fromEntries(KEYED_COUNTS.map((m) => [m, {}])) as KeyedCounts,
            };
            hourly.set(id, row);
          }
          for (const column of HOURLY_COUNTS) row.counts[column] += counts[column];
          for (const metric of KEYED_COUNTS) {
            const into = row.keyed[metric];
            for (const [name, n] of Object.entries(keyed[metric])) into[name] = (into[name] ?? 0) + n;
          }
        }
      },
    },
  } as unknown as Repos;

  const pick = <T>(items: readonly T[], weights?: readonly number[]): T => {
    if (!weights) return items[Math.floor(random() * items.length)]!;
    let r = random();
    for (const [i, w] of weights.entries()) {
      if (r < w) return items[i]!;
      r -= w;
    }
    return items[items.length - 1]!;
  };
  /** Log-uniform between two durations. */
  const between = (low: number, high: number) => Math.round(low * (high / low) ** random());
  /** A start in the year, busier between 08:00 and 20:00 UTC. */
  const startAt = () => {
    const day = Math.floor(random() * 365);
    const hour = random() < 0.75 ? 8 + Math.floor(random() * 12) : Math.floor(random() * 24);
    return options.start + day * DAY + hour * 60 * MINUTE + Math.floor(random() * 60 * MINUTE);
  };

  let messages = 0;
  let conversations = 0;
  let ids = 0;
  while (messages < options.messages) {
    conversations++;
    const batch = new RollupBatch(projectId);
    const threadId = `thr_${conversations}`;
    let at = startAt();
    const iso = () => new Date(at).toISOString();
    const state = startThread(
      batch,
      { id: threadId, chat_id: "chat", bot_id: pick(BOTS, [0.5, 0.3, 0.2]), mode: "auto", created_at: iso() },
      projectId,
      pick(CHANNELS, [0.5, 0.3, 0.2]),
    );
    const message = (
      author: PublicMessage["author"],
      content = "text",
      extra: Partial<PublicMessage> = {},
    ) => {
      recordMessage(batch, state, {
        id: `msg_${ids++}`,
        role: author === "user" ? "user" : "assistant",
        author,
        content,
        created_at: iso(),
        ...extra,
      });
      if (content !== "") messages++;
    };
    const modeChange = (
      event: Omit<Extract<DomainEvent, { type: "thread.mode.changed" }>, "type" | "threadId" | "chatId">,
    ) => recordModeChange(batch, state, { type: "thread.mode.changed", threadId, chatId: "chat", ...event });
    const turns = 1 + Math.floor(random() * 4);
    for (let turn = 0; turn < turns && messages < options.messages; turn++) {
      message("user");
      if (state.mode !== "auto") {
        at += between(MINUTE, 60 * MINUTE);
        message("operator");
      } else if (random() < 0.03) {
        at += between(5 * SECOND, 60 * SECOND);
        recordFailure(batch, state, pick(FAILURES), at);
      } else {
        at += between(500, 20 * SECOND);
        let calls = 1;
        if (random() < 0.25) {
          message("bot", "", { tool_calls: [{ id: `call_${ids}`, name: pick(TOOLS), args: {} }] });
          calls = 2;
        }
        const handoff = random() < 0.06;
        if (handoff) {
          message("bot", "", { tool_calls: [{ id: `call_${ids}`, name: "handoff_to_operator", args: {} }] });
          modeChange({ mode: "manual", previousMode: "auto", source: "tool" });
          calls = 2;
        }
        message("bot");
        recordReply(batch, state, at);
        recordCharge(batch, state, 70 * calls, at);
        if (random() < 0.05) {
          const rating = random() < 0.8 ? "up" : "down";
          recordFeedback(batch, state, feedbackOf(threadId, rating, iso()));
        }
        if (!handoff && random() < 0.02) {
          modeChange({
            mode: "operator",
            previousMode: "auto",
            by: { type: "operator", id: "op_1", name: "Ann" },
          });
        }
      }
      at += between(30 * SECOND, 10 * MINUTE);
    }
    await batch.flush(sink);
  }
  const rows = [...hourly.values()].map(
    ({ key, counts, keyed }): Insertable<AnalyticsHourlyTable> => ({
      project_id: key.projectId,
      bot_id: key.botId,
      channel: key.channel,
      hour: key.hour,
      ...counts,
      ...(Object.fromEntries(KEYED_COUNTS.map((m) => [m, JSON.stringify(keyed[m])])) as Record<
        (typeof KEYED_COUNTS)[number],
        string
      >),
    }),
  );
  return { hourly: rows, messages, conversations };
}

interface HourlySums {
  key: RollupKey;
  counts: HourlyCounts;
  keyed: KeyedCounts;
}

function zero(): HourlyCounts {
  return Object.fromEntries(HOURLY_COUNTS.map((column) => [column, 0])) as HourlyCounts;
}

function feedbackOf(
  threadId: string,
  rating: "up" | "down",
  at: string,
): Extract<DomainEvent, { type: "message.feedback" }> {
  return {
    type: "message.feedback",
    threadId,
    chatId: "chat",
    messageId: "msg",
    feedback: {
      id: "fb",
      message_id: "msg",
      thread_id: threadId,
      source: "customer",
      rating,
      comment: null,
      correction: null,
      operator: null,
      created_at: at,
      updated_at: at,
    },
    previous: null,
    removed: false,
  };
}
