import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { activeChat, eventually } from "../helpers/conversation-fixtures.js";
import { type FakeOpenAI, startFakeOpenAI } from "../helpers/fake-openai-server.js";
import { listen, sseEvents } from "../helpers/live-app.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

type Event = Record<string, unknown>;

/** The real @ai-sdk/openai provider against a fake OpenAI-compatible server on loopback. */
describe("turns through the real OpenAI provider", () => {
  let fake: FakeOpenAI;
  let t: TestApp;
  let base: string;
  let chatId: string;
  let botId: string;
  const auth = () => ({ authorization: `Bearer ${t.adminKey}`, "content-type": "application/json" });

  beforeEach(async () => {
    fake = await startFakeOpenAI();
    t = await createTestApp({
      env: { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: fake.baseUrl, PARLEY_MODEL_MAX_ATTEMPTS: "3" },
    });
    base = await listen(t);
    const fixture = await activeChat(t);
    chatId = fixture.chat.id;
    botId = fixture.bot.id;
  });
  afterEach(async () => {
    await t.close();
    await fake.close();
  });

  async function stream(threadId: string, content: string, signal?: AbortSignal) {
    return fetch(`${base}/v1/chats/${chatId}/threads/${threadId}/stream`, {
      method: "POST",
      headers: auth(),
      body: JSON.stringify({ messages: [{ role: "user", content }] }),
      ...(signal ? { signal } : {}),
    });
  }

  async function collect(response: Response): Promise<Event[]> {
    const events: Event[] = [];
    for await (const event of sseEvents(response)) events.push(event.data as Event);
    return events;
  }

  const messages = async (threadId: string) =>
    (await (await fetch(`${base}/v1/threads/${threadId}/messages`, { headers: auth() })).json()) as Array<{
      role: string;
      author: string;
      content: string;
    }>;

  it("streams deltas as the provider sends them and sends the provider the instruction and history", async () => {
    fake.enqueue({ chunks: ["Hel", "lo", "!"] });
    const events = await collect(await stream("e2e-1", "Hi"));
    expect(events.filter((e) => e.type === "text-delta").map((e) => e.textDelta)).toEqual(["Hel", "lo", "!"]);
    expect(events.at(-1)).toMatchObject({ type: "finish", finishReason: "stop" });
    const request = fake.requests.at(-1)!;
    expect(request.path).toBe("/v1/chat/completions");
    expect(request.body.model).toBe("gpt-5");
    expect(request.body.stream).toBe(true);
    const roles = request.body.messages?.map((m) => m.role);
    expect(roles).toEqual(["developer", "user"]);
    expect(request.headers.authorization).toBe("Bearer sk-test");
  });

  it("runs a tool call round trip", async () => {
    await fetch(`${base}/v1/bots/${botId}/settings`, {
      method: "POST",
      headers: auth(),
      body: JSON.stringify({ ai: { tools: { get_current_time: "auto" } } }),
    });
    fake.enqueue(
      { toolCalls: [{ name: "get_current_time", arguments: { time_zone: "Europe/Moscow" } }] },
      { text: "It is late." },
    );
    const events = await collect(await stream("e2e-tool", "time?"));
    expect(events.map((e) => e.type)).toEqual([
      "tool-call",
      "tool-result",
      "text-delta",
      "text-delta",
      "text-delta",
      "finish",
    ]);
    expect(events[0]).toMatchObject({ toolName: "get_current_time", args: { time_zone: "Europe/Moscow" } });
    expect((events[1]!.result as { time_zone: string }).time_zone).toBe("Europe/Moscow");
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[0]!.body.tools?.map((tool) => tool.function.name)).toEqual(["get_current_time"]);
    const toolMessage = fake.requests[1]!.body.messages?.find((m) => m.role === "tool");
    expect(String(toolMessage?.content)).toContain("Europe/Moscow");
    expect((await messages("e2e-tool")).map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "tool",
      "assistant",
    ]);
  });

  it("retries a 500 and then answers", async () => {
    fake.enqueue({ status: 500 }, { text: "Back again" });
    const events = await collect(await stream("e2e-500", "hello"));
    expect(events.at(-1)).toMatchObject({ type: "finish" });
    expect(fake.requests).toHaveLength(2);
    expect((await messages("e2e-500")).at(-1)?.content).toBe("Back again");
  });

  it("honours a 429's Retry-After before retrying", async () => {
    fake.enqueue({ status: 429, retryAfterSeconds: 0.3 }, { text: "Thanks for waiting" });
    const started = Date.now();
    const events = await collect(await stream("e2e-429", "hello"));
    expect(events.at(-1)).toMatchObject({ type: "finish" });
    expect(fake.requests).toHaveLength(2);
    const gap = fake.requests[1]!.receivedAt - fake.requests[0]!.receivedAt;
    expect(gap).toBeGreaterThanOrEqual(280);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
  });

  it("gives up after the attempts with an error event, stores nothing, and the thread stays usable", async () => {
    fake.enqueue({ status: 500 }, { status: 500 }, { status: 500 });
    const events = await collect(await stream("e2e-fail", "hello"));
    expect(events).toEqual([
      { type: "error", code: "model_error", message: expect.stringContaining("3 attempts") },
    ]);
    expect((await messages("e2e-fail")).map((m) => m.role)).toEqual(["user"]);
    fake.enqueue({ text: "Working now" });
    const next = await collect(await stream("e2e-fail", "again"));
    expect(next.at(-1)).toMatchObject({ type: "finish" });
    expect((await messages("e2e-fail")).map((m) => m.content)).toEqual(["hello", "again", "Working now"]);
  });

  it("finishes and stores the reply when the client goes away mid-stream", async () => {
    const chunks = Array.from({ length: 20 }, (_, i) => `w${i} `);
    fake.enqueue({ chunks, chunkDelayMs: 20 });
    const controller = new AbortController();
    const response = await stream("e2e-gone", "tell me a story", controller.signal);
    for await (const event of sseEvents(response)) {
      if ((event.data as Event).type === "text-delta") break;
    }
    controller.abort();
    const stored = await eventually(
      () => messages("e2e-gone"),
      (list) => list.length === 2,
    );
    expect(stored[1]).toMatchObject({ author: "bot", content: chunks.join("") });
  });

  it("operators watch the turn on the events stream, in order, with ids", async () => {
    const watcher = new AbortController();
    const response = await fetch(`${base}/v1/threads/events`, { headers: auth(), signal: watcher.signal });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const received: Array<{ id?: string; data: Event }> = [];
    const reading = (async () => {
      try {
        for await (const event of sseEvents(response)) {
          if (typeof event.data === "object") received.push(event as { id?: string; data: Event });
        }
      } catch {
        // aborted
      }
    })();
    fake.enqueue({ text: "Hello operator" });
    await collect(await stream("e2e-watch", "hi"));
    await fetch(`${base}/v1/threads/e2e-watch/mode`, {
      method: "POST",
      headers: auth(),
      body: JSON.stringify({ mode: "manual" }),
    });
    await collect(await stream("e2e-watch", "hello?"));
    await eventually(
      async () => received.length,
      (n) => n >= 5,
    );
    watcher.abort();
    await reading;
    expect(received.map((e) => e.data.type)).toEqual([
      "message_created",
      "message_created",
      "mode_changed",
      "message_created",
      "pending_count",
    ]);
    expect(received[1]!.data).toMatchObject({
      thread_id: "e2e-watch",
      message: { author: "bot", content: "Hello operator" },
    });
    expect(received[2]!.data).toMatchObject({ mode: "manual" });
    expect(received[4]!.data).toMatchObject({ pending_count: 1 });
    const ids = received.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it("a model that stalls is cut off at the timeout, retried, then reported as model_timeout", async () => {
    await t.close();
    t = await createTestApp({
      env: {
        OPENAI_API_KEY: "sk-test",
        OPENAI_BASE_URL: fake.baseUrl,
        PARLEY_MODEL_TIMEOUT_MS: "300",
        PARLEY_MODEL_MAX_ATTEMPTS: "2",
      },
    });
    base = await listen(t);
    chatId = (await activeChat(t)).chat.id;
    fake.enqueue({ hangAfterChunks: 1 }, { hangAfterChunks: 1 });
    const events = await collect(await stream("e2e-stall", "hello"));
    expect(events).toEqual([{ type: "error", code: "model_timeout", message: expect.any(String) }]);
    expect(fake.requests).toHaveLength(2);
    expect((await messages("e2e-stall")).map((m) => m.role)).toEqual(["user"]);
  });
});
