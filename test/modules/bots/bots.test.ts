import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

describe.each(DIALECTS)("bots on %s", (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    if (shouldSkip(dialect)) return;
    t = await createTestApp({ dialect });
  });
  afterEach(async () => {
    await t?.close();
  });

  const it_ = it.skipIf(shouldSkip(dialect));

  async function createBot(name = "Support") {
    const response = await t.call("POST", "/v1/bots", { body: { name } });
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  it_("creates an active bot in the key's project and lists it", async () => {
    const bot = await createBot();
    expect(bot).toMatchObject({
      name: "Support",
      description: null,
      status: "active",
      project_id: t.projectId,
    });
    expect(bot.id).toMatch(/^bot_[A-Za-z0-9]{22}$/);
    expect(bot.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(bot.updated_at).toBe(bot.created_at);
    const list = await t.call("GET", "/v1/bots");
    expect(list.json()).toEqual([bot]);
    expect((await t.call("GET", `/v1/bots/${bot.id}`)).json()).toEqual(bot);
  });

  it_("updates name and description, leaving what was not sent", async () => {
    const bot = await createBot();
    const renamed = (
      await t.call("POST", `/v1/bots/${bot.id}`, { body: { description: "Answers FAQs" } })
    ).json();
    expect(renamed).toMatchObject({ name: "Support", description: "Answers FAQs" });
    const again = (await t.call("POST", `/v1/bots/${bot.id}`, { body: { name: "Sales" } })).json();
    expect(again).toMatchObject({ name: "Sales", description: "Answers FAQs" });
    const cleared = (await t.call("POST", `/v1/bots/${bot.id}`, { body: { description: null } })).json();
    expect(cleared.description).toBeNull();
  });

  it_("sets each status and returns the bot", async () => {
    const bot = await createBot();
    for (const status of ["disabled", "error", "active"]) {
      const response = await t.call("POST", `/v1/bots/${bot.id}/status`, { body: { status } });
      expect(response.statusCode).toBe(200);
      expect(response.json().status).toBe(status);
    }
    const bad = await t.call("POST", `/v1/bots/${bot.id}/status`, { body: { status: "paused" } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().details[0].path).toBe("status");
  });

  it_("starts with the documented default settings, every field present", async () => {
    const bot = await createBot();
    const settings = (await t.call("GET", `/v1/bots/${bot.id}/settings`)).json();
    expect(settings).toEqual({
      ai: {
        instruction: "You are a helpful assistant.",
        model: {
          id: "openai/gpt-5",
          temperature: null,
          max_tokens: null,
          top_p: null,
          frequency_penalty: null,
          presence_penalty: null,
        },
        memory: {
          lastMessages: 10,
          semanticRecall: false,
          workingMemory: { enabled: false },
          generateTitle: false,
        },
        formatting: { removeEmojis: false, removeMarkdown: false },
        tools: {},
        knowledge: { vectorStoreIds: [] },
        failure: { handoff: false },
        conversation: { autoResolveMinutes: null },
        voice: { transcriptionModel: null },
      },
    });
  });

  it_("merges partial settings deeply: only the fields sent change", async () => {
    const bot = await createBot();
    const first = await t.call("POST", `/v1/bots/${bot.id}/settings`, {
      body: { ai: { model: { temperature: 0.3 }, memory: { workingMemory: { enabled: true } } } },
    });
    expect(first.statusCode).toBe(200);
    const second = await t.call("POST", `/v1/bots/${bot.id}/settings`, {
      body: {
        ai: {
          instruction: "Be brief.",
          model: { id: "anthropic/claude-sonnet-4-5", max_tokens: 512 },
          memory: { lastMessages: 25 },
          formatting: { removeEmojis: true },
          tools: { handoff_to_operator: "operator_approve", schedule_message: "auto" },
        },
      },
    });
    const merged = second.json();
    expect(merged.ai).toEqual({
      instruction: "Be brief.",
      model: {
        id: "anthropic/claude-sonnet-4-5",
        temperature: 0.3,
        max_tokens: 512,
        top_p: null,
        frequency_penalty: null,
        presence_penalty: null,
      },
      memory: {
        lastMessages: 25,
        semanticRecall: false,
        workingMemory: { enabled: true },
        generateTitle: false,
      },
      formatting: { removeEmojis: true, removeMarkdown: false },
      tools: { handoff_to_operator: "operator_approve", schedule_message: "auto" },
      knowledge: { vectorStoreIds: [] },
      failure: { handoff: false },
      conversation: { autoResolveMinutes: null },
      voice: { transcriptionModel: null },
    });
    expect((await t.call("GET", `/v1/bots/${bot.id}/settings`)).json()).toEqual(merged);

    const third = (
      await t.call("POST", `/v1/bots/${bot.id}/settings`, {
        body: {
          ai: {
            model: { temperature: null },
            tools: { schedule_message: null, handoff_to_operator: "auto" },
          },
        },
      })
    ).json();
    expect(third.ai.model.temperature).toBeNull();
    expect(third.ai.model.max_tokens).toBe(512);
    expect(third.ai.tools).toEqual({ handoff_to_operator: "auto" });
  });

  it_("an empty settings update changes nothing and returns the whole document", async () => {
    const bot = await createBot();
    const before = (await t.call("GET", `/v1/bots/${bot.id}/settings`)).json();
    const response = await t.call("POST", `/v1/bots/${bot.id}/settings`, { body: {} });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(before);
  });

  const invalid: Array<[string, unknown, string]> = [
    ["temperature above 2", { ai: { model: { temperature: 2.1 } } }, "ai.model.temperature"],
    ["temperature below 0", { ai: { model: { temperature: -0.1 } } }, "ai.model.temperature"],
    ["top_p above 1", { ai: { model: { top_p: 1.5 } } }, "ai.model.top_p"],
    [
      "frequency_penalty below -2",
      { ai: { model: { frequency_penalty: -2.5 } } },
      "ai.model.frequency_penalty",
    ],
    ["presence_penalty above 2", { ai: { model: { presence_penalty: 3 } } }, "ai.model.presence_penalty"],
    ["max_tokens zero", { ai: { model: { max_tokens: 0 } } }, "ai.model.max_tokens"],
    ["max_tokens fractional", { ai: { model: { max_tokens: 10.5 } } }, "ai.model.max_tokens"],
    ["lastMessages above 100", { ai: { memory: { lastMessages: 101 } } }, "ai.memory.lastMessages"],
    ["lastMessages negative", { ai: { memory: { lastMessages: -1 } } }, "ai.memory.lastMessages"],
    [
      "unknown tool policy",
      { ai: { tools: { handoff_to_operator: "always" } } },
      "ai.tools.handoff_to_operator",
    ],
    ["model id without provider", { ai: { model: { id: "gpt-5" } } }, "ai.model.id"],
    ["model id not in the catalog", { ai: { model: { id: "openai/gpt-0" } } }, "ai.model.id"],
    [
      "semanticRecall not a boolean",
      { ai: { memory: { semanticRecall: "yes" } } },
      "ai.memory.semanticRecall",
    ],
    ["unknown field", { ai: { model: { temprature: 1 } } }, "ai.model.temprature"],
  ];
  for (const [label, body, path] of invalid) {
    it_(`refuses ${label} with 422 naming ${path} and stores nothing`, async () => {
      const bot = await createBot();
      const before = (await t.call("GET", `/v1/bots/${bot.id}/settings`)).json();
      const response = await t.call("POST", `/v1/bots/${bot.id}/settings`, { body });
      expect(response.statusCode).toBe(422);
      const error = response.json();
      expect(error.code).toBe("validation_failed");
      expect(error.details.map((d: { path: string }) => d.path)).toContain(path);
      expect(error.message).toContain(path);
      expect((await t.call("GET", `/v1/bots/${bot.id}/settings`)).json()).toEqual(before);
    });
  }

  it_("accepts the bounds themselves", async () => {
    const bot = await createBot();
    const response = await t.call("POST", `/v1/bots/${bot.id}/settings`, {
      body: {
        ai: {
          model: { temperature: 2, top_p: 0, frequency_penalty: -2, presence_penalty: 2, max_tokens: 1 },
          memory: { lastMessages: 0 },
        },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().ai.model).toMatchObject({ temperature: 2, top_p: 0, frequency_penalty: -2 });
  });

  it_("clones a bot with an independent copy of its settings", async () => {
    const bot = await createBot("Original");
    await t.call("POST", `/v1/bots/${bot.id}/settings`, { body: { ai: { instruction: "Speak French." } } });
    const clone = (await t.call("POST", `/v1/bots/${bot.id}/clone`)).json();
    expect(clone.id).not.toBe(bot.id);
    expect(clone).toMatchObject({ name: "Original (copy)", status: "active", project_id: t.projectId });
    const cloneSettings = (await t.call("GET", `/v1/bots/${clone.id}/settings`)).json();
    expect(cloneSettings.ai.instruction).toBe("Speak French.");

    await t.call("POST", `/v1/bots/${clone.id}/settings`, { body: { ai: { instruction: "Speak German." } } });
    expect((await t.call("GET", `/v1/bots/${bot.id}/settings`)).json().ai.instruction).toBe("Speak French.");

    const named = (await t.call("POST", `/v1/bots/${bot.id}/clone`, { body: { name: "Twin" } })).json();
    expect(named.name).toBe("Twin");
    const withEmptyJsonBody = await t.call("POST", `/v1/bots/${bot.id}/clone`, {
      headers: { "content-type": "application/json" },
    });
    expect(withEmptyJsonBody.statusCode).toBe(200);
  });

  it_("deletes a bot: later reads are 404", async () => {
    const bot = await createBot();
    const response = await t.call("POST", `/v1/bots/${bot.id}/delete`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: bot.id, deleted: true });
    const gone = await t.call("GET", `/v1/bots/${bot.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe("bot_not_found");
    expect((await t.call("GET", "/v1/bots")).json()).toEqual([]);
    expect((await t.call("POST", `/v1/bots/${bot.id}/delete`)).statusCode).toBe(404);
  });

  it_("refuses another project's bot with 403 on every operation and changes nothing", async () => {
    const bot = await createBot("Mine");
    const other = await t.otherProject();
    const attempts: Array<["GET" | "POST", string, unknown]> = [
      ["GET", `/v1/bots/${bot.id}`, undefined],
      ["POST", `/v1/bots/${bot.id}`, { name: "Stolen" }],
      ["POST", `/v1/bots/${bot.id}/status`, { status: "disabled" }],
      ["GET", `/v1/bots/${bot.id}/settings`, undefined],
      ["POST", `/v1/bots/${bot.id}/settings`, { ai: { instruction: "x" } }],
      ["POST", `/v1/bots/${bot.id}/clone`, undefined],
      ["POST", `/v1/bots/${bot.id}/delete`, undefined],
    ];
    for (const [method, url, body] of attempts) {
      const response = await t.call(method, url, { key: other.key, body });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().code).toBe("forbidden");
    }
    expect((await t.call("GET", "/v1/bots", { key: other.key })).json()).toEqual([]);
    const mine = (await t.call("GET", `/v1/bots/${bot.id}`)).json();
    expect(mine).toMatchObject({ name: "Mine", status: "active" });
    expect((await t.call("GET", `/v1/bots/${bot.id}/settings`)).json().ai.instruction).toBe(
      "You are a helpful assistant.",
    );
  });

  it_("validates the create body", async () => {
    expect((await t.call("POST", "/v1/bots", { body: {} })).statusCode).toBe(422);
    expect((await t.call("POST", "/v1/bots", { body: { name: "" } })).json().details[0].path).toBe("name");
    expect((await t.call("POST", "/v1/bots", { body: { name: "x".repeat(201) } })).statusCode).toBe(422);
    expect((await t.call("POST", "/v1/bots", { body: { name: 5 } })).statusCode).toBe(422);
    expect((await t.call("POST", "/v1/bots")).json().code).toBe("body_required");
  });
});
