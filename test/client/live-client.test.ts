import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  collectReply,
  createParleyClient,
  type ParleyClient,
  ParleyError,
  type ReplayedEvent,
  type ReplyEvent,
  replyJson,
  streamReply,
  type ThreadEventMessage,
  threadEvents,
  unwrap,
} from "../../client/src/index.js";
import { DIALECTS, shouldSkip } from "../helpers/dialects.js";
import { listen } from "../helpers/live-app.js";
import { lastUserText, type ScriptedReply, scriptedModel } from "../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { activeChatThroughClient, fetchCuttingFirstEventStream } from "./client-fixtures.js";

type Script = Parameters<typeof scriptedModel>[0] & {};

/** A Parley on a loopback port with a scripted model, and a client of it. */
async function startParley(dialect: "sqlite" | "postgres", script: () => Script) {
  const mock = scriptedModel((options, call) => script()(options, call));
  const t = await createTestApp({
    dialect,
    modelOverride: () => mock.model,
    env: { PARLEY_MODEL_MAX_ATTEMPTS: "1" },
  });
  const baseUrl = await listen(t);
  return { t, mock, baseUrl, client: createParleyClient({ baseUrl, apiKey: t.adminKey }) };
}

async function collect<T>(events: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const event of events) all.push(event);
  return all;
}

/** Thread events from the start of the log until (and with) the one `until` accepts. */
async function eventsUntil(
  iterator: AsyncGenerator<ThreadEventMessage>,
  until: (message: ThreadEventMessage) => boolean,
): Promise<ThreadEventMessage[]> {
  const read: ThreadEventMessage[] = [];
  for await (const message of iterator) {
    read.push(message);
    if (until(message)) break;
  }
  return read;
}

const echo: Script = (options) => ({ text: `Echo: ${lastUserText(options)}` });

describe.each(DIALECTS)("@parley/client against a running Parley on %s", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it.skipIf(shouldSkip(dialect))(
    "makes a bot and a chat, streams a reply as typed events, and reads the thread and its events",
    async () => {
      const parley = await startParley(dialect, () => echo);
      t = parley.t;
      const { client } = parley;
      const { bot, chat } = await activeChatThroughClient(client);
      expect(bot.id).toMatch(/^bot_/);

      const events = await collect(
        streamReply(client, {
          chatId: chat.id,
          threadId: "client-1",
          messages: [{ role: "user", content: "hello there" }],
          person: { external_id: "ann", name: "Ann" },
        }),
      );
      const types = events.map((event) => event.type);
      expect(types.at(-1)).toBe("finish");
      expect(types.slice(0, -1).every((type) => type === "text-delta")).toBe(true);
      const text = events.map((event) => (event.type === "text-delta" ? event.textDelta : "")).join("");
      expect(text).toBe("Echo: hello there");
      const finish = events.at(-1) as Extract<ReplyEvent, { type: "finish" }>;
      expect(finish).toMatchObject({ finishReason: "stop", thread_id: "client-1" });

      const thread = await unwrap(
        client.GET("/v1/threads/{thread_id}", { params: { path: { thread_id: "client-1" } } }),
      );
      expect(thread).toMatchObject({
        id: "client-1",
        chat_id: chat.id,
        bot_id: bot.id,
        person: { name: "Ann" },
      });
      const messages = await unwrap(
        client.GET("/v1/threads/{thread_id}/messages", { params: { path: { thread_id: "client-1" } } }),
      );
      expect(messages.map((m) => [m.author, m.content])).toEqual([
        ["user", "hello there"],
        ["bot", "Echo: hello there"],
      ]);
      expect(messages[1]!.id).toBe(finish.message_id);
      const list = await unwrap(client.GET("/v1/threads", { params: { query: { chat_id: chat.id } } }));
      expect(list.data.map((item) => item.id)).toEqual(["client-1"]);

      // From the start of the log: both messages, each with its stream id, in order.
      const logged = await eventsUntil(
        threadEvents(client, { threadId: "client-1", lastEventId: "0" }),
        ({ event }) => event.type === "message_created" && event.message.id === finish.message_id,
      );
      const created = logged.flatMap(({ event }) =>
        event.type === "message_created" ? [event.message.content] : [],
      );
      expect(created).toEqual(["hello there", "Echo: hello there"]);
      expect(logged.every(({ event }) => event.thread_id === "client-1")).toBe(true);
      const ids = logged.map(({ id }) => Number(id));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    },
  );
});

