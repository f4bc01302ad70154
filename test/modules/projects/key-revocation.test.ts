import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../../../src/app.js";
import type { App } from "../../../src/infra/http-types.js";
import { createSecretBox } from "../../../src/infra/secret-box.js";
import { createRepos } from "../../../src/storage/repos/index.js";
import { activeChat, eventually, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { listen } from "../../helpers/live-app.js";
import { scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { testConfig } from "../../helpers/test-config.js";
import { WAIT_BOUND_MS } from "../../helpers/wait-bound.js";

const REDIS_URL = process.env.PARLEY_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/**
 * Streams here are ended by a revocation, never by the periodic check of open streams' keys
 * (which runs every heartbeat): with an hour between heartbeats, a stream that ends within the
 * waits' bound was ended by the revocation itself, however slow the machine.
 */
const NO_PERIODIC_CHECK = { PARLEY_SSE_HEARTBEAT_MS: "3600000" };

/** Reads a streaming response to its end; resolves with everything it carried (`sofar` meanwhile). */
function readAll(response: Response): Promise<string> & { sofar: () => string } {
  let text = "";
  const done = (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return text;
        text += value;
      }
    } catch {
      return text;
    }
  })();
  return Object.assign(done, { sofar: () => text });
}

/** Resolves true when the promise settles within the time, false otherwise. */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);
}

async function projectKey(t: TestApp): Promise<{ id: string; key: string }> {
  const created = await t.call("POST", `/v1/projects/${t.projectId}/api-keys`, {
    body: { name: "operator" },
  });
  return created.json() as { id: string; key: string };
}

/** Revoking a key ends what it opened: event streams and reply streams, in every process. */
for (const dialect of DIALECTS) {
  describe.skipIf(shouldSkip(dialect))(`key revocation closes streams (${dialect})`, () => {
    const cleanup: Array<() => Promise<unknown>> = [];
    afterEach(async () => {
      for (const step of cleanup.splice(0).reverse()) await step();
    });

    it("ends a thread event stream at once, and the key no longer opens one", async () => {
      const t = await createTestApp({ dialect, env: NO_PERIODIC_CHECK });
      cleanup.push(() => t.close());
      const base = await listen(t);
      const { id, key } = await projectKey(t);
      const response = await fetch(`${base}/v1/threads/events`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(response.status).toBe(200);
      const body = readAll(response);
      expect(await settlesWithin(body, 300)).toBe(false);

      expect((await t.call("DELETE", `/v1/projects/${t.projectId}/api-keys/${id}`)).statusCode).toBe(200);
      expect(await settlesWithin(body, WAIT_BOUND_MS)).toBe(true);
      const again = await fetch(`${base}/v1/threads/events`, { headers: { authorization: `Bearer ${key}` } });
      expect(again.status).toBe(401);
      await again.body?.cancel();
    });

    it("ends a reply stream, while the turn itself completes and is stored", async () => {
      // The answer waits until the stream has ended: the turn outlives it by construction.
      let answer: () => void = () => {};
      const streamEnded = new Promise<void>((resolve) => {
        answer = resolve;
      });
      const mock = scriptedModel(() => ({ text: "A slow answer", until: streamEnded }));
      const t = await createTestApp({ dialect, modelOverride: () => mock.model, env: NO_PERIODIC_CHECK });
      cleanup.push(() => t.close());
      const base = await listen(t);
      const { id, key } = await projectKey(t);
      const { chat } = await activeChat(t);
      const response = await fetch(`${base}/v1/chats/${chat.id}/threads/revoked-1/stream`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ messages: [{ role: "user", content: "hello" }] }),
      });
      const body = readAll(response);
      await t.call("DELETE", `/v1/projects/${t.projectId}/api-keys/${id}`);
      expect(await settlesWithin(body, WAIT_BOUND_MS)).toBe(true);
      expect(await body).not.toContain("A slow answer");
      answer();
      const messages = await eventually(
        async () =>
          (await t.call("GET", "/v1/threads/revoked-1/messages")).json() as Array<{ content: string }>,
        (list) => list.length === 2,
      );
      expect(messages.map((m) => m.content)).toEqual(["hello", "A slow answer"]);
    });

    it("ends streams held by another process, through Redis", async () => {
      const mock = scriptedModel();
      const a = await createTestApp({ dialect, env: { REDIS_URL }, modelOverride: () => mock.model });
      cleanup.push(() => a.close());
      const b: App = await buildApp({
        config: testConfig({ REDIS_URL, PARLEY_RATE_LIMIT_PER_KEY: "100000", ...NO_PERIODIC_CHECK }),
        storage: a.storage,
        secrets: createSecretBox(randomBytes(32)),
      });
      cleanup.push(() => b.close());
      await b.listen({ port: 0, host: "127.0.0.1" });
      const address = b.server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      const { id, key } = await projectKey(a);
      const response = await fetch(`http://127.0.0.1:${port}/v1/threads/events`, {
        headers: { authorization: `Bearer ${key}` },
      });
      const body = readAll(response);
      // A's events reach B's stream only through Redis: once one has, B is subscribed.
      const { chat } = await activeChat(a);
      await streamTurn(a, chat.id, "through-redis", "hello");
      await eventually(
        async () => body.sofar(),
        (text) => text.includes("message_created"),
      );
      expect(body.sofar()).toContain("message_created");
      await a.call("DELETE", `/v1/projects/${a.projectId}/api-keys/${id}`);
      expect(await settlesWithin(body, WAIT_BOUND_MS)).toBe(true);
    });

    it("ends a stream whose key was revoked without a message reaching this process", async () => {
      // No Redis and a revocation written straight to the database (as another process would
      // whose message was lost): the periodic check of open streams' keys catches it.
      const t = await createTestApp({ dialect, env: { PARLEY_SSE_HEARTBEAT_MS: "200" } });
      cleanup.push(() => t.close());
      const base = await listen(t);
      const { id, key } = await projectKey(t);
      const response = await fetch(`${base}/v1/threads/events`, {
        headers: { authorization: `Bearer ${key}` },
      });
      const body = readAll(response);
      expect(await settlesWithin(body, 500)).toBe(false);
      await createRepos(t.storage.db).apiKeys.revoke(id, new Date().toISOString());
      expect(await settlesWithin(body, WAIT_BOUND_MS)).toBe(true);
    });
  });
}
