import OpenAI, { toFile } from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeChat, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { lastUserText, scriptedModel } from "../../helpers/mock-model.js";
import { freePort } from "../../helpers/server-process.js";
import { ADMIN_KEY, createTestApp, type TestApp } from "../../helpers/test-app.js";

const HANDBOOK = `# Returns

A bike can be returned within 14 days if it was not ridden. The refund reaches the card in 5 days.

# Repairs

We repair e-bikes of every brand. A diagnosis costs 1000 rubles.`;

const PRICES = `item,price,currency
City bike,35000,RUB
"E-bike ""Volt""",120000,RUB`;

/**
 * The knowledge path as a user walks it (docs/knowledge.md): the official `openai` client builds a
 * store from documents against the real server and its worker, searches it; a bot grounded in the
 * store answers with the passages it found, sources included.
 */
for (const dialect of DIALECTS) {
  describe.skipIf(shouldSkip(dialect))(
    `knowledge end to end with the official openai client (${dialect})`,
    () => {
      let t: TestApp;
      let client: OpenAI;
      let storeId: string;
      const model = scriptedModel((options, call) =>
        call % 2 === 0 && lastUserText(options).includes("refund")
          ? { toolCall: { name: "knowledge_search", input: { query: "refund card days", limit: 2 } } }
          : { text: "Refunds reach the card in 5 days." },
      );

      beforeAll(async () => {
        const port = await freePort();
        t = await createTestApp({ dialect, modelOverride: () => model.model });
        await t.app.listen({ port, host: "127.0.0.1" });
        client = new OpenAI({
          apiKey: ADMIN_KEY,
          baseURL: `http://127.0.0.1:${port}/openai/v1`,
          maxRetries: 0,
        });
      });
      afterAll(async () => {
        await t?.close();
      });

      it("uploads, builds a store, waits for ingestion and searches with a filter", async () => {
        const handbook = await client.files.create({
          file: await toFile(Buffer.from(HANDBOOK), "handbook.md"),
          purpose: "assistants",
        });
        expect(handbook).toMatchObject({
          object: "file",
          filename: "handbook.md",
          bytes: Buffer.byteLength(HANDBOOK),
        });
        const store = await client.vectorStores.create({ name: "Shop", file_ids: [handbook.id] });
        storeId = store.id;
        const processed = await client.vectorStores.files.poll(store.id, handbook.id, { pollIntervalMs: 50 });
        expect(processed.last_error).toBeNull();
        expect(processed.status).toBe("completed");
        const prices = await client.vectorStores.files.uploadAndPoll(
          store.id,
          await toFile(Buffer.from(PRICES), "prices.csv"),
          {
            pollIntervalMs: 50,
          },
        );
        expect(prices.last_error).toBeNull();
        expect(prices.status).toBe("completed");
        await client.vectorStores.files.update(prices.id, {
          vector_store_id: store.id,
          attributes: { kind: "prices" },
        });

        const found = await client.vectorStores.search(store.id, { query: "how long does a refund take" });
        expect(found.data[0]?.filename).toBe("handbook.md");
        expect(found.data[0]?.content[0]?.text).toContain("refund");
        const filtered = await client.vectorStores.search(store.id, {
          query: "price of the e-bike",
          filters: { type: "eq", key: "kind", value: "prices" },
        });
        expect(filtered.data.map((hit) => hit.filename)).toEqual(["prices.csv"]);
        expect(filtered.data[0]?.content[0]?.text).toContain("E-bike");

        // The same store on Parley's own API, with its documented statuses.
        const own = (await t.call("GET", `/v1/vector_stores/${store.id}`)).json();
        expect(own).toMatchObject({ id: store.id, status: "ready", file_count: 2 });
      });

      it("a bot grounded in the store answers from it, with the sources in the stream and the thread", async () => {
        const { bot, chat } = await activeChat(t);
        const settings = await t.call("POST", `/v1/bots/${bot.id}/settings`, {
          body: { ai: { tools: { knowledge_search: "auto" }, knowledge: { vectorStoreIds: [storeId] } } },
        });
        expect(settings.statusCode).toBe(200);
        const turn = await streamTurn(t, chat.id, "thr_knowledge", "when do I get my refund?");
        const result = turn.events.find((event) => event.type === "tool-result") as {
          result: { results: Array<{ source: string; text: string }> };
        };
        expect(result.result.results[0]?.source).toContain("handbook.md");
        expect(result.result.results[0]?.text).toContain("5 days");
        expect(turn.text).toBe("Refunds reach the card in 5 days.");
        const messages = (await t.call("GET", `/v1/chats/${chat.id}/threads/thr_knowledge/messages`)).json();
        expect(
          messages.some(
            (m: { role: string; content: string }) => m.role === "tool" && m.content.includes("handbook.md"),
          ),
        ).toBe(true);
        // Why this answer: the trace names the passages the search returned (docs/quality.md, "Traces").
        const reply = messages.at(-1) as { id: string };
        const trace = (await t.call("GET", `/v1/threads/thr_knowledge/messages/${reply.id}/trace`)).json();
        expect(trace.knowledge).toHaveLength(1);
        expect(trace.knowledge[0].query).toBe("refund card days");
        expect(trace.knowledge[0].passages.length).toBeGreaterThan(0);
        expect(trace.knowledge[0].passages[0]).toMatchObject({
          vector_store_id: storeId,
          file_id: expect.stringMatching(/^file/),
          file_name: "handbook.md",
          chunk: expect.any(Number),
          score: expect.any(Number),
        });
        expect(trace.tool_calls[0]).toMatchObject({ name: "knowledge_search", status: "ok" });
      });

      it("another project sees nothing of it", async () => {
        const other = await t.otherProject();
        const stranger = new OpenAI({ apiKey: other.key, baseURL: client.baseURL, maxRetries: 0 });
        await expect(stranger.vectorStores.retrieve(storeId)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
        expect((await t.call("GET", `/v1/vector_stores/${storeId}`, { key: other.key })).statusCode).toBe(
          403,
        );
      });
    },
  );
}
