import { expect } from "vitest";
import { sseData } from "./sse-client.js";
import type { TestApp } from "./test-app.js";
import { WAIT_BOUND_MS } from "./wait-bound.js";

/** A bot, a `parley` integration and an active chat bound to the bot. */
export async function activeChat(
  t: TestApp,
  key = t.adminKey,
  /** The integration's vendor and credentials (a vendor fake's); the `parley` channel by default. */
  channel: { vendor: string; auth_data: Record<string, unknown> } = { vendor: "parley", auth_data: {} },
) {
  const bot = (await t.call("POST", "/v1/bots", { key, body: { name: "Helper" } })).json();
  const integration = (
    await t.call("POST", "/v1/integrations", { key, body: { name: "Web", ...channel } })
  ).json();
  const chat = (
    await t.call("POST", `/v1/integrations/${integration.id}/chats`, {
      key,
      body: { bot_id: bot.id, name: "site" },
    })
  ).json();
  const activated = await t.call("POST", `/v1/integrations/${integration.id}/chats/${chat.id}/status`, {
    key,
    body: { status: "active" },
  });
  expect(activated.statusCode).toBe(200);
  return { bot, integration, chat };
}

/** Sends user messages through the stream endpoint and returns the parsed events. */
export async function streamTurn(
  t: TestApp,
  chatId: string,
  threadId: string,
  texts: string | string[],
  options: { key?: string; query?: string; extra?: Record<string, unknown> } = {},
) {
  const messages = (Array.isArray(texts) ? texts : [texts]).map((content) => ({ role: "user", content }));
  const response = await t.call(
    "POST",
    `/v1/chats/${chatId}/threads/${threadId}/stream${options.query ?? ""}`,
    {
      key: options.key ?? t.adminKey,
      body: { messages, ...options.extra },
    },
  );
  const events = response.headers["content-type"]?.toString().startsWith("text/event-stream")
    ? (sseData(response.body) as Array<Record<string, unknown>>)
    : [];
  return {
    response,
    events,
    text: events
      .filter((e) => e.type === "text-delta")
      .map((e) => e.textDelta)
      .join(""),
  };
}

/** Polls until the predicate holds (background jobs, events); past the bound, returns the last value for the caller's assertion. */
export async function eventually<T>(
  probe: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = WAIT_BOUND_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    if (Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
