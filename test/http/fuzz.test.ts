import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeChat, streamTurn } from "../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../helpers/dialects.js";
import {
  deeplyNested,
  type FuzzRequest,
  forgedCursors,
  generate,
  HIDDEN_ROUTES,
} from "../helpers/fuzz-requests.js";
import { listen } from "../helpers/live-app.js";
import { scriptedModel } from "../helpers/mock-model.js";
import { seededRandom } from "../helpers/seeded-random.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Bad input over every route of the OpenAPI document, on both databases: a bounded,
 * deterministic (seeded) set of malformed requests, none of which may yield a 5xx.
 */

interface ThreadPage {
  data: Array<{ id: string; last_message_at: string | null }>;
  next_cursor: string | null;
}

for (const dialect of DIALECTS) {
  describe.skipIf(shouldSkip(dialect))(`fuzzing every route (${dialect})`, () => {
    let t: TestApp;
    let base: string;
    let ids: Record<string, string>;
    let foreignIds: string[];

    beforeAll(async () => {
      const mock = scriptedModel(() => ({ text: "fine" }));
      t = await createTestApp({
        dialect,
        modelOverride: () => mock.model,
        // A real endpoint (on a closed local port) so that its deliveries exist to be listed.
        env: { PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true" },
      });
      base = await listen(t);
      const endpoint = (
        await t.call("POST", "/v1/webhook-endpoints", {
          body: { url: "http://127.0.0.1:9/hook", events: ["thread.message.created"] },
        })
      ).json();
      const { bot, integration, chat } = await activeChat(t);
      await streamTurn(t, chat.id, "fuzz-thread", "hello");
      const key = (
        await t.call("POST", `/v1/projects/${t.projectId}/api-keys`, { body: { name: "k" } })
      ).json();
      const deliveries = (await t.call("GET", `/v1/webhook-endpoints/${endpoint.id}/deliveries`)).json();
      const other = await t.otherProject();
      const elsewhere = await activeChat(t, other.key);
      await streamTurn(t, elsewhere.chat.id, "other-thread", "hello", { key: other.key });
      ids = {
        bot_id: bot.id,
        chat_id: chat.id,
        thread_id: "fuzz-thread",
        key_id: key.id,
        approval_id: "apr_missing",
        delivery_id: deliveries.data[0]?.id ?? "whd_missing",
        id: integration.id,
        "/v1/projects/{id}/api-keys:id": t.projectId,
        "/v1/projects/{id}/api-keys/{key_id}:id": t.projectId,
        "/v1/webhook-endpoints/{id}:id": endpoint.id,
        "/v1/webhook-endpoints/{id}/deliveries:id": endpoint.id,
        "/v1/webhook-endpoints/{id}/deliveries/{delivery_id}/retry:id": endpoint.id,
      };
      // Real ids in the wrong slot, and the other project's ids in every slot (403 or 404).
      foreignIds = [
        ...Object.values(ids),
        other.projectId,
        elsewhere.bot.id,
        elsewhere.integration.id,
        elsewhere.chat.id,
        "other-thread",
      ];
    });
    afterAll(async () => {
      await t?.close();
    });

    async function send(request: FuzzRequest): Promise<{ status: number; text: string }> {
      const response = await fetch(`${base}${request.url}`, {
        method: request.method,
        headers: {
          authorization: `Bearer ${t.adminKey}`,
          ...(request.body !== undefined ? { "content-type": "application/json" } : {}),
        },
        ...(request.body !== undefined ? { body: request.body } : {}),
        signal: AbortSignal.timeout(10_000),
      });
      return { status: response.status, text: await response.text() };
    }

    /** Sends them all, one after the other; the ones answered 5xx, described. */
    async function serverErrors(requests: FuzzRequest[]): Promise<string[]> {
      const failures: string[] = [];
      for (const request of requests) {
        const { status, text } = await send(request);
        if (status >= 500)
          failures.push(
            `${request.method} ${request.url.slice(0, 200)} ${String(request.body).slice(0, 200)} -> ${status} ${text.slice(0, 300)}`,
          );
      }
      return failures;
    }

    async function allThreads(): Promise<ThreadPage["data"]> {
      const threads: ThreadPage["data"] = [];
      let cursor: string | null = null;
      do {
        const response = await t.call("GET", `/v1/threads?limit=100${cursor ? `&cursor=${cursor}` : ""}`);
        expect(response.statusCode).toBe(200);
        const page = response.json() as ThreadPage;
        threads.push(...page.data);
        cursor = page.next_cursor;
      } while (cursor);
      return threads;
    }

    it("refuses NUL anywhere with 422, names where, and stores nothing", async () => {
      const search = await t.call("GET", "/v1/threads?search=a%00b");
      expect(search.statusCode).toBe(422);
      expect(search.json()).toMatchObject({ code: "validation_failed", details: [{ path: "query.search" }] });
      const param = await t.call("GET", "/v1/bots/bot_a%00b");
      expect(param.statusCode).toBe(422);
      expect(param.json().details[0].path).toBe("params.bot_id");
      const bot = await t.call("POST", "/v1/bots", { body: { name: "Evil\u0000Bot" } });
      expect(bot.statusCode).toBe(422);
      expect(bot.json()).toMatchObject({ code: "validation_failed", details: [{ path: "name" }] });
      const bots = (await t.call("GET", "/v1/bots")).json() as Array<{ name: string }>;
      expect(bots.some((b) => b.name.startsWith("Evil"))).toBe(false);
      const key = await t.call("POST", "/v1/bots", { body: { name: "x", "a\u0000": 1 } });
      expect(key.statusCode).toBe(422);
      expect(key.json().details[0].message).toMatch(/key/);
      const outside = await t.call("GET", "/healthz?probe=%00");
      expect(outside.statusCode).toBe(422);
    });

    it("a stream request with NUL leaves no thread behind", async () => {
      const response = await t.call("POST", `/v1/chats/${ids.chat_id}/threads/nul-thread/stream`, {
        body: {
          messages: [
            { role: "user", content: "ok" },
            { role: "user", content: "a\u0000b" },
          ],
        },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().details[0].path).toBe("messages.1.content");
      expect((await t.call("GET", "/v1/threads/nul-thread")).statusCode).toBe(404);
    });

    it("bounds the nesting of every body, naming where it got too deep", async () => {
      const tooDeep = await t.call("POST", "/v1/bots", {
        body: `{"name":"deep","x":${deeplyNested(32)}}`,
      });
      expect(tooDeep.statusCode).toBe(422);
      const detail = tooDeep.json().details[0];
      expect(detail.message).toMatch(/deeper than 32 levels/);
      expect(detail.path).toBe(`x${".a".repeat(31)}`);
      // 32 levels pass the guard (and meet the schema, which knows no field x).
      const deepest = await t.call("POST", "/v1/bots", { body: `{"name":"deep","x":${deeplyNested(31)}}` });
      expect(deepest.statusCode).toBe(422);
      expect(deepest.json().details[0]).toEqual({ path: "x", message: "unknown field" });
    });

    it("accepts the cursors it issues and refuses forged ones with 422", async () => {
      await streamTurn(t, ids.chat_id!, "fuzz-thread-2", "hello again");
      const first = (await t.call("GET", "/v1/threads?limit=1")).json() as ThreadPage;
      expect(first.next_cursor).not.toBeNull();
      expect((await t.call("GET", `/v1/threads?limit=1&cursor=${first.next_cursor}`)).statusCode).toBe(200);
      const found = (await t.call("GET", "/v1/threads?limit=1&search=hello")).json() as ThreadPage;
      expect(found.next_cursor).not.toBeNull();
      const next = await t.call("GET", `/v1/threads?limit=1&search=hello&cursor=${found.next_cursor}`);
      expect(next.statusCode).toBe(200);
      const deliveries = `/v1/webhook-endpoints/${ids["/v1/webhook-endpoints/{id}/deliveries:id"]}/deliveries`;
      for (const cursor of forgedCursors) {
        for (const url of [`/v1/threads?cursor=${cursor}`, `/v1/threads?search=hello&cursor=${cursor}`]) {
          const response = await t.call("GET", url);
          expect(response.statusCode, url).toBe(422);
          expect(response.json().code).toBe("validation_failed");
        }
        // The deliveries' cursors too (their own shape: {"s": n}).
        const response = await t.call("GET", `${deliveries}?cursor=${cursor}`);
        expect(response.statusCode, `${deliveries}?cursor=${Buffer.from(cursor, "base64url")}`).toBe(422);
      }
    });

    it("refuses free-form maps nested too deep or too large with 422", async () => {
      const deep = await t.call("POST", `/v1/integrations/${ids.id}/chats`, {
        body: `{"bot_id":"${ids.bot_id}","name":"deep","settings":${deeplyNested(5000)}}`,
      });
      expect(deep.statusCode).toBe(422);
      const deepUpdate = await t.call("POST", `/v1/integrations/${ids.id}/chats/${ids.chat_id}`, {
        body: `{"settings":${deeplyNested(5000)}}`,
      });
      expect(deepUpdate.statusCode).toBe(422);
      const eleven = JSON.parse(deeplyNested(11));
      const tooDeep = await t.call("POST", `/v1/integrations/${ids.id}`, { body: { settings: eleven } });
      expect(tooDeep.statusCode).toBe(422);
      expect(tooDeep.json().details[0].path).toBe("settings");
      const authData = await t.call("POST", `/v1/integrations/${ids.id}`, { body: { auth_data: eleven } });
      expect(authData.statusCode).toBe(422);
      expect(authData.json().details[0].path).toBe("auth_data");
      const chatSettings = await t.call("POST", `/v1/integrations/${ids.id}/chats/${ids.chat_id}`, {
        body: { settings: eleven },
      });
      expect(chatSettings.statusCode).toBe(422);
      expect(chatSettings.json().details[0].path).toBe("settings");
      const large = await t.call("POST", `/v1/integrations/${ids.id}`, {
        body: { settings: { blob: "x".repeat(40_000) } },
      });
      expect(large.statusCode).toBe(422);
      const notObject = await t.call("POST", `/v1/integrations/${ids.id}`, { body: { settings: [1] } });
      expect(notObject.json().details[0].message).toBe("must be a JSON object");
      const fine = await t.call("POST", `/v1/integrations/${ids.id}`, {
        body: { settings: JSON.parse(deeplyNested(9)) },
      });
      expect(fine.statusCode).toBe(200);
    });

    it("answers no generated bad request with a 5xx (destructive ones last)", async () => {
      const doc = (await t.call("GET", "/openapi.json")).json();
      const { safe, destructive } = generate(
        doc,
        ids,
        foreignIds,
        seededRandom(dialect === "sqlite" ? 20261124 : 4242),
        60,
      );
      expect(safe.length + destructive.length).toBeGreaterThan(1500);
      const before = new Set((await allThreads()).map((thread) => thread.id));
      const failures = await serverErrors([...safe, ...HIDDEN_ROUTES]);
      // No bad request (to the stream route or any other) left a thread without messages behind.
      const empty = (await allThreads()).filter((th) => th.last_message_at === null && !before.has(th.id));
      expect(empty).toEqual([]);
      failures.push(...(await serverErrors(destructive)));
      expect(failures).toEqual([]);
      // A fixed number of requests (seeded) that took 90-120 s per database on a loaded machine;
      // a hang fails sooner, at one request's own 10 s timeout.
    }, 600_000);
  });
}
