import { afterEach, describe, expect, it } from "vitest";
import { activeChat, eventually, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { type ScriptedReply, scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

const systemOf = (call: { prompt: Array<{ role: string; content: unknown }> }) =>
  String(call.prompt.find((m) => m.role === "system")?.content ?? "");
const toolNamesOf = (call: { tools?: Array<{ name: string }> }) =>
  (call.tools ?? []).map((t) => t.name).sort();

describe.each(DIALECTS)("memory settings and built-in tools on %s", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  async function setup(
    script: Parameters<typeof scriptedModel>[0],
    generate?: Parameters<typeof scriptedModel>[1],
  ) {
    const mock = scriptedModel(script, generate);
    t = await createTestApp({ dialect, modelOverride: () => mock.model });
    const fixture = await activeChat(t);
    return { t, mock, ...fixture };
  }
  const settings = (app: TestApp, botId: string, ai: unknown) =>
    app.call("POST", `/v1/bots/${botId}/settings`, { body: { ai } });

  it_("working memory off: the prompt is the instruction alone and no memory tool is offered", async () => {
    const { t, chat, mock } = await setup(() => ({ text: "ok" }));
    await streamTurn(t, chat.id, "wm-off", "hi");
    expect(systemOf(mock.calls[0]!)).toBe("You are a helpful assistant.");
    expect(toolNamesOf(mock.calls[0]!)).toEqual([]);
    expect((await t.call("GET", "/v1/threads/wm-off/memory")).json()).toEqual({ content: null });
  });

  it_("working memory on: the model maintains it through the tool and sees it at every turn", async () => {
    const { t, chat, bot, mock } = await setup(
      (_o, call): ScriptedReply =>
        call === 0
          ? {
              toolCall: {
                name: "update_working_memory",
                input: { markdown: "- Name: Ann\n- Wants: a refund" },
              },
            }
          : { text: "Noted." },
    );
    await settings(t, bot.id, { memory: { workingMemory: { enabled: true } } });
    await streamTurn(t, chat.id, "wm-on", "I am Ann and I want a refund");
    expect(systemOf(mock.calls[0]!)).toContain("## Working memory");
    expect(systemOf(mock.calls[0]!)).toContain("(empty)");
    expect(toolNamesOf(mock.calls[0]!)).toEqual(["update_working_memory"]);
    expect((await t.call("GET", "/v1/threads/wm-on/memory")).json()).toEqual({
      content: "- Name: Ann\n- Wants: a refund",
    });
    await streamTurn(t, chat.id, "wm-on", "any news?");
    expect(systemOf(mock.calls.at(-1)!)).toContain("- Name: Ann");
  });

  it_(
    "working memory updates are bounded: an oversized block reaches the model as a tool error",
    async () => {
      const { t, chat, bot } = await setup(
        (_o, call): ScriptedReply =>
          call === 0
            ? { toolCall: { name: "update_working_memory", input: { markdown: "x".repeat(5000) } } }
            : { text: "Could not save." },
      );
      await settings(t, bot.id, { memory: { workingMemory: { enabled: true } } });
      const result = await streamTurn(t, chat.id, "wm-big", "remember a lot");
      expect(result.events.map((e) => e.type)).toContain("tool-result");
      expect((await t.call("GET", "/v1/threads/wm-big/memory")).json()).toEqual({ content: null });
      expect(result.events.at(-1)).toMatchObject({ type: "finish" });
    },
  );

  it_("generateTitle: a title is made in the background after the first exchange, once", async () => {
    const { t, chat, bot, mock } = await setup(
      () => ({ text: "Your order ships tomorrow." }),
      () => '"Order shipping date."',
    );
    await settings(t, bot.id, { memory: { generateTitle: true } });
    await streamTurn(t, chat.id, "title-1", "When does my order ship?");
    const thread = await eventually(
      async () => (await t.call("GET", "/v1/threads/title-1")).json(),
      (th) => th.title !== null,
    );
    expect(thread.title).toBe("Order shipping date");
    await streamTurn(t, chat.id, "title-1", "thanks");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mock.generateCalls).toHaveLength(1);
    expect(JSON.stringify(mock.generateCalls[0]!.prompt)).toContain("When does my order ship?");
  });

  it_("generateTitle off: threads stay untitled", async () => {
    const { t, chat, mock } = await setup(() => ({ text: "ok" }));
    await streamTurn(t, chat.id, "title-off", "hi");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await t.call("GET", "/v1/threads/title-off")).json().title).toBeNull();
    expect(mock.generateCalls).toHaveLength(0);
  });

  it_("handoff_to_operator switches the thread to manual and the reply tells the user", async () => {
    const { t, chat, bot } = await setup(
      (_o, call): ScriptedReply =>
        call === 0
          ? { toolCall: { name: "handoff_to_operator", input: { reason: "refund over the limit" } } }
          : { text: "A colleague will take over." },
    );
    await settings(t, bot.id, { tools: { handoff_to_operator: "auto" } });
    const result = await streamTurn(t, chat.id, "handoff-1", "I want to talk to a person");
    expect(result.text).toBe("A colleague will take over.");
    const thread = (await t.call("GET", "/v1/threads/handoff-1")).json();
    expect(thread.mode).toBe("manual");
    const next = await streamTurn(t, chat.id, "handoff-1", "hello?");
    expect(next.events).toHaveLength(1);
    expect((await t.call("GET", "/v1/threads/handoff-1")).json().pending_count).toBe(1);
  });

  it_(
    "schedule_message sends a follow-up later, from the bot, while the AI still runs the thread",
    async () => {
      // `at` is taken when the model asks for it: setting up a database under load can take
      // longer than the delay, and a time in the past is refused by the tool.
      const { t, chat, bot } = await setup(
        (_o, call): ScriptedReply =>
          call === 0
            ? {
                toolCall: {
                  name: "schedule_message",
                  input: { text: "Did the parcel arrive?", at: new Date(Date.now() + 400).toISOString() },
                },
              }
            : { text: "I will check in later." },
      );
      await settings(t, bot.id, { tools: { schedule_message: "auto" } });
      await streamTurn(t, chat.id, "sched-1", "remind me");
      const messages = await eventually(
        async () =>
          (await t.call("GET", "/v1/threads/sched-1/messages")).json() as Array<{
            content: string;
            author: string;
          }>,
        (list) => list.some((m) => m.content === "Did the parcel arrive?"),
      );
      expect(messages.at(-1)).toMatchObject({ author: "bot", content: "Did the parcel arrive?" });
    },
  );

  it_("unknown tool names are refused in settings", async () => {
    const { t, bot } = await setup(() => ({ text: "ok" }));
    const response = await settings(t, bot.id, { tools: { launch_rockets: "auto" } });
    expect(response.statusCode).toBe(422);
    expect(response.json().details[0].path).toBe("ai.tools.launch_rockets");
    expect((await t.call("GET", "/v1/tools")).json().map((tool: { name: string }) => tool.name)).toEqual(
      expect.arrayContaining([
        "handoff_to_operator",
        "update_working_memory",
        "schedule_message",
        "knowledge_search",
      ]),
    );
  });
});

