import { afterEach, describe, expect, it } from "vitest";
import { activeChat, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { type ScriptedReply, scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

/**
 * `ai.knowledge.vectorStoreIds` names vector stores of the bot's project only (docs/knowledge.md,
 * "Bots"): another project's id, or one that does not exist, is refused when it is set; a store
 * deleted later is skipped at turn time.
 */
describe.each(DIALECTS)("bot settings check vector store ids (%s)", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  it_("another project's store or an unknown id is 422 unknown_vector_store; nothing changes", async () => {
    t = await createTestApp({ dialect });
    const { bot } = await activeChat(t);
    const own = (await t.call("POST", "/v1/vector_stores", { body: { name: "Ours" } })).json().id as string;
    const other = await t.otherProject();
    const foreign = (
      await t.call("POST", "/v1/vector_stores", { key: other.key, body: { name: "Theirs" } })
    ).json().id as string;
    const settings = (body: unknown) => t!.call("POST", `/v1/bots/${bot.id}/settings`, { body });
    const stores = (ids: string[]) => ({ ai: { knowledge: { vectorStoreIds: ids } } });

    const accepted = await settings(stores([own]));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().ai.knowledge.vectorStoreIds).toEqual([own]);

    for (const ids of [[foreign], [own, "vs_doesnotexist123"]]) {
      const refused = await settings(stores(ids));
      expect(refused.statusCode, refused.body).toBe(422);
      const body = refused.json();
      expect(body.code).toBe("unknown_vector_store");
      const bad = ids.length - 1;
      expect(body.details).toEqual([
        {
          path: `ai.knowledge.vectorStoreIds.${bad}`,
          message: `'${ids[bad]}' is not a vector store of this project (GET /v1/vector_stores lists them)`,
        },
      ]);
      expect(body.message).toContain(ids[bad]);
    }
    // Another project's store reads exactly as an unknown one: nothing about it is revealed.
    const foreignMessage = (await settings(stores([foreign]))).json().details[0].message;
    expect(foreignMessage).not.toContain("another project");

    // With other mistakes in the same patch, all are named under validation_failed.
    const mixed = await settings({
      ai: { model: { id: "openai/no-such-model" }, knowledge: { vectorStoreIds: [foreign] } },
    });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().code).toBe("validation_failed");
    expect(mixed.json().details.map((d: { path: string }) => d.path)).toEqual([
      "ai.model.id",
      "ai.knowledge.vectorStoreIds.0",
    ]);

    // Nothing was stored by the refused patches.
    const current = (await t.call("GET", `/v1/bots/${bot.id}/settings`)).json();
    expect(current.ai.knowledge.vectorStoreIds).toEqual([own]);
  });

  it_("a store deleted after it was set is tolerated: other changes go on, turns skip it", async () => {
    const mock = scriptedModel((options, call): ScriptedReply => {
      if (call === 0) return { toolCall: { name: "knowledge_search", input: { query: "refunds" } } };
      const tool = options.prompt.findLast((m) => m.role === "tool");
      return { text: JSON.stringify(tool?.content ?? "").includes("Nothing found") ? "No documents." : "?" };
    });
    t = await createTestApp({ dialect, modelOverride: () => mock.model });
    const { bot, chat } = await activeChat(t);
    const own = (await t.call("POST", "/v1/vector_stores", { body: { name: "Ours" } })).json().id as string;
    const set = await t.call("POST", `/v1/bots/${bot.id}/settings`, {
      body: { ai: { tools: { knowledge_search: "auto" }, knowledge: { vectorStoreIds: [own] } } },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await t.call("DELETE", `/v1/vector_stores/${own}`)).statusCode).toBe(200);

    const other = await t.call("POST", `/v1/bots/${bot.id}/settings`, {
      body: { ai: { instruction: "Be brief." } },
    });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().ai.knowledge.vectorStoreIds).toEqual([own]);

    const turn = await streamTurn(t, chat.id, "deleted-store", "How do refunds work?");
    expect(turn.events.find((e) => e.type === "tool-result")).toMatchObject({
      toolName: "knowledge_search",
      result: { results: [] },
    });
    expect(turn.text).toBe("No documents.");
  });
});
