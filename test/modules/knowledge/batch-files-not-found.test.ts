import { afterEach, describe, expect, it } from "vitest";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { multipart } from "./knowledge-app.js";

/**
 * Listing a file batch's files needs the batch (docs/knowledge.md): an unknown batch, or one of
 * another store, is 404 `file_batch_not_found` on /v1 and OpenAI's 404 on /openai/v1, as getting
 * the batch is — never an empty page that reads as "the batch has no files".
 */
describe.each(DIALECTS)("a file batch's files need the batch (%s)", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  it_("unknown or another store's batch: 404 on both faces; a real batch lists its files", async () => {
    t = await createTestApp({ dialect });
    const app = t;
    const form = await multipart([
      ["purpose", "assistants"],
      ["file", { filename: "notes.txt", content: "Refunds take five days." }],
    ]);
    const uploaded = await app.app.inject({
      method: "POST",
      url: "/v1/files",
      headers: { authorization: `Bearer ${app.adminKey}`, ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const fileId = uploaded.json().id as string;
    const store = (await app.call("POST", "/v1/vector_stores", { body: { name: "A" } })).json().id as string;
    const otherStore = (await app.call("POST", "/v1/vector_stores", { body: { name: "B" } })).json()
      .id as string;
    const batch = await app.call("POST", `/v1/vector_stores/${store}/file_batches`, {
      body: { file_ids: [fileId] },
    });
    expect(batch.statusCode, batch.body).toBe(200);
    const batchId = batch.json().id as string;

    const listed = await app.call("GET", `/v1/vector_stores/${store}/file_batches/${batchId}/files`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.map((f: { id: string }) => f.id)).toEqual([fileId]);

    for (const [storeId, id] of [
      [store, "vsfb_unknown123"],
      [otherStore, batchId],
    ] as const) {
      const missing = await app.call("GET", `/v1/vector_stores/${storeId}/file_batches/${id}/files`);
      expect(missing.statusCode, missing.body).toBe(404);
      expect(missing.json()).toEqual({
        code: "file_batch_not_found",
        message: `No file_batch with id '${id}' exists.`,
      });
      const mirrored = await app.call("GET", `/openai/v1/vector_stores/${storeId}/file_batches/${id}/files`);
      expect(mirrored.statusCode, mirrored.body).toBe(404);
      expect(mirrored.json()).toEqual({
        error: {
          message: `No file batch with id '${id}' exists.`,
          type: "invalid_request_error",
          param: null,
          code: "file_batch_not_found",
        },
      });
    }
    // An unknown store is still the store's 404.
    const noStore = await app.call("GET", `/v1/vector_stores/vs_unknown123/file_batches/${batchId}/files`);
    expect(noStore.statusCode).toBe(404);
    expect(noStore.json().code).toBe("vector_store_not_found");
  });
});
