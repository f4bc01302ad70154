import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.js";
import { createSecretBox } from "../../src/infra/secret-box.js";
import { activeChat, eventually, streamTurn } from "../helpers/conversation-fixtures.js";
import { sseEvents } from "../helpers/live-app.js";
import { scriptedModel } from "../helpers/mock-model.js";
import { createTestApp } from "../helpers/test-app.js";
import { testConfig } from "../helpers/test-config.js";

const REDIS_URL = process.env.PARLEY_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Two processes of a cluster share the database and Redis: events raised in one reach the other's streams. */
describe("thread events across processes", () => {
  it("an operator connected to process B sees a conversation handled by process A", async () => {
    const mock = scriptedModel(() => ({ text: "Hello from A" }));
    const a = await createTestApp({ env: { REDIS_URL }, modelOverride: () => mock.model });
    const b = await buildApp({
      config: testConfig({ REDIS_URL, PARLEY_RATE_LIMIT_PER_KEY: "100000" }),
      storage: a.storage,
      secrets: createSecretBox(randomBytes(32)),
      modelOverride: () => mock.model,
    });
    await b.listen({ port: 0, host: "127.0.0.1" });
    const address = b.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const { chat } = await activeChat(a);

    const watcher = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/v1/threads/events`, {
      headers: { authorization: `Bearer ${a.adminKey}` },
      signal: watcher.signal,
    });
    const received: Array<Record<string, unknown>> = [];
    const reading = (async () => {
      try {
        for await (const event of sseEvents(response)) {
          if (typeof event.data === "object") received.push(event.data as Record<string, unknown>);
        }
      } catch {
        // aborted
      }
    })();
    // B's Redis subscription is live once an event of A has reached B's stream (events published
    // before it are not replayed to B): probe until one has, however long it takes to subscribe.
    for (let probe = 0; received.length === 0; probe += 1) {
      expect(probe, "no event of A ever reached B").toBeLessThan(20);
      await streamTurn(a, chat.id, `probe-${probe}`, "probe");
      await eventually(
        async () => received.length,
        (n) => n > 0,
        1000,
      );
    }
    await streamTurn(a, chat.id, "cluster-1", "hi");
    const mine = () => received.filter((e) => e.thread_id === "cluster-1");
    await eventually(
      async () => mine().length,
      (n) => n >= 2,
    );
    watcher.abort();
    await reading;
    expect(mine().map((e) => e.type)).toEqual(["message_created", "message_created"]);
    expect(mine()[1]).toMatchObject({ thread_id: "cluster-1", message: { content: "Hello from A" } });
    await b.close();
    await a.close();
  });
});
