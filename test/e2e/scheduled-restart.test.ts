import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.js";
import { newId } from "../../src/infra/ids.js";
import { createSecretBox } from "../../src/infra/secret-box.js";
import { bootstrap } from "../../src/modules/projects/bootstrap.js";
import { openStorage } from "../../src/storage/database.js";
import { migrateToLatest } from "../../src/storage/migrator.js";
import { eventually } from "../helpers/conversation-fixtures.js";
import { scriptedModel } from "../helpers/mock-model.js";
import { ADMIN_KEY } from "../helpers/test-app.js";
import { testConfig } from "../helpers/test-config.js";

/** A scheduled reply survives the process that accepted it: a new process on the same database delivers it. */
describe("scheduled work across a restart", () => {
  it("a reply scheduled before a restart fires after it", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "parley-restart-")), "parley.db");
    const secrets = createSecretBox(randomBytes(32));
    const config = testConfig({ PARLEY_RATE_LIMIT_PER_KEY: "100000" });
    const mock = scriptedModel(() => ({ text: "Good morning!" }));
    const headers = { authorization: `Bearer ${ADMIN_KEY}`, "content-type": "application/json" };

    const firstStorage = openStorage({ sqlitePath: file });
    await migrateToLatest(firstStorage);
    await bootstrap(firstStorage, { clock: { now: () => new Date() }, newId, bootstrapKey: ADMIN_KEY });
    const first = await buildApp({ config, storage: firstStorage, secrets, modelOverride: () => mock.model });
    await first.ready();
    const call = async (method: "GET" | "POST", url: string, body?: unknown) =>
      (
        await first.inject({ method, url, headers, ...(body ? { payload: JSON.stringify(body) } : {}) })
      ).json();
    const bot = await call("POST", "/v1/bots", { name: "Scheduler" });
    const integration = await call("POST", "/v1/integrations", {
      name: "Web",
      vendor: "parley",
      auth_data: {},
    });
    const chat = await call("POST", `/v1/integrations/${integration.id}/chats`, {
      bot_id: bot.id,
      name: "c",
    });
    await call("POST", `/v1/integrations/${integration.id}/chats/${chat.id}/status`, { status: "active" });
    const at = new Date(Date.now() + 1500).toISOString();
    const scheduled = await first.inject({
      method: "POST",
      url: `/v1/chats/${chat.id}/threads/restart-1/stream`,
      headers,
      payload: JSON.stringify({ messages: [{ role: "user", content: "wake me" }], scheduledAt: at }),
    });
    expect(scheduled.statusCode).toBe(202);
    await first.close();
    await firstStorage.close();
    expect(mock.calls).toHaveLength(0);

    const secondStorage = openStorage({ sqlitePath: file });
    await migrateToLatest(secondStorage);
    const second = await buildApp({
      config,
      storage: secondStorage,
      secrets,
      modelOverride: () => mock.model,
      workerPollMs: 50,
    });
    await second.ready();
    const messages = await eventually(
      async () =>
        (
          await second.inject({ method: "GET", url: "/v1/threads/restart-1/messages", headers })
        ).json() as Array<{
          content: string;
        }>,
      (list) => list.length === 2,
      8000,
    );
    expect(messages.map((m) => m.content)).toEqual(["wake me", "Good morning!"]);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(at));
    await second.close();
    await secondStorage.close();
  }, 20_000);
});
