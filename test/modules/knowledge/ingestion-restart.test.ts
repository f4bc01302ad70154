import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../../src/app.js";
import { newId } from "../../../src/infra/ids.js";
import { createSecretBox } from "../../../src/infra/secret-box.js";
import { bootstrap } from "../../../src/modules/projects/bootstrap.js";
import { openStorage } from "../../../src/storage/database.js";
import { migrateToLatest } from "../../../src/storage/migrator.js";
import { eventually } from "../../helpers/conversation-fixtures.js";
import { ADMIN_KEY } from "../../helpers/test-app.js";
import { testConfig } from "../../helpers/test-config.js";

/** A multipart body as a client sends one. */
function multipart(fields: Record<string, string>, file: { name: string; content: string }) {
  const boundary = `----parley${randomBytes(8).toString("hex")}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/markdown\r\n\r\n${file.content}\r\n`,
  );
  return {
    payload: `${parts.join("")}--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * Ingestion is durable work (docs/knowledge.md, "Ingestion"): a file added while no worker runs
 * (or whose process stops before its job) is processed by the next process on the same data.
 */
describe("ingestion across a restart", () => {
  it("a file left pending by a stopped process is processed by the next one", async () => {
    const dir = mkdtempSync(join(tmpdir(), "parley-ingest-restart-"));
    const file = join(dir, "parley.db");
    const secrets = createSecretBox(randomBytes(32));
    const env = { PARLEY_FILES_DIR: join(dir, "files"), PARLEY_RATE_LIMIT_PER_KEY: "100000" };
    const headers = { authorization: `Bearer ${ADMIN_KEY}` };

    const firstStorage = openStorage({ sqlitePath: file });
    await migrateToLatest(firstStorage);
    await bootstrap(firstStorage, { clock: { now: () => new Date() }, newId, bootstrapKey: ADMIN_KEY });
    const first = await buildApp({
      config: testConfig({ ...env, PARLEY_RUN_WORKER: "false" }),
      storage: firstStorage,
      secrets,
    });
    await first.ready();
    const body = multipart(
      { purpose: "assistants" },
      { name: "faq.md", content: "# Refunds\n\nRefunds reach the card in 5 days." },
    );
    const uploaded = await first.inject({
      method: "POST",
      url: "/v1/files",
      headers: { ...headers, "content-type": body.contentType },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const fileId = uploaded.json().id as string;
    const created = await first.inject({
      method: "POST",
      url: "/v1/vector_stores",
      headers: { ...headers, "content-type": "application/json" },
      payload: JSON.stringify({ name: "FAQ", file_ids: [fileId] }),
    });
    const storeId = created.json().id as string;
    expect(created.json()).toMatchObject({ status: "indexing" });
    await first.close();
    await firstStorage.close();

    const secondStorage = openStorage({ sqlitePath: file });
    await migrateToLatest(secondStorage);
    const second = await buildApp({
      config: testConfig(env),
      storage: secondStorage,
      secrets,
      workerPollMs: 50,
    });
    await second.ready();
    try {
      const store = await eventually(
        async () =>
          (await second.inject({ method: "GET", url: `/v1/vector_stores/${storeId}`, headers })).json(),
        (answer) => answer.status !== "indexing",
        10_000,
      );
      expect(store).toMatchObject({ status: "ready", file_counts: { completed: 1 } });
      const found = await second.inject({
        method: "POST",
        url: `/v1/vector_stores/${storeId}/search`,
        headers: { ...headers, "content-type": "application/json" },
        payload: JSON.stringify({ query: "refund" }),
      });
      expect(found.json().data[0]).toMatchObject({ file_id: fileId, filename: "faq.md" });
    } finally {
      await second.close();
      await secondStorage.close();
    }
  });
});
