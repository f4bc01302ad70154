import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { prefersJson } from "../../../src/modules/threads/reply-result.js";
import { activeChat } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { lastUserText, type ScriptedReply, scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

const JSON_ACCEPT = { accept: "application/json" };

describe("Accept negotiation of the stream endpoint", () => {
  it.each([
    [undefined, false],
    ["*/*", false],
    ["text/event-stream", false],
    ["application/json", true],
    ["application/json, text/event-stream", true],
    ["text/event-stream, application/json", false],
    ["text/event-stream;q=0.5, application/json", true],
    ["application/json;q=0.2, text/event-stream;q=0.9", false],
    ["application/json;q=0", false],
    ["Application/JSON; charset=utf-8", true],
  ])("Accept %s → JSON %s", (accept, json) => {
    expect(prefersJson(accept)).toBe(json);
  });
});

describe.each(DIALECTS)("blocking replies (Accept: application/json) on %s", (dialect) => {
  let t: TestApp;
  let script: (options: LanguageModelV3CallOptions, call: number) => ScriptedReply;
  beforeEach(async () => {
    if (shouldSkip(dialect)) return;
    script = (options) => ({ text: `You said: ${lastUserText(options)}` });
    const mock = scriptedModel((options, call) => script(options, call));
    t = await createTestApp({
      dialect,
      modelOverride: () => mock.model,
      env: { PARLEY_MODEL_MAX_ATTEMPTS: "1" },
    });
  });
  afterEach(async () => {
    await t?.close();
  });
  const it_ = it.skipIf(shouldSkip(dialect));
  const ask = (chatId: string, threadId: string, content: string, headers: Record<string, string> = {}) =>
    t.call("POST", `/v1/chats/${chatId}/threads/${threadId}/stream`, {
      body: { messages: [{ role: "user", content }] },
      headers: { ...JSON_ACCEPT, ...headers },
    });

  it_("answers one JSON object: the stored reply, its text, finish reason and usage", async () => {
    const { chat } = await activeChat(t);
    const response = await ask(chat.id, "block-1", "hello");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    const body = response.json();
    expect(body).toMatchObject({
      thread_id: "block-1",
      outcome: "replied",
      not_answering_reason: null,
      text: "You said: hello",
      tool_calls: [],
      tool_results: [],
      finish_reason: "stop",
      message: { role: "assistant", author: "bot", content: "You said: hello" },
    });
    expect(body.usage.input_tokens).toBeGreaterThan(0);
    expect(body.usage.total_tokens).toBe(body.usage.input_tokens + body.usage.output_tokens);
    const stored = (await t.call("GET", "/v1/threads/block-1/messages")).json();
    expect(stored.map((m: { id: string }) => m.id)).toContain(body.message.id);
  });

  it_("reports a paused tool call with its approval, and the bot's question as text", async () => {
    const { chat, bot } = await activeChat(t);
    await t.call("POST", `/v1/bots/${bot.id}/settings`, {
      body: { ai: { tools: { update_working_memory: "user_approve" } } },
    });
    script = (options, call) =>
      call === 0
        ? { toolCall: { name: "update_working_memory", input: { markdown: "- Name: Ann" } } }
        : { text: `Done. (${lastUserText(options)})` };
    const paused = (await ask(chat.id, "block-2", "remember me as Ann")).json();
    expect(paused).toMatchObject({
      outcome: "replied",
      finish_reason: "tool-calls",
      tool_calls: [
        {
          tool_name: "update_working_memory",
          args: { markdown: "- Name: Ann" },
          approval_id: expect.stringMatching(/^apr_/),
          approval_policy: "user_approve",
        },
      ],
    });
    expect(paused.text).toContain("— reply “yes” or “no”.");
    const resumed = (await ask(chat.id, "block-2", "yes")).json();
    expect(resumed).toMatchObject({
      outcome: "replied",
      text: "Done. (yes)",
      tool_results: [{ tool_name: "update_working_memory", denied: false }],
    });
  });

  it_("not answering (manual mode) is 200 with the reason, and the message is stored", async () => {
    const { chat } = await activeChat(t);
    await ask(chat.id, "block-3", "first");
    await t.call("POST", `/v1/chats/${chat.id}/threads/block-3/mode`, { body: { mode: "manual" } });
    const response = await ask(chat.id, "block-3", "anyone there?");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      outcome: "not_answering",
      not_answering_reason: "mode_manual",
      message: null,
      text: "",
      usage: null,
    });
    const stored = (await t.call("GET", "/v1/threads/block-3/messages")).json();
    expect(stored.at(-1).content).toBe("anyone there?");
  });

  it_("a failed turn is a 502 model_error with the message kept; the same key may then retry", async () => {
    const { chat } = await activeChat(t);
    script = () => ({ error: new Error("provider down") });
    const failed = await ask(chat.id, "block-4", "hello?", { "idempotency-key": "block-4-a" });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: "model_error" });
    expect((await t.call("GET", "/v1/threads/block-4/messages")).json()).toHaveLength(1);

    script = (options) => ({ text: `Back: ${lastUserText(options)}` });
    const retried = await ask(chat.id, "block-4", "hello?", { "idempotency-key": "block-4-a" });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ outcome: "replied", text: "Back: hello?" });
    const contents = (await t.call("GET", "/v1/threads/block-4/messages"))
      .json()
      .map((m: { content: string }) => m.content);
    expect(contents).toEqual(["hello?", "Back: hello?"]);
  });

  it_("an Idempotency-Key replay answers the same body without a second turn", async () => {
    const { chat } = await activeChat(t);
    const first = await ask(chat.id, "block-5", "once", { "idempotency-key": "block-5-a" });
    const again = await ask(chat.id, "block-5", "once", { "idempotency-key": "block-5-a" });
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect((await t.call("GET", "/v1/threads/block-5/messages")).json()).toHaveLength(2);
  });

  it_("without Accept: application/json the endpoint still streams", async () => {
    const { chat } = await activeChat(t);
    const response = await ask(chat.id, "block-6", "hi", { accept: "text/event-stream" });
    expect(response.headers["content-type"]).toMatch(/^text\/event-stream/);
  });
});
