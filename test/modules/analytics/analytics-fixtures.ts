import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";
import type { DomainEvent } from "../../../src/events/domain-event.js";
import { analyticsListener } from "../../../src/modules/analytics/index.js";
import { createRepos } from "../../../src/storage/repos/index.js";
import { lastToolResult, lastUserText, type ScriptedReply } from "../../helpers/mock-model.js";
import type { TestApp } from "../../helpers/test-app.js";

/**
 * What the analytics tests share: a model that acts on keywords of the user's message, prices
 * that make every model call cost 70 millicredits (10 input and 5 output tokens at $2 and $10
 * per million, 1000 credits per dollar), and feedback recorded through the listener (the
 * feedback API is another module's).
 */
export const PRICED_ENV = {
  PARLEY_MODELS: JSON.stringify([{ id: "openai/gpt-5", input_price: 2, output_price: 10 }]),
  PARLEY_CREDITS_PER_USD: "1000",
  PARLEY_BILLING_WELCOME_BONUS: "1000",
  PARLEY_BILLING_ENFORCE: "false",
  PARLEY_MODEL_MAX_ATTEMPTS: "1",
};

export const COST_PER_CALL = 70;

/** `clock` → get_current_time, `person` → handoff_to_operator, `break` → an error; else an echo. */
export function keywordScript(gates: Map<string, Promise<unknown>> = new Map()) {
  return (options: LanguageModelV3CallOptions): ScriptedReply => {
    const text = lastUserText(options);
    const until = [...gates.entries()].find(([word]) => text.includes(word))?.[1];
    const gated = until ? { until } : {};
    if (text.includes("break")) return { error: new Error("the model broke"), ...gated };
    if (lastToolResult(options) !== undefined) {
      return { text: text.includes("person") ? "A colleague will take over." : "It is noon.", ...gated };
    }
    if (text.includes("clock")) return { toolCall: { name: "get_current_time", input: {} }, ...gated };
    if (text.includes("person")) {
      return { toolCall: { name: "handoff_to_operator", input: { reason: "asked for one" } }, ...gated };
    }
    return { text: `Echo: ${text}`, ...gated };
  };
}

/** Records events through the analytics listener alone, in one transaction, as a unit of work would. */
export async function recordThroughListener(
  t: TestApp,
  events: DomainEvent[],
  now: () => Date = () => new Date(),
): Promise<void> {
  await createRepos(t.storage.db).transaction((repos) =>
    analyticsListener({ clock: { now } }).record(repos, t.projectId, events, () => undefined),
  );
}

/** A `message.feedback` event as the feedback module records it. */
export function feedbackEvent(
  message: { id: string; thread_id: string; chat_id: string },
  rating: "up" | "down",
  previous: "up" | "down" | null,
  options: { createdAt?: string; removed?: boolean } = {},
): DomainEvent {
  const createdAt = options.createdAt ?? new Date().toISOString();
  return {
    type: "message.feedback",
    threadId: message.thread_id,
    chatId: message.chat_id,
    messageId: message.id,
    feedback: {
      id: `fb_${message.id}`,
      message_id: message.id,
      thread_id: message.thread_id,
      source: "customer",
      rating,
      comment: null,
      correction: null,
      operator: null,
      created_at: createdAt,
      updated_at: createdAt,
    },
    previous: previous === null ? null : { rating: previous },
    removed: options.removed ?? false,
  };
}