describe("@parley/client against a running Parley", () => {
  let parley: Awaited<ReturnType<typeof startParley>>;
  let script: Script;
  let client: ParleyClient;
  let chatId: string;
  let botId: string;
  beforeEach(async () => {
    script = echo;
    parley = await startParley("sqlite", () => script);
    client = parley.client;
    const { bot, chat } = await activeChatThroughClient(client);
    chatId = chat.id;
    botId = bot.id;
  });
  afterEach(async () => {
    await parley.t.close();
  });

  const ask = (threadId: string, content: string, idempotencyKey?: string) => ({
    chatId,
    threadId,
    messages: [{ role: "user" as const, content }],
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });

  it("streams tool calls and results, and collectReply gathers them with the text", async () => {
    script = (_options, call): ScriptedReply =>
      call === 0
        ? { toolCall: { name: "get_current_time", input: { time_zone: "UTC" } } }
        : { text: "It is now." };
    await unwrap(
      client.POST("/v1/bots/{bot_id}/settings", {
        params: { path: { bot_id: botId } },
        body: { ai: { tools: { get_current_time: "auto" } } },
      }),
    );
    const reply = await collectReply(client, ask("tools-1", "what time is it?"));
    expect(reply).toMatchObject({
      text: "It is now.",
      finishReason: "stop",
      threadId: "tools-1",
      replayed: false,
      toolCalls: [{ type: "tool-call", toolName: "get_current_time", args: { time_zone: "UTC" } }],
      toolResults: [{ type: "tool-result", toolName: "get_current_time", result: { time_zone: "UTC" } }],
    });
    expect(reply.messageId).toMatch(/^msg_/);
  });

  it("a repeat with the same Idempotency-Key is replayed: no second turn, the stored text", async () => {
    const first = await collectReply(client, ask("idem-1", "once", "key-1"));
    const again = await collectReply(client, ask("idem-1", "once", "key-1"));
    expect(again).toMatchObject({ replayed: true, text: "Echo: once", messageId: first.messageId });
    expect(parley.mock.calls).toHaveLength(1);
    const streamed: Array<ReplyEvent | ReplayedEvent> = await collect(
      streamReply(client, ask("idem-1", "once", "key-1")),
    );
    expect(streamed).toEqual([
      { type: "replayed", thread_id: "idem-1", message_id: first.messageId, outcome: "replied" },
    ]);
  });

  it("a failed turn: an error event when streamed, a ParleyError from collectReply and replyJson", async () => {
    script = () => ({ error: new Error("provider down") });
    const events = await collect(streamReply(client, ask("fail-1", "hello?")));
    expect(events).toEqual([{ type: "error", code: "model_error", message: expect.any(String) }]);

    const collected = await collectReply(client, ask("fail-1", "again?")).catch((error: unknown) => error);
    expect(collected).toBeInstanceOf(ParleyError);
    expect(collected).toMatchObject({ status: 200, code: "model_error" });
    expect((collected as ParleyError).request_id).toMatch(/^req_/);

    const blocking = await replyJson(client, ask("fail-1", "and now?")).catch((error: unknown) => error);
    expect(blocking).toBeInstanceOf(ParleyError);
    expect(blocking).toMatchObject({ status: 502, code: "model_error" });
  });

  it("replyJson answers the blocking ReplyResult", async () => {
    const result = await replyJson(client, ask("json-1", "hi"));
    expect(result).toMatchObject({
      thread_id: "json-1",
      outcome: "replied",
      text: "Echo: hi",
      finish_reason: "stop",
      message: { role: "assistant", author: "bot", content: "Echo: hi" },
    });
    expect(result.usage?.total_tokens).toBeGreaterThan(0);
  });

  it("refusals are ParleyErrors with status, code, details and request id", async () => {
    const missing = await unwrap(
      client.GET("/v1/bots/{bot_id}", { params: { path: { bot_id: "bot_missing" } } }),
    ).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(ParleyError);
    expect(missing).toMatchObject({ status: 404, code: "bot_not_found" });
    expect((missing as ParleyError).request_id).toMatch(/^req_/);

    const invalid = await unwrap(client.POST("/v1/bots", { body: { name: "" } })).catch(
      (error: unknown) => error,
    );
    expect(invalid).toMatchObject({ status: 422, code: "validation_failed" });
    expect((invalid as ParleyError).details).toEqual([expect.objectContaining({ path: "name" })]);

    const noChat = collect(streamReply(client, { ...ask("x", "hi"), chatId: "chat_missing" }));
    await expect(noChat).rejects.toMatchObject({ name: "ParleyError", status: 404, code: "chat_not_found" });

    const badKey = createParleyClient({ baseUrl: parley.baseUrl, apiKey: "prl_not_a_real_key_0000000000" });
    await expect(unwrap(badKey.GET("/v1/bots"))).rejects.toMatchObject({ status: 401, code: "unauthorized" });
    const events = threadEvents(badKey, {});
    await expect(events.next()).rejects.toMatchObject({ status: 401, code: "unauthorized" });
  });

  it("thread events resume with Last-Event-ID after a dropped connection: nothing lost, nothing twice", async () => {
    const reply = await collectReply(client, ask("resume-1", "remember this"));
    const isReply = ({ event }: ThreadEventMessage) =>
      event.type === "message_created" && event.message.id === reply.messageId;
    const reference = await eventsUntil(
      threadEvents(client, { threadId: "resume-1", lastEventId: "0" }),
      isReply,
    );
    expect(reference.length).toBeGreaterThanOrEqual(2);

    const cutting = fetchCuttingFirstEventStream();
    const cutClient = createParleyClient({
      baseUrl: parley.baseUrl,
      apiKey: parley.t.adminKey,
      fetch: cutting.fetch,
    });
    const resumed = await eventsUntil(
      threadEvents(cutClient, { threadId: "resume-1", lastEventId: "0", retryDelayMs: 1 }),
      isReply,
    );
    expect(resumed).toEqual(reference);
    // The first connection ended after the first event; the second resumed right after it.
    expect(cutting.lastEventIds).toEqual(["0", reference[0]!.id]);
  });

  it("an unknown thread is a 404 thread_not_found, not a reconnect loop", async () => {
    const events = threadEvents(client, { threadId: "nobody-here" });
    await expect(events.next()).rejects.toMatchObject({ status: 404, code: "thread_not_found" });
  });
});
