import { APICallError } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { activeChat, eventually, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { lastUserText, type ScriptedReply, scriptedModel } from "../../helpers/mock-model.js";
import { sseData } from "../../helpers/sse-client.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

type Msg = { role: string; author: string; content: string };

describe.each(DIALECTS)("conversations on %s", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  async function setup(script?: Parameters<typeof scriptedModel>[0]) {
    const mock = scriptedModel(script);
    t = await createTestApp({ dialect, modelOverride: () => mock.model });
    const fixture = await activeChat(t);
    return { t, mock, ...fixture };
  }

  const messagesOf = async (app: TestApp, threadId: string) =>
    (await app.call("GET", `/v1/threads/${threadId}/messages`)).json() as Msg[];

  it_("streams a reply, creates the thread on first use and stores both messages when complete", async () => {
    const { t, chat, mock } = await setup(() => ({ chunks: ["Hel", "lo ", "there"] }));
    const { response, events, text } = await streamTurn(t, chat.id, "t-1", "Hi!");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/event-stream");
    expect(events.filter((e) => e.type === "text-delta").map((e) => e.textDelta)).toEqual([
      "Hel",
      "lo ",
      "there",
    ]);
    const finish = events.at(-1)!;
    expect(finish).toMatchObject({ type: "finish", finishReason: "stop", thread_id: "t-1" });
    expect(text).toBe("Hello there");
    expect(mock.calls).toHaveLength(1);
    expect(lastUserText(mock.calls[0]!)).toBe("Hi!");

    const messages = await messagesOf(t, "t-1");
    expect(messages.map((m) => [m.role, m.author, m.content])).toEqual([
      ["user", "user", "Hi!"],
      ["assistant", "bot", "Hello there"],
    ]);
    const detail = (await t.call("GET", "/v1/threads/t-1")).json();
    expect(detail).toMatchObject({
      id: "t-1",
      chat_id: chat.id,
      mode: "auto",
      pending_count: 0,
      person: null,
      stats: { messages_total: 2, user_messages: 1, bot_messages: 1 },
    });
    expect(finish.message_id).toEqual(expect.stringMatching(/^msg_/));
  });

  it_(
    "gives the model the instruction, the model parameters and at most lastMessages of history",
    async () => {
      const { t, chat, bot, mock } = await setup();
      await t.call("POST", `/v1/bots/${bot.id}/settings`, {
        body: {
          ai: {
            instruction: "Answer in French.",
            model: { temperature: 0.4, max_tokens: 256, top_p: 0.9, presence_penalty: 0.5 },
            memory: { lastMessages: 3 },
          },
        },
      });
      for (const text of ["one", "two", "three"]) await streamTurn(t, chat.id, "hist", text);
      const last = mock.calls.at(-1)!;
      expect(last.temperature).toBe(0.4);
      expect(last.maxOutputTokens).toBe(256);
      expect(last.topP).toBe(0.9);
      expect(last.presencePenalty).toBe(0.5);
      expect(last.frequencyPenalty).toBeUndefined();
      const system = last.prompt.find((m) => m.role === "system");
      expect(system?.content).toBe("Answer in French.");
      const history = last.prompt.filter((m) => m.role !== "system");
      expect(history.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
      expect(lastUserText(last)).toBe("three");
    },
  );

  it_("in manual mode stores messages, ends with a single finish and counts them as pending", async () => {
    const { t, chat, mock } = await setup();
    await streamTurn(t, chat.id, "m-1", "hello");
    const mode = await t.call("POST", "/v1/threads/m-1/mode", { body: { mode: "manual" } });
    expect(mode.statusCode).toBe(200);
    expect(mode.json()).toMatchObject({ id: "m-1", mode: "manual" });

    const first = await streamTurn(t, chat.id, "m-1", "anyone?");
    expect(first.events).toEqual([
      { type: "finish", finishReason: "stop", message_id: null, thread_id: "m-1" },
    ]);
    await streamTurn(t, chat.id, "m-1", ["please", "help"]);
    expect((await t.call("GET", "/v1/threads/m-1")).json().pending_count).toBe(3);
    expect(mock.calls).toHaveLength(1);

    const sent = await t.call("POST", "/v1/threads/m-1/send", { body: { text: "I am here." } });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ role: "assistant", author: "operator", content: "I am here." });
    const detail = (await t.call("GET", "/v1/threads/m-1")).json();
    expect(detail.pending_count).toBe(0);
    expect(detail.stats).toEqual({ messages_total: 6, user_messages: 4, bot_messages: 1 });
  });

  it_("operator send is 409 unless the thread is manual", async () => {
    const { t, chat } = await setup();
    await streamTurn(t, chat.id, "o-1", "hello");
    for (const mode of ["auto", "operator", "blocked"]) {
      await t.call("POST", "/v1/threads/o-1/mode", { body: { mode } });
      const response = await t.call("POST", "/v1/threads/o-1/send", { body: { text: "x" } });
      expect(response.statusCode, mode).toBe(409);
      expect(response.json().code).toBe("thread_not_manual");
    }
    expect((await messagesOf(t, "o-1")).filter((m) => m.author === "operator")).toHaveLength(0);
  });

  it_("blocked: messages are stored, nothing is sent, nothing is pending", async () => {
    const { t, chat, mock } = await setup();
    await streamTurn(t, chat.id, "b-1", "hello");
    await t.call("POST", "/v1/threads/b-1/mode", { body: { mode: "blocked" } });
    const blocked = await streamTurn(t, chat.id, "b-1", "spam");
    expect(blocked.events).toHaveLength(1);
    expect((await t.call("GET", "/v1/threads/b-1")).json().pending_count).toBe(0);
    expect(mock.calls).toHaveLength(1);
    expect((await messagesOf(t, "b-1")).map((m) => m.content)).toContain("spam");
  });

  it_("back to auto, the AI answers what arrived meanwhile and pending_count resets", async () => {
    const { t, chat, mock } = await setup((o) => ({ text: `Re: ${lastUserText(o)}` }));
    await streamTurn(t, chat.id, "h-1", "first");
    await t.call("POST", "/v1/threads/h-1/mode", { body: { mode: "manual" } });
    await streamTurn(t, chat.id, "h-1", "are you there?");
    expect((await t.call("GET", "/v1/threads/h-1")).json().pending_count).toBe(1);
    await t.call("POST", "/v1/threads/h-1/mode", { body: { mode: "auto" } });
    const messages = await eventually(
      () => messagesOf(t, "h-1"),
      (list) => list.length === 4,
    );
    expect(messages.at(-1)).toMatchObject({ author: "bot", content: "Re: are you there?" });
    expect((await t.call("GET", "/v1/threads/h-1")).json().pending_count).toBe(0);
    expect(mock.calls).toHaveLength(2);
  });

  it_("a disabled chat or bot does not answer; the messages are pending", async () => {
    const { t, chat, bot, integration, mock } = await setup();
    await t.call("POST", `/v1/integrations/${integration.id}/chats/${chat.id}/status`, {
      body: { status: "disabled" },
    });
    await streamTurn(t, chat.id, "d-1", "hello?");
    expect((await t.call("GET", "/v1/threads/d-1")).json().pending_count).toBe(1);
    await t.call("POST", `/v1/integrations/${integration.id}/chats/${chat.id}/status`, {
      body: { status: "active" },
    });
    await t.call("POST", `/v1/bots/${bot.id}/status`, { body: { status: "disabled" } });
    await streamTurn(t, chat.id, "d-1", "still?");
    expect((await t.call("GET", "/v1/threads/d-1")).json().pending_count).toBe(2);
    expect(mock.calls).toHaveLength(0);
  });

  it_(
    "thread ids: another chat's thread is 409, a malformed id 422, another project's chat 403",
    async () => {
      const { t, chat, bot, integration } = await setup();
      await streamTurn(t, chat.id, "shared-id", "hi");
      const second = (
        await t.call("POST", `/v1/integrations/${integration.id}/chats`, {
          body: { bot_id: bot.id, name: "other" },
        })
      ).json();
      const conflict = await streamTurn(t, second.id, "shared-id", "hi");
      expect(conflict.response.statusCode).toBe(409);
      expect(conflict.response.json().code).toBe("thread_in_other_chat");
      const viaChat = await t.call("POST", `/v1/chats/${chat.id}/threads/shared-id/mode`, {
        body: { mode: "operator" },
      });
      expect(viaChat.json()).toMatchObject({ id: "shared-id", mode: "operator" });
      const wrongChat = await t.call("POST", `/v1/chats/${second.id}/threads/shared-id/mode`, {
        body: { mode: "auto" },
      });
      expect(wrongChat.statusCode).toBe(404);
      expect((await t.call("GET", `/v1/chats/${second.id}/threads/shared-id/messages`)).statusCode).toBe(404);
      const reserved = await streamTurn(t, chat.id, "events", "hi");
      expect(reserved.response.statusCode).toBe(422);
      expect((await t.call("GET", "/v1/threads?chat_id=" + chat.id)).json().data).toHaveLength(1);
      const malformed = await streamTurn(t, chat.id, "bad id!", "hi");
      expect(malformed.response.statusCode).toBe(422);
      const other = await t.otherProject();
      const foreign = await streamTurn(t, chat.id, "x", "hi", { key: other.key });
      expect(foreign.response.statusCode).toBe(403);
      const foreignThread = await t.call("GET", "/v1/threads/shared-id", { key: other.key });
      expect(foreignThread.statusCode).toBe(403);
      expect((await t.call("GET", "/v1/threads/nope")).statusCode).toBe(404);
    },
  );

  it_("validates the stream body", async () => {
    const { t, chat } = await setup();
    const cases: unknown[] = [
      { messages: [] },
      { messages: [{ role: "assistant", content: "x" }] },
      { messages: [{ role: "user", content: "" }] },
      { messages: [{ role: "user", content: "x".repeat(32_001) }] },
      { messages: [{ role: "user", content: "x" }], scheduledAt: "tomorrow" },
    ];
    for (const body of cases) {
      const response = await t.call("POST", `/v1/chats/${chat.id}/threads/v-1/stream`, { body });
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
    expect((await t.call("GET", "/v1/threads/v-1")).statusCode).toBe(404);
  });

  it_(
    "a failed model call ends with an error event, stores no reply, and the thread stays usable",
    async () => {
      const { t, chat } = await setup((_o, call) =>
        call === 0 ? { error: new Error("invalid request: bad schema") } : { text: "Recovered." },
      );
      const failed = await streamTurn(t, chat.id, "f-1", "first");
      expect(failed.events.at(-1)).toMatchObject({ type: "error", code: "model_error" });
      expect((await messagesOf(t, "f-1")).map((m) => m.role)).toEqual(["user"]);
      const next = await streamTurn(t, chat.id, "f-1", "again");
      expect(next.text).toBe("Recovered.");
      expect((await messagesOf(t, "f-1")).map((m) => m.author)).toEqual(["user", "user", "bot"]);
    },
  );

  it_("retries a provider error that can be retried, honouring Retry-After", async () => {
    const rateLimited = new APICallError({
      message: "rate limited",
      url: "http://model",
      requestBodyValues: {},
      statusCode: 429,
      responseHeaders: { "retry-after": "0.05" },
      isRetryable: true,
    });
    const { t, chat, mock } = await setup(
      (_o, call): ScriptedReply => (call === 0 ? { error: rateLimited } : { text: "Second time lucky." }),
    );
    const result = await streamTurn(t, chat.id, "r-1", "hi");
    expect(result.text).toBe("Second time lucky.");
    expect(mock.calls).toHaveLength(2);
  });

  it_("a model of an unconfigured provider fails clearly, never crashes", async () => {
    t = await createTestApp({ dialect });
    const { chat } = await activeChat(t);
    const result = await streamTurn(t, chat.id, "u-1", "hi");
    expect(result.response.statusCode).toBe(200);
    expect(result.events.at(-1)).toMatchObject({ type: "error", code: "model_unavailable" });
    expect(String(result.events.at(-1)?.message)).toContain("openai");
  });

  it_("scheduledAt defers the reply through the job queue (202), delivered later", async () => {
    const { t, chat } = await setup();
    const at = new Date(Date.now() + 300).toISOString();
    const response = await t.call("POST", `/v1/chats/${chat.id}/threads/s-1/stream`, {
      body: { messages: [{ role: "user", content: "later please" }], scheduledAt: at },
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({
      scheduled: true,
      id: expect.stringMatching(/^job_/),
      scheduled_at: at,
    });
    expect((await messagesOf(t, "s-1")).map((m) => m.role)).toEqual(["user"]);
    const messages = await eventually(
      () => messagesOf(t, "s-1"),
      (list) => list.length === 2,
    );
    expect(messages[1]).toMatchObject({ author: "bot", content: "Echo: later please" });
  });

  it_("operator send with scheduledAt is 202 and delivered later", async () => {
    const { t, chat } = await setup();
    await streamTurn(t, chat.id, "os-1", "hi");
    await t.call("POST", "/v1/threads/os-1/mode", { body: { mode: "manual" } });
    const at = new Date(Date.now() + 200).toISOString();
    const response = await t.call("POST", "/v1/threads/os-1/send", {
      body: { text: "Later.", scheduledAt: at },
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ scheduled: true, scheduled_at: at });
    const messages = await eventually(
      () => messagesOf(t, "os-1"),
      (list) => list.some((m) => m.author === "operator"),
    );
    expect(messages.at(-1)).toMatchObject({ author: "operator", content: "Later." });
  });

  it_(
    "double texting: messages sent during a reply are answered once, merged into the next turn",
    async () => {
      // The first reply holds until the later messages are stored: events, not a fixed delay.
      let answerFirst: () => void = () => {};
      const laterMessagesStored = new Promise<void>((resolve) => {
        answerFirst = resolve;
      });
      const { t, chat, mock } = await setup((o, call) => ({
        text: `Answer to: ${lastUserText(o)}`,
        ...(call === 0 ? { until: laterMessagesStored } : {}),
      }));
      const first = streamTurn(t, chat.id, "dt-1", "one");
      await eventually(
        async () => mock.calls.length,
        (calls) => calls === 1,
      );
      const second = streamTurn(t, chat.id, "dt-1", "two");
      const third = streamTurn(t, chat.id, "dt-1", "three");
      await eventually(
        async () => (await messagesOf(t, "dt-1")).filter((m) => m.author === "user").length,
        (users) => users === 3,
      );
      answerFirst();
      const [a, b, c] = await Promise.all([first, second, third]);
      expect(a.text).toBe("Answer to: one");
      expect(mock.calls).toHaveLength(2);
      // The second turn saw both late messages and answered them together.
      const secondPrompt = mock.calls[1]!.prompt.filter((m) => m.role === "user");
      expect(secondPrompt).toHaveLength(3);
      const finishB = b.events.at(-1)!;
      const finishC = c.events.at(-1)!;
      expect(finishB.message_id).toBe(finishC.message_id);
      expect(b.text).toBe(c.text);
      const messages = await messagesOf(t, "dt-1");
      expect(messages.filter((m) => m.author === "bot")).toHaveLength(2);
      expect(messages.filter((m) => m.author === "user")).toHaveLength(3);
    },
  );

  it_("a tool call round trip streams tool-call and tool-result and stores the steps", async () => {
    const { t, chat, bot, mock } = await setup((_o, call) =>
      call === 0
        ? { toolCall: { name: "get_current_time", input: { time_zone: "UTC" } } }
        : { text: "It is now." },
    );
    await t.call("POST", `/v1/bots/${bot.id}/settings`, {
      body: { ai: { tools: { get_current_time: "auto" } } },
    });
    const result = await streamTurn(t, chat.id, "tool-1", "what time is it?");
    const types = result.events.map((e) => e.type);
    expect(types).toEqual(["tool-call", "tool-result", "text-delta", "text-delta", "text-delta", "finish"]);
    expect(result.events[0]).toMatchObject({ toolName: "get_current_time", args: { time_zone: "UTC" } });
    expect(result.events[1]).toMatchObject({ toolName: "get_current_time", result: { time_zone: "UTC" } });
    expect(mock.calls).toHaveLength(2);
    expect(mock.calls[1]!.prompt.some((m) => m.role === "tool")).toBe(true);
    const stored = await messagesOf(t, "tool-1");
    expect(stored.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    // Operators see what the tool was asked and what it answered.
    const [, call, answer] = stored as Array<Msg & { tool_calls?: unknown[]; tool_results?: unknown[] }>;
    expect(call!.tool_calls).toEqual([
      { id: expect.any(String), name: "get_current_time", args: { time_zone: "UTC" } },
    ]);
    expect(answer!.tool_results).toEqual([
      {
        tool_call_id: (call!.tool_calls![0] as { id: string }).id,
        name: "get_current_time",
        status: "ok",
        result: expect.objectContaining({ time_zone: "UTC" }),
      },
    ]);
    expect(stored[0]).not.toHaveProperty("tool_calls");
    const detail = (await t.call("GET", "/v1/threads/tool-1")).json();
    expect(detail.stats.bot_messages).toBe(1);
    // The next turn's history carries the tool exchange the provider needs.
    await streamTurn(t, chat.id, "tool-1", "thanks");
    expect(mock.calls[2]!.prompt.map((m) => m.role)).toEqual([
      "system",
      "user",
      "assistant",
      "tool",
      "assistant",
      "user",
    ]);
  });

  it_("speaks the AI SDK UI message stream protocol for useChat", async () => {
    const { t, chat } = await setup(() => ({ chunks: ["Hi ", "you"] }));
    const response = await t.call("POST", `/v1/chats/${chat.id}/threads/ui-1/stream?protocol=ui`, {
      body: {
        id: "ui-1",
        trigger: "submit-message",
        messages: [
          { id: "a", role: "user", parts: [{ type: "text", text: "old message" }] },
          { id: "b", role: "user", parts: [{ type: "text", text: "Hello" }] },
        ],
      },
    });
    expect(response.headers["x-vercel-ai-ui-message-stream"]).toBe("v1");
    const chunks = sseData(response.body) as Array<Record<string, unknown> | string>;
    expect(chunks.map((c) => (typeof c === "string" ? c : c.type))).toEqual([
      "start",
      "text-start",
      "text-delta",
      "text-delta",
      "text-end",
      "finish",
      "[DONE]",
    ]);
    expect((await messagesOf(t, "ui-1")).map((m) => m.content)).toEqual(["Hello", "Hi you"]);
  });

  it_("deletes a thread with its messages", async () => {
    const { t, chat } = await setup();
    await streamTurn(t, chat.id, "del-1", "hi");
    const deleted = await t.call("POST", `/v1/chats/${chat.id}/threads/del-1/delete`);
    expect(deleted.json()).toEqual({ id: "del-1", deleted: true });
    expect((await t.call("GET", "/v1/threads/del-1")).statusCode).toBe(404);
    const rows = await t.storage.db
      .selectFrom("messages")
      .select("id")
      .where("thread_id", "=", "del-1")
      .execute();
    expect(rows).toHaveLength(0);
  });

  it_("person: threads remember who writes", async () => {
    const { t, chat } = await setup();
    await streamTurn(t, chat.id, "p-1", "hi", {
      extra: { person: { external_id: "user-42", name: "Ann", avatar_url: "https://example.com/a.png" } },
    });
    const detail = (await t.call("GET", "/v1/threads/p-1")).json();
    expect(detail.person).toMatchObject({
      external_id: "user-42",
      name: "Ann",
      avatar_url: "https://example.com/a.png",
    });
    expect(detail.person.id).toMatch(/^per_/);
  });

  it_(
    "useChat's second request, carrying the assistant's earlier reply, answers only the newest message",
    async () => {
      const { t, chat, mock } = await setup();
      const first = [{ id: "1", role: "user", parts: [{ type: "text", text: "Hello" }] }];
      await t.call("POST", `/v1/chats/${chat.id}/threads/ui-2/stream?protocol=ui`, {
        body: { messages: first },
      });
      const second = [
        ...first,
        { id: "2", role: "assistant", parts: [{ type: "text", text: "Echo: Hello" }] },
        { id: "3", role: "user", parts: [{ type: "text", text: "Again" }] },
      ];
      const response = await t.call("POST", `/v1/chats/${chat.id}/threads/ui-2/stream?protocol=ui`, {
        body: { messages: second },
      });
      expect(response.statusCode).toBe(200);
      expect((await messagesOf(t, "ui-2")).map((m) => m.content)).toEqual([
        "Hello",
        "Echo: Hello",
        "Again",
        "Echo: Again",
      ]);
      expect(mock.calls).toHaveLength(2);
    },
  );

  it_(
    "scheduledAt on a thread the AI does not answer schedules nothing: the stream just finishes",
    async () => {
      const { t, chat } = await setup();
      await streamTurn(t, chat.id, "sm-1", "hi");
      await t.call("POST", "/v1/threads/sm-1/mode", { body: { mode: "manual" } });
      const at = new Date(Date.now() + 60_000).toISOString();
      const result = await streamTurn(t, chat.id, "sm-1", "later?", { extra: { scheduledAt: at } });
      expect(result.response.statusCode).toBe(200);
      expect(result.events).toEqual([
        { type: "finish", finishReason: "stop", message_id: null, thread_id: "sm-1" },
      ]);
    },
  );

  it_("a scheduled operator message is dropped if the thread left manual before it was due", async () => {
    const { t, chat } = await setup();
    await streamTurn(t, chat.id, "os-2", "hi");
    await t.call("POST", "/v1/threads/os-2/mode", { body: { mode: "manual" } });
    const at = new Date(Date.now() + 200).toISOString();
    expect(
      (await t.call("POST", "/v1/threads/os-2/send", { body: { text: "Later.", scheduledAt: at } }))
        .statusCode,
    ).toBe(202);
    await t.call("POST", "/v1/threads/os-2/mode", { body: { mode: "blocked" } });
    // Once its job has run (or was cancelled), not after a fixed wait.
    const jobs = await eventually(
      async () =>
        (await t.call("GET", "/v1/jobs?thread_id=os-2&type=thread.operator_message")).json().data as Array<{
          status: string;
        }>,
      (list) => list.length > 0 && list.every((job) => job.status !== "pending" && job.status !== "running"),
    );
    expect(jobs.map((job) => job.status)).not.toContain("pending");
    expect((await messagesOf(t, "os-2")).some((m) => m.author === "operator")).toBe(false);
  });

  it_("a failed turn does not consume the stream request's Idempotency-Key", async () => {
    const { t, chat, mock } = await setup((_o, call) =>
      call === 0 ? { error: new Error("bad request") } : { text: "ok" },
    );
    const send = () =>
      t.call("POST", `/v1/chats/${chat.id}/threads/idem-1/stream`, {
        body: { messages: [{ role: "user", content: "hello" }] },
        headers: { "idempotency-key": "stream-1" },
      });
    const failed = sseData((await send()).body) as Array<Record<string, unknown>>;
    expect(failed.at(-1)).toMatchObject({ type: "error" });
    const retried = sseData((await send()).body) as Array<Record<string, unknown>>;
    expect(retried.at(-1)).toMatchObject({ type: "finish" });
    const replayed = await send();
    expect(replayed.headers["idempotent-replayed"]).toBe("true");
    expect(replayed.json()).toMatchObject({ thread_id: "idem-1", outcome: "replied" });
    expect(mock.calls).toHaveLength(2);
  });
});
