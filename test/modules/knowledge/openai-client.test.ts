import type { AddressInfo } from "node:net";
import OpenAI, { toFile } from "openai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { App } from "../../../src/infra/http-types.js";
import { FakeKnowledge } from "./fake-knowledge.js";
import { KEY_A, KEY_B, knowledgeApp, PROJECT_A } from "./knowledge-app.js";

/**
 * The official `openai` package (v6) against the mirror on a listening server: what a user of
 * OpenAI's vector stores gets by pointing `baseURL` at `<origin>/openai/v1` with a Parley key.
 */
describe("the official OpenAI client against /openai/v1", () => {
  let app: App;
  let fake: FakeKnowledge;
  let client: OpenAI;
  let baseURL: string;

  beforeAll(async () => {
    fake = new FakeKnowledge();
    // A short poll interval: the helpers honour `openai-poll-after-ms` (their default is 5 s).
    app = await knowledgeApp({ knowledge: fake, maxUploadBytes: 256 * 1024, pollAfterMs: 10 });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    baseURL = `http://127.0.0.1:${port}/openai/v1`;
    client = new OpenAI({ baseURL, apiKey: KEY_A, maxRetries: 0 });
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(() => {
    fake.processAfterPolls = 0;
  });

  const text = (name: string, content: string) => toFile(Buffer.from(content), name);
  /** The client adds `_request_id` (from x-request-id) to every object it returns. */
  const plain = <T extends object>(value: T) => {
    const { _request_id: _, ...rest } = value as T & { _request_id?: unknown };
    return rest;
  };

  it("uploads, retrieves, lists, downloads and deletes files", async () => {
    const created = await client.files.create({
      file: await text("guide.md", "# Guide\n\nHello."),
      purpose: "assistants",
    });
    expect(plain(created)).toEqual({
      id: expect.any(String),
      object: "file",
      bytes: 15,
      created_at: expect.any(Number),
      filename: "guide.md",
      purpose: "assistants",
      status: "processed",
      status_details: null,
    });
    expect(Number.isInteger(created.created_at)).toBe(true);
    // A plain File (what browsers and Node 20 have) works too.
    const fromFile = await client.files.create({
      file: new File(["plain text"], "plain.txt", { type: "text/plain" }),
      purpose: "assistants",
    });
    expect(fromFile.bytes).toBe(10);

    expect(plain(await client.files.retrieve(created.id))).toEqual(plain(created));
    const response = await client.files.content(created.id);
    expect(await response.text()).toBe("# Guide\n\nHello.");
    const ids: string[] = [];
    for await (const file of client.files.list({ purpose: "assistants" })) ids.push(file.id);
    expect(ids).toEqual(expect.arrayContaining([created.id, fromFile.id]));

    expect(plain(await client.files.delete(fromFile.id))).toEqual({
      id: fromFile.id,
      object: "file",
      deleted: true,
    });
    await expect(client.files.retrieve(fromFile.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
  });

  it("creates a store with file_ids and sees it go from in_progress to completed", async () => {
    fake.processAfterPolls = 2;
    const a = await client.files.create({ file: await text("a.txt", "alpha"), purpose: "assistants" });
    const b = await client.files.create({ file: await text("b.txt", "beta"), purpose: "assistants" });
    const store = await client.vectorStores.create({
      name: "Docs",
      file_ids: [a.id, b.id],
      metadata: { team: "support" },
      expires_after: { anchor: "last_active_at", days: 30 },
      chunking_strategy: {
        type: "static",
        static: { max_chunk_size_tokens: 300, chunk_overlap_tokens: 100 },
      },
    });
    expect(plain(store)).toEqual({
      id: expect.any(String),
      object: "vector_store",
      created_at: expect.any(Number),
      name: "Docs",
      usage_bytes: 0,
      file_counts: { in_progress: 2, completed: 0, failed: 0, cancelled: 0, total: 2 },
      status: "in_progress",
      expires_after: { anchor: "last_active_at", days: 30 },
      expires_at: expect.any(Number),
      last_active_at: expect.any(Number),
      metadata: { team: "support" },
    });
    await client.vectorStores.retrieve(store.id);
    const ready = await client.vectorStores.retrieve(store.id);
    expect(ready).toMatchObject({
      status: "completed",
      file_counts: { in_progress: 0, completed: 2, total: 2 },
      usage_bytes: 9,
    });
    const file = await client.vectorStores.files.retrieve(a.id, { vector_store_id: store.id });
    expect(plain(file)).toEqual({
      id: a.id,
      object: "vector_store.file",
      usage_bytes: 5,
      created_at: expect.any(Number),
      vector_store_id: store.id,
      status: "completed",
      last_error: null,
      chunking_strategy: {
        type: "static",
        static: { max_chunk_size_tokens: 300, chunk_overlap_tokens: 100 },
      },
      attributes: {},
    });
  });

  it("uploadAndPoll and createAndPoll wait for processing, paced by openai-poll-after-ms", async () => {
    // Eight polls: at the helpers' default 5 s apiece they would outlast the test's timeout, so
    // finishing at all shows they waited what openai-poll-after-ms said (no clock is read).
    fake.processAfterPolls = 8;
    const store = await client.vectorStores.create({ name: "Poll" });
    const uploaded = await client.vectorStores.files.uploadAndPoll(
      store.id,
      await text("faq.txt", "Refunds take five days."),
    );
    expect(uploaded).toMatchObject({
      object: "vector_store.file",
      status: "completed",
      vector_store_id: store.id,
    });
    const polls = fake.calls.filter((c) => c.method === "getStoreFile" && c.args[2] === uploaded.id);
    expect(polls.length).toBeGreaterThanOrEqual(8);

    const other = await client.files.create({
      file: await text("x.bin", "\u0000\u0001"),
      purpose: "assistants",
    });
    const failed = await client.vectorStores.files.createAndPoll(store.id, {
      file_id: other.id,
      attributes: { kind: "blob" },
    });
    expect(failed).toMatchObject({
      status: "failed",
      last_error: { code: "unsupported_file", message: expect.any(String) },
      attributes: { kind: "blob" },
    });
  });

  it("fileBatches.uploadAndPoll uploads every file and waits for the batch", async () => {
    fake.processAfterPolls = 2;
    const store = await client.vectorStores.create({ name: "Batch" });
    const batch = await client.vectorStores.fileBatches.uploadAndPoll(store.id, {
      files: [await text("one.txt", "one"), await text("two.txt", "two"), await text("three.txt", "three")],
    });
    expect(plain(batch)).toEqual({
      id: expect.any(String),
      object: "vector_store.files_batch",
      created_at: expect.any(Number),
      vector_store_id: store.id,
      status: "completed",
      file_counts: { in_progress: 0, completed: 3, failed: 0, cancelled: 0, total: 3 },
    });
    const names: string[] = [];
    for await (const file of client.vectorStores.fileBatches.listFiles(batch.id, {
      vector_store_id: store.id,
    })) {
      names.push((await client.files.retrieve(file.id)).filename);
    }
    expect(names.sort()).toEqual(["one.txt", "three.txt", "two.txt"]);
  });

  it("cancels a batch; a poll helper on a cancelled file ends (failed) instead of spinning", async () => {
    fake.processAfterPolls = 100;
    const store = await client.vectorStores.create({ name: "Cancel" });
    const a = await client.files.create({ file: await text("a.txt", "alpha"), purpose: "assistants" });
    const batch = await client.vectorStores.fileBatches.create(store.id, { file_ids: [a.id] });
    expect(batch.status).toBe("in_progress");
    const cancelled = await client.vectorStores.fileBatches.cancel(batch.id, { vector_store_id: store.id });
    expect(cancelled).toMatchObject({ status: "cancelled", file_counts: { cancelled: 1, in_progress: 0 } });
    const polled = await client.vectorStores.files.poll(store.id, a.id);
    expect(polled).toMatchObject({ status: "failed", last_error: { code: "server_error" } });
    // Read plainly, the file is `cancelled`, as OpenAI shows it.
    expect((await client.vectorStores.files.retrieve(a.id, { vector_store_id: store.id })).status).toBe(
      "cancelled",
    );
  });

  it("searches with filters, as a page the client iterates", async () => {
    const store = await client.vectorStores.create({ name: "Search" });
    const en = await client.files.create({
      file: await text("en.txt", "Refunds are processed in five days."),
      purpose: "assistants",
    });
    const de = await client.files.create({
      file: await text("de.txt", "Refunds dauern fünf Tage."),
      purpose: "assistants",
    });
    await client.vectorStores.files.create(store.id, {
      file_id: en.id,
      attributes: { lang: "en", year: 2024 },
    });
    await client.vectorStores.files.create(store.id, {
      file_id: de.id,
      attributes: { lang: "de", year: 2023 },
    });

    const page = await client.vectorStores.search(store.id, {
      query: "refunds",
      max_num_results: 5,
      filters: {
        type: "and",
        filters: [
          { type: "eq", key: "lang", value: "en" },
          { type: "gte", key: "year", value: 2024 },
        ],
      },
      ranking_options: { score_threshold: 0.1 },
    });
    expect(page.data).toEqual([
      {
        file_id: en.id,
        filename: "en.txt",
        score: 1,
        attributes: { lang: "en", year: 2024 },
        content: [{ type: "text", text: "Refunds are processed in five days." }],
      },
    ]);
    const all: string[] = [];
    for await (const hit of client.vectorStores.search(store.id, { query: ["refunds"] }))
      all.push(hit.file_id);
    expect(all.sort()).toEqual([de.id, en.id].sort());

    const content = await client.vectorStores.files.content(en.id, { vector_store_id: store.id });
    expect(content.data).toEqual([{ type: "text", text: "Refunds are processed in five days." }]);
  });

  it("updates and deletes stores and store files", async () => {
    const file = await client.files.create({ file: await text("u.txt", "update me"), purpose: "assistants" });
    const store = await client.vectorStores.create({ name: "Before", file_ids: [file.id] });
    const updated = await client.vectorStores.update(store.id, {
      name: "After",
      metadata: { v: "2" },
      expires_after: { anchor: "last_active_at", days: 2 },
    });
    expect(updated).toMatchObject({ name: "After", metadata: { v: "2" }, expires_after: { days: 2 } });
    const attributes = await client.vectorStores.files.update(file.id, {
      vector_store_id: store.id,
      attributes: { reviewed: true },
    });
    expect(attributes.attributes).toEqual({ reviewed: true });
    const cleared = await client.vectorStores.files.update(file.id, {
      vector_store_id: store.id,
      attributes: null,
    });
    expect(cleared.attributes).toEqual({});

    expect(plain(await client.vectorStores.files.delete(file.id, { vector_store_id: store.id }))).toEqual({
      id: file.id,
      object: "vector_store.file.deleted",
      deleted: true,
    });
    expect(plain(await client.vectorStores.delete(store.id))).toEqual({
      id: store.id,
      object: "vector_store.deleted",
      deleted: true,
    });
    await expect(client.vectorStores.retrieve(store.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
  });

  it("auto-paginates lists with for await", async () => {
    const paging = new OpenAI({ baseURL, apiKey: KEY_B, maxRetries: 0 });
    const created: string[] = [];
    for (let i = 0; i < 25; i += 1) created.push((await paging.vectorStores.create({ name: `s${i}` })).id);
    const seen: string[] = [];
    for await (const store of paging.vectorStores.list({ limit: 10 })) seen.push(store.id);
    expect(seen).toEqual([...created].reverse());
    const requests = fake.calls.filter((c) => c.method === "listStores" && c.args[0] === "prj_b");
    expect(requests.map((c) => (c.args[1] as { after?: string }).after)).toEqual([
      undefined,
      created[15],
      created[5],
    ]);

    const first = await paging.vectorStores.list({ limit: 10, order: "asc" });
    expect(first.data.map((s) => s.id)).toEqual(created.slice(0, 10));
    expect(first.has_more).toBe(true);
    const second = await first.getNextPage();
    expect(second.data.map((s) => s.id)).toEqual(created.slice(10, 20));
  });

  it("maps errors to the client's classes", async () => {
    const missing = await client.vectorStores.retrieve("vs_missing").catch((error) => error);
    expect(missing).toBeInstanceOf(OpenAI.NotFoundError);
    expect(missing.status).toBe(404);
    expect(missing.type).toBe("invalid_request_error");
    expect(missing.message).toContain("vs_missing");

    // Another project's store is not found, not forbidden.
    const own = await fake.createStore(PROJECT_A, { name: "Mine" });
    const other = new OpenAI({ baseURL, apiKey: KEY_B, maxRetries: 0 });
    const hidden = await other.vectorStores.retrieve(own.id).catch((error) => error);
    expect(hidden).toBeInstanceOf(OpenAI.NotFoundError);

    const invalid = await client.vectorStores
      .create({
        name: "x",
        metadata: Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, "v"])),
      })
      .catch((error) => error);
    expect(invalid).toBeInstanceOf(OpenAI.BadRequestError);
    expect(invalid.param).toBe("metadata");

    const badFilter = await client.vectorStores
      .search(own.id, { query: "x", filters: { type: "eq", key: "a", value: ["b"] } })
      .catch((error) => error);
    expect(badFilter).toBeInstanceOf(OpenAI.BadRequestError);

    const badKey = new OpenAI({ baseURL, apiKey: "prl_wrong", maxRetries: 0 });
    const unauthorized = await badKey.vectorStores.list().catch((error) => error);
    expect(unauthorized).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(unauthorized.code).toBe("invalid_api_key");

    const tooLarge = await client.files
      .create({ file: await toFile(Buffer.alloc(300 * 1024, "a"), "big.txt"), purpose: "assistants" })
      .catch((error) => error);
    expect(tooLarge).toBeInstanceOf(OpenAI.APIError);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.code).toBe("payload_too_large");
  });
});