describe.each(DIALECTS)("semantic recall on %s", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  for (const enabled of [true, false]) {
    it.skipIf(shouldSkip(dialect))(
      `${enabled ? "on" : "off"}: earlier threads of the same person ${enabled ? "are" : "are not"} recalled`,
      async () => {
        const mock = scriptedModel(() => ({ text: "Noted." }));
        t = await createTestApp({ dialect, modelOverride: () => mock.model });
        const { chat, bot } = await activeChat(t);
        await t.call("POST", `/v1/bots/${bot.id}/settings`, {
          body: { ai: { memory: { semanticRecall: enabled, lastMessages: 2 } } },
        });
        const ann = { person: { external_id: "ann-1", name: "Ann" } };
        const bob = { person: { external_id: "bob-1", name: "Bob" } };
        await streamTurn(t, chat.id, "ann-old", "My dog Rex loves carrots and long walks", { extra: ann });
        await streamTurn(t, chat.id, "bob-old", "My parrot hates carrots", { extra: bob });
        if (enabled) {
          await eventually(
            async () => (await t!.storage.db.selectFrom("message_chunks").select("id").execute()).length,
            (n) => n >= 4,
          );
        }
        await streamTurn(t, chat.id, "ann-new", "What does my dog like to eat? carrots?", { extra: ann });
        const system = systemOf(mock.calls.at(-1)!);
        const metrics = (await t.app.inject({ url: "/metrics" })).body;
        const held = Number(/^parley_recall_memory_bytes (\d+)$/m.exec(metrics)?.[1]);
        if (enabled) {
          expect(system).toContain("## Recalled");
          expect(system).toContain("My dog Rex loves carrots");
          expect(system).not.toContain("parrot");
          // SQLite searched Ann's vectors in an in-memory copy; PostgreSQL keeps none.
          if (dialect === "sqlite") expect(held).toBeGreaterThan(0);
          else expect(held).toBe(0);
        } else {
          expect(held).toBe(0);
          expect(system).not.toContain("Recalled");
        }
      },
    );
  }
});

