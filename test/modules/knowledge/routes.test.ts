import { randomBytes } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { App } from "../../../src/infra/http-types.js";
import { newId } from "../../../src/infra/ids.js";
import { createSecretBox } from "../../../src/infra/secret-box.js";
import { attachmentDisposition } from "../../../src/modules/knowledge/serialize-v1.js";
import { bootstrap } from "../../../src/modules/projects/bootstrap.js";
import type { Storage } from "../../../src/storage/database.js";
import { migrateToLatest } from "../../../src/storage/migrator.js";
import { createRepos } from "../../../src/storage/repos/index.js";
import { openTestStorage } from "../../helpers/dialects.js";
import { FakeKnowledge } from "./fake-knowledge.js";
import { KEY_A, KEY_B, knowledgeApp, multipart } from "./knowledge-app.js";

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const LIMIT = 64 * 1024;

type Part = Parameters<typeof multipart>[0][number];

describe("knowledge routes on /v1", () => {
  let app: App;
  let fake: FakeKnowledge;

  beforeEach(async () => {
    fake = new FakeKnowledge();
    app = await knowledgeApp({ knowledge: fake, maxUploadBytes: LIMIT });
  });
  afterEach(async () => {
    await app.close();
  });

  function call(
    method: "GET" | "POST" | "DELETE",
    url: string,
    options: { body?: unknown; key?: string | null } = {},
  ): Promise<LightMyRequestResponse> {
    const key = options.key === undefined ? KEY_A : options.key;
    return app.inject({
      method,
      url,
      headers: {
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
      },
      ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
    });
  }

  async function upload(url: string, parts: Part[], key = KEY_A): Promise<LightMyRequestResponse> {
    const form = await multipart(parts);
    return app.inject({
      method: "POST",
      url,
      headers: { authorization: `Bearer ${key}`, ...form.headers },
      payload: form.payload,
    });
  }

  async function uploadFile(filename = "notes.txt", content = "hello world", key = KEY_A) {
    const response = await upload(
      "/v1/files",
      [
        ["purpose", "assistants"],
        ["file", { filename, content }],
      ],
      key,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { id: string; bytes: number; filename: string };
  }

  async function createStore(body: Record<string, unknown> = {}, key = KEY_A) {
    const response = await call("POST", "/v1/vector_stores", { body, key });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  function expect422(response: LightMyRequestResponse, path: string) {
    expect(response.statusCode, response.body).toBe(422);
    const body = response.json();
    expect(body.code).toBe("validation_failed");
    expect(body.details.map((d: { path: string }) => d.path)).toContain(path);
  }

  describe("files", () => {
    it("uploads a file as OpenAI's client sends it (file before purpose) and as curl does", async () => {
      const fileFirst = await upload("/v1/files", [
        ["file", { filename: "a.md", content: "# A\n\nalpha" }],
        ["purpose", "assistants"],
      ]);
      expect(fileFirst.statusCode, fileFirst.body).toBe(200);
      expect(fileFirst.json()).toEqual({
        id: expect.any(String),
        object: "file",
        bytes: 10,
        filename: "a.md",
        purpose: "assistants",
        created_at: expect.stringMatching(ISO),
      });
      const purposeFirst = await upload("/v1/files", [
        ["purpose", "user_data"],
        ["file", { filename: "b.txt", content: "beta" }],
      ]);
      expect(purposeFirst.statusCode, purposeFirst.body).toBe(200);
      expect(purposeFirst.json()).toMatchObject({ bytes: 4, filename: "b.txt", purpose: "user_data" });
      expect([...fake.files.values()].map((f) => f.content.toString())).toEqual(["# A\n\nalpha", "beta"]);
    });

    it("gets, lists (paged, by purpose), downloads and deletes files", async () => {
      const a = await uploadFile("a.txt", "alpha");
      const b = await uploadFile("b.txt", "beta");
      const got = await call("GET", `/v1/files/${a.id}`);
      expect(got.json()).toMatchObject({ id: a.id, object: "file", filename: "a.txt", bytes: 5 });

      const list = (await call("GET", "/v1/files")).json();
      expect(list).toMatchObject({ object: "list", first_id: b.id, last_id: a.id, has_more: false });
      expect(list.data.map((f: { id: string }) => f.id)).toEqual([b.id, a.id]);
      const page = (await call("GET", "/v1/files?limit=1&order=asc")).json();
      expect(page).toMatchObject({ first_id: a.id, last_id: a.id, has_more: true });
      const next = (await call("GET", `/v1/files?limit=1&order=asc&after=${a.id}`)).json();
      expect(next).toMatchObject({ first_id: b.id, has_more: false });
      expect((await call("GET", "/v1/files?purpose=batch")).json().data).toEqual([]);
      expect422(await call("GET", "/v1/files?limit=0"), "query.limit");
      expect422(await call("GET", "/v1/files?limit=10001"), "query.limit");
      expect422(await call("GET", "/v1/files?order=up"), "query.order");

      const content = await call("GET", `/v1/files/${a.id}/content`);
      expect(content.statusCode).toBe(200);
      expect(content.headers["content-type"]).toBe("application/octet-stream");
      expect(content.headers["content-disposition"]).toBe(
        `attachment; filename="a.txt"; filename*=UTF-8''a.txt`,
      );
      expect(content.body).toBe("alpha");

      expect((await call("DELETE", `/v1/files/${a.id}`)).json()).toEqual({ id: a.id, deleted: true });
      const gone = await call("GET", `/v1/files/${a.id}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json().code).toBe("file_not_found");
    });

    it("names a download safely whatever its filename", async () => {
      const file = await uploadFile("résumé v2;(1).txt", "x");
      const content = await call("GET", `/v1/files/${file.id}/content`);
      expect(content.headers["content-disposition"]).toBe(
        `attachment; filename="r_sum_ v2;(1).txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%20v2%3B%281%29.txt`,
      );
      // Quotes and backslashes cannot end the quoted name early.
      expect(attachmentDisposition('a"b\\c\r\n.txt')).toBe(
        `attachment; filename="a_b_c__.txt"; filename*=UTF-8''a%22b%5Cc%0D%0A.txt`,
      );
    });

    it("refuses uploads without a file, without or with a wrong purpose, or with unknown fields (422)", async () => {
      expect422(await upload("/v1/files", [["purpose", "assistants"]]), "file");
      expect422(await upload("/v1/files", [["file", { filename: "a.txt", content: "a" }]]), "purpose");
      expect422(
        await upload("/v1/files", [
          ["purpose", "fun"],
          ["file", { filename: "a.txt", content: "a" }],
        ]),
        "purpose",
      );
      expect422(
        await upload("/v1/files", [
          ["file", { filename: "a.txt", content: "a" }],
          ["purpose", "fun"],
        ]),
        "purpose",
      );
      expect422(
        await upload("/v1/files", [
          ["purpose", "assistants"],
          ["colour", "red"],
          ["file", { filename: "a.txt", content: "a" }],
        ]),
        "colour",
      );
      expect422(
        await upload("/v1/files", [
          ["purpose", "assistants"],
          ["file", { filename: "a.txt", content: "a" }],
          ["file", { filename: "b.txt", content: "b" }],
        ]),
        "file",
      );
      // A file whose form turns out invalid after it was stored is deleted again.
      expect(fake.files.size).toBe(0);
    });

    it("refuses a JSON body on the upload route (400)", async () => {
      const response = await call("POST", "/v1/files", { body: { file: "x", purpose: "assistants" } });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe("unsupported_content_type");
    });

    it("takes a file of exactly the limit and refuses a larger one with 413, in either field order", async () => {
      const exact = await upload("/v1/files", [
        ["purpose", "assistants"],
        ["file", { filename: "max.txt", content: Buffer.alloc(LIMIT, "a") }],
      ]);
      expect(exact.statusCode, exact.body).toBe(200);
      expect(exact.json().bytes).toBe(LIMIT);

      for (const parts of [
        [
          ["purpose", "assistants"],
          ["file", { filename: "big.txt", content: Buffer.alloc(LIMIT + 1, "a") }],
        ],
        [
          ["file", { filename: "big.txt", content: Buffer.alloc(LIMIT * 3, "a") }],
          ["purpose", "assistants"],
        ],
      ] as Part[][]) {
        const response = await upload("/v1/files", parts);
        expect(response.statusCode, response.body).toBe(413);
        expect(response.json()).toMatchObject({ code: "payload_too_large" });
      }
      expect(fake.files.size).toBe(1);
    });

    it("takes uploads larger than the JSON body limit (1 MiB here), up to the upload limit", async () => {
      const big = await knowledgeApp({ knowledge: new FakeKnowledge(), maxUploadBytes: 3 * 1024 * 1024 });
      try {
        const form = await multipart([
          ["file", { filename: "big.txt", content: Buffer.alloc(2 * 1024 * 1024, "a") }],
          ["purpose", "assistants"],
        ]);
        const response = await big.inject({
          method: "POST",
          url: "/v1/files",
          headers: { authorization: `Bearer ${KEY_A}`, ...form.headers },
          payload: form.payload,
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json().bytes).toBe(2 * 1024 * 1024);
      } finally {
        await big.close();
      }
    });

    it("needs an API key (401) and hides another project's file (403)", async () => {
      const file = await uploadFile();
      expect((await call("GET", "/v1/files", { key: null })).statusCode).toBe(401);
      const other = await call("GET", `/v1/files/${file.id}`, { key: KEY_B });
      expect(other.statusCode).toBe(403);
      expect(other.json().code).toBe("forbidden");
      expect((await call("GET", "/v1/files", { key: KEY_B })).json().data).toEqual([]);
    });
  });

  describe("vector stores", () => {
    it("creates a store with files, metadata, a chunking strategy and an expiry, in /v1's shape", async () => {
      const file = await uploadFile();
      const store = await createStore({
        name: "Docs",
        file_ids: [file.id],
        metadata: { team: "support" },
        chunking_strategy: {
          type: "static",
          static: { max_chunk_size_tokens: 400, chunk_overlap_tokens: 200 },
        },
        expires_after: { anchor: "last_active_at", days: 7 },
      });
      expect(store).toEqual({
        id: expect.any(String),
        object: "vector_store",
        name: "Docs",
        status: "ready",
        file_count: 1,
        file_counts: { in_progress: 0, completed: 1, failed: 0, cancelled: 0, total: 1 },
        usage_bytes: 11,
        metadata: { team: "support" },
        expires_after: { anchor: "last_active_at", days: 7 },
        expires_at: expect.any(String),
        last_active_at: expect.any(String),
        created_at: expect.stringMatching(ISO),
      });
      expect(Date.parse(store.expires_at) - Date.parse(store.last_active_at)).toBe(7 * 24 * 3600 * 1000);
      expect(fake.calls.find((c) => c.method === "createStore")?.args[1]).toEqual({
        name: "Docs",
        fileIds: [file.id],
        metadata: { team: "support" },
        chunkingStrategy: {
          type: "static",
          static: { max_chunk_size_tokens: 400, chunk_overlap_tokens: 200 },
        },
        expiresAfter: { anchor: "last_active_at", days: 7 },
      });
      const files = (await call("GET", `/v1/vector_stores/${store.id}/files`)).json();
      expect(files.data[0].chunking_strategy).toEqual({
        type: "static",
        static: { max_chunk_size_tokens: 400, chunk_overlap_tokens: 200 },
      });
    });

    it("validates metadata, chunking strategies, expiry and unknown fields (422)", async () => {
      const tooMany = Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, "v"]));
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ metadata: tooMany }, "metadata"],
        [{ metadata: { ["k".repeat(65)]: "v" } }, `metadata.${"k".repeat(65)}`],
        [{ metadata: { k: "v".repeat(513) } }, "metadata.k"],
        [{ metadata: { k: 1 } }, "metadata.k"],
        [
          {
            chunking_strategy: {
              type: "static",
              static: { max_chunk_size_tokens: 99, chunk_overlap_tokens: 0 },
            },
          },
          "chunking_strategy.static.max_chunk_size_tokens",
        ],
        [
          {
            chunking_strategy: {
              type: "static",
              static: { max_chunk_size_tokens: 4097, chunk_overlap_tokens: 0 },
            },
          },
          "chunking_strategy.static.max_chunk_size_tokens",
        ],
        [
          {
            chunking_strategy: {
              type: "static",
              static: { max_chunk_size_tokens: 400, chunk_overlap_tokens: 201 },
            },
          },
          "chunking_strategy.static.chunk_overlap_tokens",
        ],
        [
          {
            chunking_strategy: {
              type: "static",
              static: { max_chunk_size_tokens: 400, chunk_overlap_tokens: -1 },
            },
          },
          "chunking_strategy.static.chunk_overlap_tokens",
        ],
        [{ chunking_strategy: { type: "other" } }, "chunking_strategy.type"],
        [{ chunking_strategy: { type: "auto", extra: 1 } }, "chunking_strategy.extra"],
        [{ expires_after: { anchor: "last_active_at", days: 0 } }, "expires_after.days"],
        [{ expires_after: { anchor: "last_active_at", days: 366 } }, "expires_after.days"],
        [{ expires_after: { anchor: "created_at", days: 1 } }, "expires_after.anchor"],
        [{ name: "x".repeat(257) }, "name"],
        [{ colour: "red" }, "colour"],
        [{ file_ids: ["a", "a"] }, "file_ids"],
      ];
      for (const [body, path] of cases) expect422(await call("POST", "/v1/vector_stores", { body }), path);
      expect(fake.stores.size).toBe(0);
      // The limits themselves pass.
      const sixteen = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`k${i}`, "v".repeat(512)]));
      await createStore({ metadata: sixteen, expires_after: { anchor: "last_active_at", days: 365 } });
    });

    it("pages with limit, after, before and order", async () => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) ids.push((await createStore({ name: `s${i}` })).id);
      const first = (await call("GET", "/v1/vector_stores?limit=2")).json();
      expect(first.data.map((s: { id: string }) => s.id)).toEqual([ids[4], ids[3]]);
      expect(first).toMatchObject({ object: "list", first_id: ids[4], last_id: ids[3], has_more: true });
      const second = (await call("GET", `/v1/vector_stores?limit=2&after=${first.last_id}`)).json();
      expect(second.data.map((s: { id: string }) => s.id)).toEqual([ids[2], ids[1]]);
      const last = (await call("GET", `/v1/vector_stores?limit=2&after=${second.last_id}`)).json();
      expect(last).toMatchObject({ first_id: ids[0], last_id: ids[0], has_more: false });
      const back = (await call("GET", `/v1/vector_stores?limit=2&before=${second.first_id}`)).json();
      expect(back.data.map((s: { id: string }) => s.id)).toEqual([ids[4], ids[3]]);
      const asc = (await call("GET", "/v1/vector_stores?order=asc")).json();
      expect(asc.data.map((s: { id: string }) => s.id)).toEqual(ids);
      expect((await call("GET", "/v1/vector_stores")).json().data).toHaveLength(5);
      expect422(await call("GET", "/v1/vector_stores?limit=101"), "query.limit");
      expect422(await call("GET", "/v1/vector_stores?limit=abc"), "query.limit");
    });

    it("gets, updates and deletes a store; 404 for an unknown one, 403 for another project's", async () => {
      const store = await createStore({
        name: "Old",
        metadata: { a: "1" },
        expires_after: { anchor: "last_active_at", days: 3 },
      });
      const renamed = await call("POST", `/v1/vector_stores/${store.id}`, { body: { name: "New" } });
      expect(renamed.json()).toMatchObject({ name: "New", metadata: { a: "1" }, expires_after: { days: 3 } });
      const cleared = await call("POST", `/v1/vector_stores/${store.id}`, {
        body: { metadata: null, expires_after: null },
      });
      expect(cleared.json()).toMatchObject({
        name: "New",
        metadata: {},
        expires_after: null,
        expires_at: null,
      });
      expect(fake.calls.filter((c) => c.method === "updateStore").map((c) => c.args[2])).toEqual([
        { name: "New" },
        { metadata: null, expiresAfter: null },
      ]);
      expect422(await call("POST", `/v1/vector_stores/${store.id}`, { body: { status: "ready" } }), "status");
      expect((await call("GET", `/v1/vector_stores/${store.id}`)).json().name).toBe("New");

      const forbidden = await call("GET", `/v1/vector_stores/${store.id}`, { key: KEY_B });
      expect(forbidden.statusCode).toBe(403);
      expect((await call("DELETE", `/v1/vector_stores/${store.id}`)).json()).toEqual({
        id: store.id,
        deleted: true,
      });
      const missing = await call("GET", `/v1/vector_stores/${store.id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: "vector_store_not_found" });
    });

    it("shows the documented statuses while files are processed", async () => {
      fake.processAfterPolls = 2;
      const file = await uploadFile();
      const bad = await uploadFile("blob.bin", "\u0001\u0002");
      const store = await createStore({ file_ids: [file.id, bad.id] });
      expect(store).toMatchObject({
        status: "indexing",
        file_counts: { in_progress: 2, completed: 0, failed: 0, total: 2 },
      });
      const pending = (await call("GET", `/v1/vector_stores/${store.id}/files/${file.id}`)).json();
      expect(pending).toMatchObject({
        status: "pending",
        object: "vector_store.file",
        filename: "notes.txt",
      });
      const done = (await call("GET", `/v1/vector_stores/${store.id}`)).json();
      expect(done).toMatchObject({
        status: "ready",
        file_count: 2,
        file_counts: { in_progress: 0, completed: 1, failed: 1, cancelled: 0, total: 2 },
      });
      const failed = (await call("GET", `/v1/vector_stores/${store.id}/files?filter=error`)).json();
      expect(failed.data).toEqual([
        expect.objectContaining({
          id: bad.id,
          status: "error",
          last_error: { code: "unsupported_file", message: expect.any(String) },
        }),
      ]);
      expect(fake.calls.at(-1)?.args[2]).toMatchObject({ filter: "error", limit: 20, order: "desc" });
      expect422(await call("GET", `/v1/vector_stores/${store.id}/files?filter=failed`), "query.filter");
    });
  });

  describe("vector store files", () => {
    it("adds an uploaded file with attributes, updates them, reads its text and removes it", async () => {
      const file = await uploadFile("faq.md", "Refunds take 5 days.\n\nShipping is free.");
      const store = await createStore();
      const added = await call("POST", `/v1/vector_stores/${store.id}/files`, {
        body: { file_id: file.id, attributes: { lang: "en", year: 2024, public: true } },
      });
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json()).toEqual({
        id: file.id,
        object: "vector_store.file",
        filename: "faq.md",
        status: "processed",
        last_error: null,
        attributes: { lang: "en", year: 2024, public: true },
        chunking_strategy: { type: "auto" },
        usage_bytes: expect.any(Number),
        vector_store_id: store.id,
        created_at: expect.stringMatching(ISO),
      });
      const updated = await call("POST", `/v1/vector_stores/${store.id}/files/${file.id}`, {
        body: { attributes: { lang: "de" } },
      });
      expect(updated.json().attributes).toEqual({ lang: "de" });
      const content = (await call("GET", `/v1/vector_stores/${store.id}/files/${file.id}/content`)).json();
      expect(content).toEqual({
        object: "vector_store.file_content.page",
        data: [
          { type: "text", text: "Refunds take 5 days." },
          { type: "text", text: "Shipping is free." },
        ],
        has_more: false,
        next_page: null,
      });
      expect((await call("DELETE", `/v1/vector_stores/${store.id}/files/${file.id}`)).json()).toEqual({
        id: file.id,
        deleted: true,
      });
      const gone = await call("GET", `/v1/vector_stores/${store.id}/files/${file.id}`);
      expect(gone.json().code).toBe("vector_store_file_not_found");
    });

    it("validates attributes (422) and needs a body (400)", async () => {
      const store = await createStore();
      const url = `/v1/vector_stores/${store.id}/files`;
      const seventeen = Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, i]));
      expect422(await call("POST", url, { body: { file_id: "f", attributes: seventeen } }), "attributes");
      expect422(
        await call("POST", url, { body: { file_id: "f", attributes: { a: { b: 1 } } } }),
        "attributes.a",
      );
      expect422(
        await call("POST", url, { body: { file_id: "f", attributes: { a: "x".repeat(513) } } }),
        "attributes.a",
      );
      expect422(await call("POST", url, { body: { file_id: "f", attributes: { a: null } } }), "attributes.a");
      expect422(await call("POST", url, { body: {} }), "file_id");
      const empty = await app.inject({
        method: "POST",
        url,
        headers: { authorization: `Bearer ${KEY_A}`, "content-type": "application/json" },
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().code).toBe("body_required");
      const text = await app.inject({
        method: "POST",
        url,
        headers: { authorization: `Bearer ${KEY_A}`, "content-type": "text/plain" },
        payload: "file_id=x",
      });
      expect(text.statusCode).toBe(400);
      expect(text.json().code).toBe("unsupported_content_type");
      const unknown = await call("POST", url, { body: { file_id: "file-nope" } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe("file_not_found");
    });

    it("uploads straight into a store (multipart), with attributes before or after the file", async () => {
      const store = await createStore();
      const url = `/v1/vector_stores/${store.id}/files`;
      const before = await upload(url, [
        ["attributes", JSON.stringify({ lang: "en" })],
        ["file", { filename: "a.txt", content: "alpha" }],
      ]);
      expect(before.statusCode, before.body).toBe(200);
      expect(before.json()).toMatchObject({
        filename: "a.txt",
        status: "processed",
        attributes: { lang: "en" },
      });
      const after = await upload(url, [
        ["file", { filename: "b.txt", content: "beta" }],
        ["attributes", JSON.stringify({ year: 2025 })],
        [
          "chunking_strategy",
          JSON.stringify({
            type: "static",
            static: { max_chunk_size_tokens: 100, chunk_overlap_tokens: 50 },
          }),
        ],
      ]);
      expect(after.statusCode, after.body).toBe(200);
      expect(after.json()).toMatchObject({
        attributes: { year: 2025 },
        chunking_strategy: {
          type: "static",
          static: { max_chunk_size_tokens: 100, chunk_overlap_tokens: 50 },
        },
      });
      expect(fake.calls.filter((c) => c.method === "createFile").map((c) => c.args[1])).toEqual([
        { filename: "a.txt", purpose: "assistants" },
        { filename: "b.txt", purpose: "assistants" },
      ]);
      expect((await call("GET", url)).json().data).toHaveLength(2);
    });

    it("refuses a bad direct upload and leaves no file behind", async () => {
      const store = await createStore();
      const url = `/v1/vector_stores/${store.id}/files`;
      expect422(
        await upload(url, [
          ["file", { filename: "a.txt", content: "alpha" }],
          ["attributes", "{not json"],
        ]),
        "attributes",
      );
      expect422(
        await upload(url, [
          ["file", { filename: "a.txt", content: "alpha" }],
          ["attributes", JSON.stringify({ a: [1] })],
        ]),
        "attributes.a",
      );
      expect422(await upload(url, [["attributes", "{}"]]), "file");
      const tooLarge = await upload(url, [
        ["file", { filename: "big.txt", content: Buffer.alloc(LIMIT + 10) }],
      ]);
      expect(tooLarge.statusCode).toBe(413);
      expect(fake.files.size).toBe(0);

      const missing = await upload("/v1/vector_stores/vs_nope/files", [
        ["file", { filename: "a.txt", content: "a" }],
      ]);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe("vector_store_not_found");
      const other = await upload(url, [["file", { filename: "a.txt", content: "a" }]], KEY_B);
      expect(other.statusCode).toBe(403);
      expect(fake.files.size).toBe(0);
    });
  });

  describe("file batches", () => {
    it("creates, gets, lists the files of and cancels a batch", async () => {
      fake.processAfterPolls = 3;
      const a = await uploadFile("a.txt", "alpha");
      const b = await uploadFile("b.txt", "beta");
      const store = await createStore();
      const created = await call("POST", `/v1/vector_stores/${store.id}/file_batches`, {
        body: { file_ids: [a.id, b.id], attributes: { source: "batch" } },
      });
      expect(created.statusCode, created.body).toBe(200);
      const batch = created.json();
      expect(batch).toEqual({
        id: expect.any(String),
        object: "vector_store.files_batch",
        vector_store_id: store.id,
        status: "in_progress",
        file_counts: { in_progress: 2, completed: 0, failed: 0, cancelled: 0, total: 2 },
        created_at: expect.stringMatching(ISO),
      });
      const files = (
        await call("GET", `/v1/vector_stores/${store.id}/file_batches/${batch.id}/files?order=asc`)
      ).json();
      expect(files.data.map((f: { id: string; attributes: unknown }) => [f.id, f.attributes])).toEqual([
        [a.id, { source: "batch" }],
        [b.id, { source: "batch" }],
      ]);
      expect(fake.calls.at(-1)?.args[2]).toMatchObject({ batchId: batch.id, order: "asc" });
      const cancelled = (
        await call("POST", `/v1/vector_stores/${store.id}/file_batches/${batch.id}/cancel`)
      ).json();
      expect(cancelled).toMatchObject({ status: "cancelled", file_counts: { in_progress: 0, cancelled: 2 } });
      expect(
        (await call("GET", `/v1/vector_stores/${store.id}/file_batches/${batch.id}`)).json().status,
      ).toBe("cancelled");
      const missing = await call("GET", `/v1/vector_stores/${store.id}/file_batches/vsfb_nope`);
      expect(missing.json().code).toBe("file_batch_not_found");
      expect422(
        await call("POST", `/v1/vector_stores/${store.id}/file_batches`, { body: { file_ids: [] } }),
        "file_ids",
      );
    });
  });

  describe("search", () => {
    async function storeWithDocs() {
      const en = await uploadFile("en.txt", "Refunds are processed within five days.\n\nShipping is free.");
      const de = await uploadFile("de.txt", "Refunds dauern fünf Tage.");
      const store = await createStore();
      for (const [file, lang] of [
        [en, "en"],
        [de, "de"],
      ] as const) {
        await call("POST", `/v1/vector_stores/${store.id}/files`, {
          body: { file_id: file.id, attributes: { lang, year: 2024 } },
        });
      }
      return { store, en, de };
    }

    it("answers OpenAI's result page, narrowed by filters", async () => {
      const { store, en } = await storeWithDocs();
      const response = await call("POST", `/v1/vector_stores/${store.id}/search`, {
        body: {
          query: "refunds processed",
          filters: {
            type: "and",
            filters: [
              { type: "eq", key: "lang", value: "en" },
              { type: "gte", key: "year", value: 2024 },
            ],
          },
          ranking_options: { score_threshold: 0.5 },
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        object: "vector_store.search_results.page",
        search_query: ["refunds processed"],
        data: [
          {
            file_id: en.id,
            filename: "en.txt",
            score: 1,
            attributes: { lang: "en", year: 2024 },
            content: [{ type: "text", text: "Refunds are processed within five days." }],
          },
        ],
        has_more: false,
        next_page: null,
      });
      expect(fake.calls.at(-1)?.args[2]).toEqual({
        query: "refunds processed",
        maxNumResults: 10,
        filters: {
          type: "and",
          filters: [
            { type: "eq", key: "lang", value: "en" },
            { type: "gte", key: "year", value: 2024 },
          ],
        },
        scoreThreshold: 0.5,
        rewriteQuery: undefined,
      });
      const several = (
        await call("POST", `/v1/vector_stores/${store.id}/search`, {
          body: {
            query: ["refunds", "shipping"],
            max_num_results: 1,
            filters: { type: "in", key: "lang", value: ["de", "en"] },
          },
        })
      ).json();
      expect(several.search_query).toEqual(["refunds", "shipping"]);
      expect(several.data).toHaveLength(1);
    });

    it("validates the query, the result count, the ranking options and the filters (422)", async () => {
      const { store } = await storeWithDocs();
      const url = `/v1/vector_stores/${store.id}/search`;
      const nest = (depth: number): Record<string, unknown> =>
        depth === 1 ? { type: "eq", key: "lang", value: "en" } : { type: "or", filters: [nest(depth - 1)] };
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ query: "" }, "query"],
        [{ query: "   " }, "query"],
        [{ query: [] }, "query"],
        [{}, "query"],
        [{ query: "x", max_num_results: 0 }, "max_num_results"],
        [{ query: "x", max_num_results: 51 }, "max_num_results"],
        [{ query: "x", max_num_results: 2.5 }, "max_num_results"],
        [{ query: "x", ranking_options: { score_threshold: 1.5 } }, "ranking_options.score_threshold"],
        [{ query: "x", ranking_options: { ranker: "best" } }, "ranking_options.ranker"],
        [{ query: "x", filters: { type: "like", key: "a", value: "b" } }, "filters.type"],
        [{ query: "x", filters: { type: "in", key: "a", value: "b" } }, "filters.value"],
        [{ query: "x", filters: { type: "and", filters: [] } }, "filters.filters"],
        [{ query: "x", filters: { type: "eq", key: "a", value: { b: 1 } } }, "filters.value"],
        [{ query: "x", filters: nest(6) }, "filters"],
      ];
      for (const [body, path] of cases) expect422(await call("POST", url, { body }), path);
      const deepest = await call("POST", url, { body: { query: "refunds", filters: nest(5) } });
      expect(deepest.statusCode, deepest.body).toBe(200);
      expect(deepest.json().data).toHaveLength(1);
    });
  });

  it("puts the knowledge routes in the OpenAPI document, and the mirror not", () => {
    const doc = app.swagger() as { paths: Record<string, Record<string, { tags?: string[] }>> };
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/v1/files",
        "/v1/files/{file_id}/content",
        "/v1/vector_stores/{id}/files/{file_id}",
        "/v1/vector_stores/{id}/file_batches/{batch_id}/files",
        "/v1/vector_stores/{id}/search",
      ]),
    );
    expect(paths.filter((path) => path.startsWith("/openai"))).toEqual([]);
    expect(doc.paths["/v1/vector_stores"]?.post?.tags).toEqual(["Knowledge"]);
  });
});

describe("the OpenAI mirror's errors (inject)", () => {
  let app: App;
  let fake: FakeKnowledge;
  beforeEach(async () => {
    fake = new FakeKnowledge();
    app = await knowledgeApp({ knowledge: fake, maxUploadBytes: 1024 });
  });
  afterEach(async () => {
    await app.close();
  });

  const openAiError = (type: string) => ({
    error: {
      message: expect.any(String),
      type,
      param: expect.toBeOneOf([expect.any(String), null]),
      code: expect.toBeOneOf([expect.any(String), null]),
    },
  });

  it("answers in OpenAI's format: 401, 404 for another project's id, 400 with param, Invalid URL", async () => {
    const noKey = await app.inject({ method: "GET", url: "/openai/v1/vector_stores" });
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json()).toEqual(openAiError("invalid_request_error"));
    expect(noKey.json().error.code).toBe("invalid_api_key");

    const store = await fake.createStore("prj_a", { name: "A" });
    const other = await app.inject({
      method: "GET",
      url: `/openai/v1/vector_stores/${store.id}`,
      headers: { authorization: `Bearer ${KEY_B}` },
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(openAiError("invalid_request_error"));
    expect(other.body).not.toContain("another project");

    const invalid = await app.inject({
      method: "POST",
      url: `/openai/v1/vector_stores/${store.id}/search`,
      headers: { authorization: `Bearer ${KEY_A}`, "content-type": "application/json" },
      payload: JSON.stringify({ query: "x", max_num_results: 99 }),
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toMatchObject({ type: "invalid_request_error", param: "max_num_results" });

    const unknown = await app.inject({
      method: "POST",
      url: "/openai/v1/vector_stores",
      headers: { authorization: `Bearer ${KEY_A}`, "content-type": "application/json" },
      payload: JSON.stringify({ name: "x", colour: "red" }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({ code: "unknown_parameter", param: "colour" });

    const missing = await app.inject({
      method: "POST",
      url: `/openai/v1/vector_stores/${store.id}/files`,
      headers: { authorization: `Bearer ${KEY_A}`, "content-type": "application/json" },
      payload: JSON.stringify({ attributes: { a: 1 } }),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ code: "missing_required_parameter", param: "file_id" });

    const badQuery = await app.inject({
      method: "GET",
      url: "/openai/v1/vector_stores?limit=500",
      headers: { authorization: `Bearer ${KEY_A}` },
    });
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().error).toMatchObject({ code: "invalid_value", param: "limit" });

    const route = await app.inject({
      method: "GET",
      url: "/openai/v1/nothing",
      headers: { authorization: `Bearer ${KEY_A}` },
    });
    expect(route.statusCode).toBe(404);
    expect(route.json().error.message).toBe("Invalid URL (GET /openai/v1/nothing)");
    // As on /v1, an unknown path is 404 before authentication.
    expect((await app.inject({ method: "GET", url: "/openai/v1/nothing" })).statusCode).toBe(404);

    const badJson = await app.inject({
      method: "POST",
      url: "/openai/v1/vector_stores",
      headers: { authorization: `Bearer ${KEY_A}`, "content-type": "application/json" },
      payload: "{",
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual(openAiError("invalid_request_error"));
  });

  it("answers uploads without a file with 400 and too large ones with 413, in OpenAI's format", async () => {
    const auth = { authorization: `Bearer ${KEY_A}` };
    const noFile = await multipart([["purpose", "assistants"]]);
    const missing = await app.inject({
      method: "POST",
      url: "/openai/v1/files",
      headers: { ...auth, ...noFile.headers },
      payload: noFile.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ type: "invalid_request_error", param: "file" });

    const big = await multipart([
      ["file", { filename: "big.txt", content: Buffer.alloc(2048) }],
      ["purpose", "assistants"],
    ]);
    const tooLarge = await app.inject({
      method: "POST",
      url: "/openai/v1/files",
      headers: { ...auth, ...big.headers },
      payload: big.payload,
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toMatchObject({ type: "invalid_request_error", code: "payload_too_large" });

    // OpenAI's files.create may send expires_after[…]: accepted and dropped.
    const withExpiry = await multipart([
      ["file", { filename: "a.txt", content: "a" }],
      ["purpose", "assistants"],
      ["expires_after[anchor]", "created_at"],
      ["expires_after[seconds]", "3600"],
    ]);
    const accepted = await app.inject({
      method: "POST",
      url: "/openai/v1/files",
      headers: { ...auth, ...withExpiry.headers },
      payload: withExpiry.payload,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      object: "file",
      created_at: expect.any(Number),
      status: "processed",
    });
  });
});

describe("uploads and Idempotency-Key", () => {
  let storage: Storage;
  let app: App;
  let fake: FakeKnowledge;
  beforeEach(async () => {
    storage = await openTestStorage("sqlite");
    await migrateToLatest(storage);
    const boot = await bootstrap(storage, {
      clock: { now: () => new Date() },
      newId,
      bootstrapKey: "prl_unused_bootstrap_key_000000",
    });
    if (!boot.created) throw new Error("test database was not empty");
    fake = new FakeKnowledge();
    app = await knowledgeApp({
      knowledge: fake,
      projectA: boot.projectId,
      idempotency: {
        repo: () => createRepos(storage.db).idempotency,
        clock: { now: () => new Date() },
        secrets: createSecretBox(randomBytes(32)),
      },
    });
  });
  afterEach(async () => {
    await app?.close();
    await storage?.close();
  });

  it("replays a repeated upload with the same key instead of storing it twice", async () => {
    const send = async (content: string) => {
      const form = await multipart([
        ["file", { filename: "a.txt", content }],
        ["purpose", "assistants"],
      ]);
      return app.inject({
        method: "POST",
        url: "/v1/files",
        headers: { authorization: `Bearer ${KEY_A}`, "idempotency-key": "upload-1", ...form.headers },
        payload: form.payload,
      });
    };
    const first = await send("alpha");
    const again = await send("alpha");
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(fake.files.size).toBe(1);
    // Another upload (another length) with the same key is a conflict, not a replay.
    const different = await send("a much longer text than before");
    expect(different.statusCode).toBe(409);
    expect(different.json().code).toBe("idempotency_key_reused");
  });
});
