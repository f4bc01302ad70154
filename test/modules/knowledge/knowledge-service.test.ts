import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Transactor } from "../../../src/events/unit-of-work.js";
import { newId } from "../../../src/infra/ids.js";
import { JobQueue } from "../../../src/job-queue/job-queue.js";
import { FileStore } from "../../../src/modules/knowledge/file-store.js";
import { KnowledgeService } from "../../../src/modules/knowledge/knowledge-service.js";
import { createLexicalEmbedder } from "../../../src/modules/memory/embedder.js";
import type { Storage } from "../../../src/storage/database.js";
import { detectStoreVectorIndex } from "../../../src/storage/vector-index/detect-vector-index.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { openKnowledgeStorage } from "./knowledge-storage.js";

const PROJECT = "prj_knowledge";
const OTHER = "prj_other";

const FAQ = `# Shipping

We ship bikes within 3 working days. Delivery to Moscow costs 500 rubles.

# Returns

A bike can be returned within 14 days if it was not ridden. The refund reaches the card in 5 days.

# Repairs

We repair e-bikes of every brand. A diagnosis costs 1000 rubles and is free if you repair with us.`;

for (const dialect of DIALECTS) {
  describe.skipIf(shouldSkip(dialect))(
    `vector stores: files, ingestion and hybrid search (${dialect})`,
    () => {
      let storage: Storage;
      let knowledge: KnowledgeService;

      beforeEach(async () => {
        const opened = await openKnowledgeStorage(dialect, [PROJECT, OTHER]);
        storage = opened.storage;
        const repos = opened.repos;
        const clock = { now: () => new Date() };
        knowledge = new KnowledgeService({
          repos,
          transactor: new Transactor({ repos, jobs: new JobQueue({ clock, newId }), listeners: [] }),
          files: new FileStore(mkdtempSync(join(tmpdir(), "parley-files-")), 1_000_000),
          vectors: await detectStoreVectorIndex(storage.db, storage.dialect),
          embedder: createLexicalEmbedder(),
          clock,
          newId,
        });
      });
      afterEach(async () => {
        await storage.close();
      });

      const upload = (filename: string, text: string | Buffer, project = PROJECT) =>
        knowledge.createFile(project, {
          filename,
          purpose: "assistants",
          content: Readable.from([Buffer.from(text)]),
        });

      it("ingests a store's files as jobs and finds passages by words and by meaning", async () => {
        const faq = await upload("faq.md", FAQ);
        expect(faq).toMatchObject({
          filename: "faq.md",
          bytes: Buffer.byteLength(FAQ),
          purpose: "assistants",
        });
        const store = await knowledge.createStore(PROJECT, { name: "Shop", fileIds: [faq.id] });
        expect(store).toMatchObject({ status: "indexing", fileCounts: { pending: 1, total: 1 } });
        const jobs = await storage.db.selectFrom("jobs").select(["type", "payload"]).execute();
        expect(jobs.map((job) => job.type)).toEqual(["knowledge.ingest"]);

        await knowledge.ingest(store.id, faq.id, 1);
        expect(await knowledge.getStore(PROJECT, store.id)).toMatchObject({
          status: "ready",
          fileCounts: { processed: 1 },
        });
        const file = await knowledge.getStoreFile(PROJECT, store.id, faq.id);
        expect(file).toMatchObject({ status: "processed", lastError: null });
        expect(file.usageBytes).toBeGreaterThan(0);

        const { hits } = await knowledge.search(PROJECT, store.id, {
          query: "how long does a refund take",
          maxNumResults: 3,
        });
        expect(hits[0]).toMatchObject({ fileId: faq.id, filename: "faq.md" });
        expect(hits[0]?.content[0]?.text).toContain("refund");
        expect(hits[0]?.score).toBeGreaterThan(0);
        expect(hits[0]?.score).toBeLessThanOrEqual(1);
      });

      it("filters by attributes and keeps each project's stores to itself", async () => {
        const a = await upload("moscow.txt", "Delivery to Moscow costs 500 rubles.");
        const b = await upload("kazan.txt", "Delivery to Kazan costs 900 rubles.");
        const store = await knowledge.createStore(PROJECT, { name: "Cities" });
        await knowledge.addStoreFile(PROJECT, store.id, {
          fileId: a.id,
          attributes: { city: "moscow", zone: 1 },
        });
        await knowledge.addStoreFile(PROJECT, store.id, {
          fileId: b.id,
          attributes: { city: "kazan", zone: 3 },
        });
        await knowledge.ingest(store.id, a.id, 1);
        await knowledge.ingest(store.id, b.id, 1);
        const all = await knowledge.search(PROJECT, store.id, { query: "delivery costs", maxNumResults: 10 });
        expect(all.hits.map((hit) => hit.filename).sort()).toEqual(["kazan.txt", "moscow.txt"]);
        const far = await knowledge.search(PROJECT, store.id, {
          query: "delivery costs",
          maxNumResults: 10,
          filters: {
            type: "and",
            filters: [
              { type: "gte", key: "zone", value: 2 },
              { type: "ne", key: "city", value: "moscow" },
            ],
          },
        });
        expect(far.hits.map((hit) => hit.filename)).toEqual(["kazan.txt"]);

        // A store's search never returns another store's chunks, by words or by meaning.
        const elsewhere = await knowledge.createStore(PROJECT, { name: "Elsewhere" });
        const zebra = await upload("zebra.txt", "Zebra crossings and striped animals.");
        await knowledge.addStoreFile(PROJECT, elsewhere.id, { fileId: zebra.id });
        await knowledge.ingest(elsewhere.id, zebra.id, 1);
        const crossing = await knowledge.search(PROJECT, store.id, {
          query: "zebra striped animals",
          maxNumResults: 10,
        });
        expect(crossing.hits.every((hit) => hit.fileId !== zebra.id)).toBe(true);
        const own = await knowledge.search(PROJECT, elsewhere.id, {
          query: "zebra striped animals",
          maxNumResults: 10,
        });
        expect(own.hits[0]?.fileId).toBe(zebra.id);

        await expect(knowledge.getStore(OTHER, store.id)).rejects.toMatchObject({ status: 403 });
        await expect(
          knowledge.search(OTHER, store.id, { query: "delivery", maxNumResults: 5 }),
        ).rejects.toMatchObject({ status: 403 });
        await expect(
          knowledge.addStoreFile(PROJECT, store.id, { fileId: (await upload("x.txt", "x", OTHER)).id }),
        ).rejects.toMatchObject({
          status: 403,
        });
        expect(await knowledge.ownStores(OTHER, [store.id])).toEqual([]);
      });

      it("a file that cannot be read ends in error with the reason; a crash leaves it pending until resumed", async () => {
        const broken = await upload("scan.pdf", Buffer.from("%PDF-1.7\nthis is not a pdf at all"));
        const store = await knowledge.createStore(PROJECT, { fileIds: [broken.id] });
        await knowledge.ingest(store.id, broken.id, 1);
        const file = await knowledge.getStoreFile(PROJECT, store.id, broken.id);
        expect(file.status).toBe("error");
        expect(file.lastError).toMatchObject({ code: "invalid_file" });
        expect(file.lastError?.message.length).toBeGreaterThan(5);
        expect((await knowledge.getStore(PROJECT, store.id)).status).toBe("error");

        const pending = await upload("later.md", FAQ);
        await knowledge.addStoreFile(PROJECT, store.id, { fileId: pending.id });
        await storage.db.deleteFrom("jobs").execute(); // the process died with its job
        await knowledge.resumePending();
        const jobs = await storage.db.selectFrom("jobs").select("payload").execute();
        expect(jobs.map((job) => JSON.parse(job.payload).fileId)).toEqual([pending.id]);
      });

      it("pages stores by cursor, deletes a store's chunks with it, and reads a file's content back", async () => {
        const ids: string[] = [];
        for (let i = 0; i < 5; i += 1) ids.push((await knowledge.createStore(PROJECT, { name: `s${i}` })).id);
        const everything = (await knowledge.listStores(PROJECT, { limit: 100, order: "asc" })).data.map(
          (s) => s.id,
        );
        expect([...everything].sort()).toEqual([...ids].sort());
        const first = await knowledge.listStores(PROJECT, { limit: 2, order: "asc" });
        expect(first.data.map((s) => s.id)).toEqual(everything.slice(0, 2));
        expect(first.hasMore).toBe(true);
        const second = await knowledge.listStores(PROJECT, {
          limit: 2,
          order: "asc",
          after: first.lastId ?? undefined,
        });
        expect(second.data.map((s) => s.id)).toEqual(everything.slice(2, 4));
        const third = await knowledge.listStores(PROJECT, {
          limit: 2,
          order: "asc",
          after: second.lastId ?? undefined,
        });
        expect(third.data.map((s) => s.id)).toEqual(everything.slice(4));
        expect(third.hasMore).toBe(false);
        const previous = await knowledge.listStores(PROJECT, {
          limit: 2,
          order: "asc",
          before: third.firstId ?? undefined,
        });
        expect(previous.data.map((s) => s.id)).toEqual(everything.slice(2, 4));
        const newest = await knowledge.listStores(PROJECT, { limit: 2, order: "desc" });
        expect(newest.data.map((s) => s.id)).toEqual([...everything].reverse().slice(0, 2));

        const faq = await upload("faq.md", FAQ);
        const store = await knowledge.createStore(PROJECT, { fileIds: [faq.id] });
        await knowledge.ingest(store.id, faq.id, 1);
        const chunks = await knowledge.storeFileContent(PROJECT, store.id, faq.id);
        expect(chunks.map((c) => c.text).join("\n")).toContain("e-bikes");
        await knowledge.deleteStore(PROJECT, store.id);
        expect(await storage.db.selectFrom("knowledge_chunks").select("id").execute()).toEqual([]);
        const { content } = await knowledge.fileContent(PROJECT, faq.id);
        const bytes: Buffer[] = [];
        for await (const chunk of content) bytes.push(chunk as Buffer);
        expect(Buffer.concat(bytes).toString()).toBe(FAQ);
      });
    },
  );
}
