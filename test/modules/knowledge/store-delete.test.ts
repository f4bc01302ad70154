import { afterEach, describe, expect, it } from "vitest";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { multipart } from "./knowledge-app.js";

/**
 * Deleting a vector store answers and leaves the database usable (docs/knowledge.md): the
 * delete runs in one transaction, and nothing in it may wait on a query outside it.
 */
for (const dialect of DIALECTS) {
  describe.skipIf(shouldSkip(dialect))(`deleting a vector store (${dialect})`, () => {
    let t: TestApp | undefined;
    afterEach(async () => {
      await t?.close();
      t = undefined;
    });

    it("deletes an empty store, and the database still answers", async () => {
      t = await createTestApp({ dialect });
      const store = (await t.call("POST", "/v1/vector_stores", { body: { name: "Empty" } })).json();
      const deleted = await t.call("DELETE", `/v1/vector_stores/${store.id}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json()).toEqual({ id: store.id, deleted: true });
      expect((await t.app.inject({ url: "/readyz" })).json()).toEqual({ status: "ready" });
      expect((await t.call("GET", `/v1/vector_stores/${store.id}`)).statusCode).toBe(404);
    });

    it("deletes a store with an ingested file, its chunks with it", async () => {
      t = await createTestApp({ dialect });
      const form = await multipart([
        ["purpose", "assistants"],
        ["file", { filename: "notes.md", content: "# Returns\n\nBikes can be returned within 14 days." }],
      ]);
      const file = (
        await t.app.inject({
          method: "POST",
          url: "/v1/files",
          headers: { authorization: `Bearer ${t.adminKey}`, ...form.headers },
          payload: form.payload,
        })
      ).json();
      const store = (
        await t.call("POST", "/v1/vector_stores", { body: { name: "Docs", file_ids: [file.id] } })
      ).json();
      await expect
        .poll(
          async () => (await t!.call("GET", `/v1/vector_stores/${store.id}/files/${file.id}`)).json().status,
          { timeout: 20_000 },
        )
        .toBe("processed");
      expect(await t.storage.db.selectFrom("knowledge_chunks").select("id").execute()).not.toEqual([]);
      const deleted = await t.call("DELETE", `/v1/vector_stores/${store.id}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json()).toEqual({ id: store.id, deleted: true });
      expect(await t.storage.db.selectFrom("knowledge_chunks").select("id").execute()).toEqual([]);
      expect((await t.app.inject({ url: "/readyz" })).json()).toEqual({ status: "ready" });
      // The file itself stays (only its place in the store is gone).
      expect((await t.call("GET", `/v1/files/${file.id}`)).statusCode).toBe(200);
    });
  });
}