describe.each(DIALECTS)("semantic recall without a person on %s", (dialect) => {
  it.skipIf(shouldSkip(dialect))(
    "a thread through the API as specified (no person) recalls its own messages outside the window",
    async () => {
      const mock = scriptedModel(() => ({ text: "Noted." }));
      const t = await createTestApp({ dialect, modelOverride: () => mock.model });
      try {
        const { chat, bot } = await activeChat(t);
        await t.call("POST", `/v1/bots/${bot.id}/settings`, {
          body: { ai: { memory: { semanticRecall: true, lastMessages: 2 } } },
        });
        await streamTurn(t, chat.id, "anon-1", "My dog Rex loves carrots and long walks");
        await streamTurn(t, chat.id, "anon-2", "My parrot hates carrots");
        await streamTurn(t, chat.id, "anon-1", "I live in Lisbon");
        await streamTurn(t, chat.id, "anon-1", "The weather is nice today");
        // Once the first exchange is indexed (what the last turn must recall).
        await eventually(
          async () =>
            (await t.storage.db.selectFrom("message_chunks").select("content").execute()).map(
              (r) => r.content,
            ),
          (texts) => texts.some((text) => text.includes("My dog Rex loves carrots")),
        );
        await streamTurn(t, chat.id, "anon-1", "What does my dog like to eat? carrots?");
        const system = systemOf(mock.calls.at(-1)!);
        // The first exchange fell out of the two-message window; recall brings it back.
        expect(system).toContain("## Recalled");
        expect(system).toContain("My dog Rex loves carrots");
        expect(system).toContain("earlier in this conversation");
        expect(system).not.toContain("parrot");
      } finally {
        await t.close();
      }
    },
  );
});

describe.each(DIALECTS)("output formatting on %s", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  // Emoji (a family ZWJ sequence and a flag) and Markdown cut across deltas on purpose.
  const chunks = [
    "**Gre",
    "at** news 👨‍",
    "👩‍👧 for ",
    "[you](https://ex",
    "ample.com) 🇷",
    "🇺!\n\n# Head",
    "ing\n- item",
  ];

  for (const [label, formatting, expected] of [
    ["both on", { removeEmojis: true, removeMarkdown: true }, "Great news for you!\n\nHeading\n• item"],
    ["both off", { removeEmojis: false, removeMarkdown: false }, chunks.join("")],
  ] as const) {
    it.skipIf(shouldSkip(dialect))(
      `${label}: streamed deltas and the stored reply are formatted alike`,
      async () => {
        const mock = scriptedModel(() => ({ chunks: [...chunks] }));
        t = await createTestApp({ dialect, modelOverride: () => mock.model });
        const { chat, bot } = await activeChat(t);
        await t.call("POST", `/v1/bots/${bot.id}/settings`, { body: { ai: { formatting } } });
        const result = await streamTurn(t, chat.id, `fmt-${label.replace(" ", "-")}`, "news?");
        expect(result.text).toBe(expected);
        const messages = (await t.call("GET", `/v1/threads/fmt-${label.replace(" ", "-")}/messages`)).json();
        expect(messages.at(-1).content).toBe(expected);
      },
    );
  }
});
