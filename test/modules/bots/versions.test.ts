import { afterEach, describe, expect, it } from "vitest";
import { settingsVersion } from "../../../src/modules/bots/index.js";
import { webhookEventSchema } from "../../../src/modules/webhooks/event-schemas.js";
import { botVersions as botVersionsMigration } from "../../../src/storage/migrations/0030-bot-versions.js";
import { activeChat, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

/**
 * Bot versions (docs/quality.md, "Versions"): every settings change is a version, a draft is
 * kept apart from what answers customers, a draft chat answers with the draft, publish, roll
 * back, diff, the trace names its version, `bot.published` is recorded, and parallel changes
 * get consecutive numbers.
 */
describe.each(DIALECTS)("bot versions on %s", (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  /** The model answers with the system instruction it was given: which version answered shows. */
  async function setup() {
    const mock = scriptedModel((options) => {
      const system = options.prompt.find((m) => m.role === "system");
      return { text: `[${typeof system?.content === "string" ? system.content : ""}]` };
    });
    t = await createTestApp({
      dialect,
      modelOverride: () => mock.model,
      env: { PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true" },
    });
    const { bot, integration, chat } = await activeChat(t);
    return { bot, integration, chat };
  }

  const settings = (botId: string, patch: unknown) =>
    t.call("POST", `/v1/bots/${botId}/settings`, { body: patch });
  const draft = (botId: string, patch: unknown) => t.call("POST", `/v1/bots/${botId}/draft`, { body: patch });
  const instruction = (text: string) => ({ ai: { instruction: text } });

  async function publishedEvents() {
    const rows = await t.storage.db
      .selectFrom("webhook_events")
      .select(["type", "data"])
      .where("type", "=", "bot.published")
      .orderBy("created_at")
      .execute();
    return rows.map((row) => JSON.parse(row.data));
  }

  async function subscribe() {
    const endpoint = await t.call("POST", "/v1/webhook-endpoints", {
      body: { url: "http://127.0.0.1:9/hooks", events: ["bot.published"] },
    });
    expect(endpoint.statusCode).toBe(200);
  }

  it_(
    "a new bot is version 1, published; a live settings change is the next version, published",
    async () => {
      const { bot } = await setup();
      expect(bot).toMatchObject({ published_version: 1, draft_version: null, publish_requires_evals: false });
      expect((await settings(bot.id, instruction("Be brief."))).statusCode).toBe(200);
      // The same settings again change nothing: no version.
      expect((await settings(bot.id, instruction("Be brief."))).statusCode).toBe(200);
      const list = (await t.call("GET", `/v1/bots/${bot.id}/versions`)).json();
      expect(
        list.data.map((v: { version: number; state: string; source: string }) => [
          v.version,
          v.state,
          v.source,
        ]),
      ).toEqual([
        [2, "published", "settings"],
        [1, "archived", "created"],
      ]);
      expect(list.data[0].settings_version).toMatch(/^[0-9a-f]{12}$/);
      const two = (await t.call("GET", `/v1/bots/${bot.id}/versions/2`)).json();
      expect(two.settings.ai.instruction).toBe("Be brief.");
      expect((await t.call("GET", `/v1/bots/${bot.id}/versions/published`)).json().version).toBe(2);
      expect((await t.call("GET", `/v1/bots/${bot.id}`)).json().published_version).toBe(2);
    },
  );

  it_(
    "a draft does not answer customers; a draft chat answers with it; publish, then roll back",
    async () => {
      const { bot, integration, chat } = await setup();
      await subscribe();
      await settings(bot.id, instruction("Version two."));
      const saved = await draft(bot.id, instruction("Version three."));
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({
        version: 3,
        based_on: 2,
        settings: { ai: { instruction: "Version three." } },
      });
      // Another draft edit is another version; the draft's base stays.
      const again = (await draft(bot.id, { ai: { model: { temperature: 0.3 } } })).json();
      expect(again).toMatchObject({ version: 4, based_on: 2 });
      expect((await t.call("GET", `/v1/bots/${bot.id}/settings`)).json().ai.instruction).toBe("Version two.");

      // The customers' chat answers with the published version; a draft chat with the draft.
      const live = await streamTurn(t, chat.id, "th-live", "Hello");
      expect(JSON.stringify(live)).toContain("[Version two.]");
      const tryChat = (
        await t.call("POST", `/v1/integrations/${integration.id}/chats`, {
          body: { bot_id: bot.id, name: "Try it", bot_version: "draft" },
        })
      ).json();
      expect(tryChat.bot_version).toBe("draft");
      await t.call("POST", `/v1/integrations/${integration.id}/chats/${tryChat.id}/status`, {
        body: { status: "active" },
      });
      const tried = await streamTurn(t, tryChat.id, "th-try", "Hello");
      expect(JSON.stringify(tried)).toContain("[Version three.]");

      // Each trace names the version that answered.
      const liveTraces = (await t.call("GET", "/v1/threads/th-live/traces")).json();
      const tryTraces = (await t.call("GET", "/v1/threads/th-try/traces")).json();
      expect(liveTraces.data[0]).toMatchObject({ bot_version: 2 });
      expect(tryTraces.data[0]).toMatchObject({ bot_version: 4 });
      const four = (await t.call("GET", `/v1/bots/${bot.id}/versions/4`)).json();
      expect(tryTraces.data[0].settings_version).toBe(four.settings_version);

      const diff = (await t.call("GET", `/v1/bots/${bot.id}/versions/diff?from=published&to=draft`)).json();
      expect(diff.from.version).toBe(2);
      expect(diff.to.version).toBe(4);
      expect(diff.changes).toEqual([
        { path: "ai.instruction", change: "changed", from: "Version two.", to: "Version three." },
        { path: "ai.model.temperature", change: "changed", from: null, to: 0.3 },
      ]);

      const published = await t.call("POST", `/v1/bots/${bot.id}/publish`, {
        body: { note: "Shorter answers" },
      });
      expect(published.statusCode).toBe(200);
      expect(published.json()).toMatchObject({
        bot: { published_version: 4, draft_version: null },
        version: { version: 4, state: "published", note: "Shorter answers" },
        previous_version: 2,
      });
      expect(JSON.stringify(await streamTurn(t, chat.id, "th-live", "Again"))).toContain("[Version three.]");
      // Nothing left to publish.
      const nothing = await t.call("POST", `/v1/bots/${bot.id}/publish`, { body: {} });
      expect(nothing.statusCode).toBe(409);
      expect(nothing.json().code).toBe("nothing_to_publish");

      const back = await t.call("POST", `/v1/bots/${bot.id}/rollback`, { body: {} });
      expect(back.statusCode).toBe(200);
      expect(back.json()).toMatchObject({ bot: { published_version: 2 }, previous_version: 4 });
      expect(JSON.stringify(await streamTurn(t, chat.id, "th-live", "Once more"))).toContain(
        "[Version two.]",
      );
      // A version that never went live cannot be rolled back to; it can be published.
      const never = await t.call("POST", `/v1/bots/${bot.id}/rollback`, { body: { version: 3 } });
      expect(never.statusCode).toBe(409);
      expect(never.json().code).toBe("never_published");

      const events = await publishedEvents();
      expect(events.map((e) => [e.action, e.previous_version, e.version])).toEqual([
        ["settings", 1, 2],
        ["publish", 2, 4],
        ["rollback", 4, 2],
      ]);
      for (const data of events) {
        const envelope = { id: "evt_1", type: "bot.published", created_at: new Date().toISOString(), data };
        expect(webhookEventSchema.parse(envelope)).toEqual(envelope);
      }
    },
  );

  it_(
    "a draft that comes back to the published settings is no draft; discard keeps the history",
    async () => {
      const { bot } = await setup();
      const original = (await t.call("GET", `/v1/bots/${bot.id}/settings`)).json().ai.instruction;
      expect((await draft(bot.id, instruction("Changed"))).json().version).toBe(2);
      const back = (await draft(bot.id, instruction(original))).json();
      expect(back).toMatchObject({ version: null, based_on: 1 });
      expect((await draft(bot.id, instruction("Changed again"))).json().version).toBe(3);
      const discarded = (await t.call("POST", `/v1/bots/${bot.id}/draft/discard`)).json();
      expect(discarded).toMatchObject({ version: null, settings: { ai: { instruction: original } } });
      const versions = (await t.call("GET", `/v1/bots/${bot.id}/versions`)).json().data;
      expect(versions.map((v: { version: number; state: string }) => [v.version, v.state])).toEqual([
        [3, "archived"],
        [2, "archived"],
        [1, "published"],
      ]);
      // An old version can be published by number.
      const two = await t.call("POST", `/v1/bots/${bot.id}/publish`, { body: { version: 2 } });
      expect(two.json()).toMatchObject({ bot: { published_version: 2 }, version: { state: "published" } });
    },
  );

  it_("a gated bot refuses live changes and publishing without evaluations", async () => {
    const { bot } = await setup();
    const gated = await t.call("POST", `/v1/bots/${bot.id}`, { body: { publish_requires_evals: true } });
    expect(gated.json().publish_requires_evals).toBe(true);
    const live = await settings(bot.id, instruction("Live"));
    expect(live.statusCode).toBe(409);
    expect(live.json().code).toBe("draft_required");
    await draft(bot.id, instruction("Drafted"));
    const refused = await t.call("POST", `/v1/bots/${bot.id}/publish`, { body: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("evals_required");
    // Rolling back is not gated (here: nothing to go back to).
    const rollback = await t.call("POST", `/v1/bots/${bot.id}/rollback`, { body: {} });
    expect(rollback.json().code).toBe("nothing_to_roll_back");
    expect((await t.call("GET", `/v1/bots/${bot.id}`)).json()).toMatchObject({
      published_version: 1,
      draft_version: 2,
    });
  });

  it_("parallel draft edits each get their own consecutive version, none lost", async () => {
    const { bot } = await setup();
    const edits = Array.from({ length: 8 }, (_, i) =>
      draft(bot.id, { ai: { model: { max_tokens: 100 + i } } }),
    );
    const results = await Promise.all(edits);
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const numbers = results.map((r) => r.json().version).sort((a: number, b: number) => a - b);
    expect(numbers).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    const draftNow = (await t.call("GET", `/v1/bots/${bot.id}/draft`)).json();
    expect(draftNow.version).toBe(9);
    const nine = (await t.call("GET", `/v1/bots/${bot.id}/versions/9`)).json();
    expect(draftNow.settings).toEqual(nine.settings);
  });

  it_("bad refs and bodies are 4xx with a code; another project's bot is not readable", async () => {
    const { bot } = await setup();
    const missing = await t.call("GET", `/v1/bots/${bot.id}/versions/99`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("version_not_found");
    expect((await t.call("GET", `/v1/bots/${bot.id}/versions/zero`)).statusCode).toBe(422);
    expect((await t.call("GET", `/v1/bots/${bot.id}/versions/0`)).statusCode).toBe(422);
    expect((await t.call("GET", `/v1/bots/${bot.id}/versions?cursor=abc`)).statusCode).toBe(422);
    expect((await t.call("POST", `/v1/bots/${bot.id}/publish`, { body: { version: "x" } })).statusCode).toBe(
      422,
    );
    expect((await t.call("POST", `/v1/bots/${bot.id}/publish`, { body: { version: 7 } })).json().code).toBe(
      "version_not_found",
    );
    const unknownModel = await draft(bot.id, { ai: { model: { id: "nope/none" } } });
    expect(unknownModel.statusCode).toBe(422);
    expect((await t.call("GET", "/v1/bots/bot_missing/versions")).statusCode).toBe(404);
    const other = await t.call("POST", "/v1/projects", { body: { name: "Other" } });
    if (other.statusCode === 200) {
      const key = (
        await t.call("POST", `/v1/projects/${other.json().id}/api_keys`, { body: { name: "k" } })
      ).json();
      if (key.secret) {
        const foreign = await t.call("GET", `/v1/bots/${bot.id}/versions`, { key: key.secret });
        expect([403, 404]).toContain(foreign.statusCode);
      }
    }
  });

  it_("the migration makes each existing bot's settings its version 1, published", async () => {
    const { bot } = await setup();
    await settings(bot.id, instruction("Before versions"));
    const stored = await t.storage.db
      .selectFrom("bots")
      .select("settings")
      .where("id", "=", bot.id)
      .executeTakeFirstOrThrow();
    await t.storage.db.transaction().execute(async (trx) => {
      const migration = botVersionsMigration(dialect);
      await migration.down!(trx as never);
      await migration.up(trx as never);
    });
    const versions = (await t.call("GET", `/v1/bots/${bot.id}/versions`)).json().data;
    expect(versions).toEqual([
      expect.objectContaining({
        version: 1,
        source: "migration",
        state: "published",
        settings_version: settingsVersion(stored.settings),
      }),
    ]);
    expect((await t.call("GET", `/v1/bots/${bot.id}/versions/1`)).json().settings.ai.instruction).toBe(
      "Before versions",
    );
    // And the history goes on from there.
    expect((await draft(bot.id, instruction("After"))).json().version).toBe(2);
  });

  it_(
    "a draft chat's failed reply follows the draft's failure settings, the customers' the published ones",
    async () => {
      const failing = scriptedModel(() => ({ error: new Error("provider down") }));
      t = await createTestApp({
        dialect,
        modelOverride: () => failing.model,
        env: { PARLEY_MODEL_MAX_ATTEMPTS: "1" },
      });
      const { bot, integration, chat } = await activeChat(t);
      await draft(bot.id, { ai: { failure: { handoff: true } } });
      const tryChat = (
        await t.call("POST", `/v1/integrations/${integration.id}/chats`, {
          body: { bot_id: bot.id, name: "Try it", bot_version: "draft" },
        })
      ).json();
      await t.call("POST", `/v1/integrations/${integration.id}/chats/${tryChat.id}/status`, {
        body: { status: "active" },
      });
      await streamTurn(t, tryChat.id, "th-draft", "Hello");
      await streamTurn(t, chat.id, "th-live", "Hello");
      const mode = async (id: string) => (await t.call("GET", `/v1/threads/${id}`)).json().mode;
      expect(await mode("th-draft")).toBe("manual");
      expect(await mode("th-live")).toBe("auto");
    },
  );
});
