import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLexicalEmbedder, type Embedder } from "../../../src/modules/memory/embedder.js";
import { indexMessages } from "../../../src/modules/memory/semantic-recall.js";
import type { Storage } from "../../../src/storage/database.js";
import { MessageChunksRepo, normalize } from "../../../src/storage/repos/message-chunks.repo.js";
import { ExactScanIndex } from "../../../src/storage/vector-index/exact-scan-index.js";
import { MemoryScopeIndex } from "../../../src/storage/vector-index/memory-scope-index.js";
import { ScopeVectors } from "../../../src/storage/vector-index/scope-vectors.js";
import type { NearestQuery } from "../../../src/storage/vector-index/vector-index.js";
import { seededRandom } from "../../helpers/seeded-random.js";
import { openMemoryStorage, Seeder } from "./memory-fixtures.js";

const WORDS =
  "delivery refund courier invoice printer warranty parcel bicycle address payment card receipt доставка возврат заказ курьер".split(
    " ",
  );

function text(next: () => number): string {
  const words = Array.from(
    { length: 3 + Math.floor(next() * 8) },
    () => WORDS[Math.floor(next() * WORDS.length)],
  );
  return `${words.join(" ")} ${Math.floor(next() * 50)}`;
}

/** Dense vectors (every coordinate set), as an embedding model gives: a hash-seeded random direction. */
function denseEmbedder(): Embedder {
  return {
    id: "test/dense@32",
    dimensions: 32,
    maxInputChars: 2000,
    async embed(texts) {
      return texts.map((t) => {
        let seed = 7;
        for (const char of t) seed = Math.imul(seed ^ char.charCodeAt(0), 16_777_619);
        const next = seededRandom(seed);
        return Array.from({ length: 32 }, () => next() - 0.5);
      });
    },
  };
}

describe("in-memory copies of recall scopes (MemoryScopeIndex)", () => {
  let storage: Storage;
  let seed: Seeder;
  let writer: MessageChunksRepo;

  beforeEach(async () => {
    storage = await openMemoryStorage("sqlite");
    seed = new Seeder(storage.db);
    // Writes go through a repository of their own, as another process's would.
    writer = new MessageChunksRepo(storage.db, "sqlite", { backend: "exact-scan" });
    await seed.project("prj_1");
    await seed.person("prj_1", "alice");
    await seed.person("prj_1", "bob");
  });

  afterEach(async () => {
    await storage?.close();
  });

  async function history(personId: string, threadId: string, count: number, embedder: Embedder, from = 1) {
    await seed.thread("prj_1", threadId, personId);
    const next = seededRandom(from);
    const texts = Array.from({ length: count }, () => text(next));
    const messages = await seed.conversation("prj_1", threadId, personId, texts);
    await indexMessages(writer, embedder, messages);
    return messages;
  }

  function query(embedder: Embedder, personId: string, limit = 5): NearestQuery {
    return { projectId: "prj_1", personId, embedder, vector: [], limit };
  }

  async function vectorOf(embedder: Embedder, words: string): Promise<Float32Array> {
    return normalize((await embedder.embed([words]))[0]!);
  }

  for (const embedder of [createLexicalEmbedder(), denseEmbedder()]) {
    it(`ranks exactly as the exact scan does (${embedder.id})`, async () => {
      const messages = await history("alice", "th_a", 240, embedder);
      const exact = new ExactScanIndex(storage.db);
      const memory = new MemoryScopeIndex(storage.db, exact, 64 * 1024 * 1024);
      const excluded = new Set(messages.slice(-10).map((m) => m.seq));
      const next = seededRandom(99);
      for (let i = 0; i < 25; i++) {
        const vector = await vectorOf(embedder, text(next));
        const expected = await exact.nearest(
          { ...query(embedder, "alice"), excludeMessageSeqs: excluded },
          vector,
        );
        const found = await memory.nearest(
          { ...query(embedder, "alice"), excludeMessageSeqs: excluded },
          vector,
        );
        expect(expected).toHaveLength(5);
        expect(found.map((hit) => hit.messageSeq)).toEqual(expected.map((hit) => hit.messageSeq));
        for (const [index, hit] of found.entries()) {
          expect(hit.score).toBeCloseTo(expected[index]!.score, 5);
          expect(hit.content).toBe(expected[index]!.content);
        }
      }
      expect(memory.heldBytes).toBeGreaterThan(0);
    });
  }

  it("breaks ties as the exact scan does: the newer message first", async () => {
    const embedder = createLexicalEmbedder();
    await seed.thread("prj_1", "th_a", "alice");
    // More equal messages than the first round of candidates (3 × limit + 10) holds.
    const texts = Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? "courier invoice" : "parcel refund"));
    const messages = await seed.conversation("prj_1", "th_a", "alice", texts);
    await indexMessages(writer, embedder, messages);
    const exact = new ExactScanIndex(storage.db);
    const memory = new MemoryScopeIndex(storage.db, exact, 64 * 1024 * 1024);
    const vector = await vectorOf(embedder, "parcel refund");
    const found = await memory.nearest(query(embedder, "alice", 2), vector);
    expect(found.map((hit) => hit.messageSeq)).toEqual([messages[29]!.seq, messages[28]!.seq]);
    const expected = await exact.nearest(query(embedder, "alice", 2), vector);
    expect(found.map((hit) => hit.messageSeq)).toEqual(expected.map((hit) => hit.messageSeq));
  });

  it("finds chunks stored after its copy was read, and never deleted ones or another person's", async () => {
    const embedder = createLexicalEmbedder();
    await history("alice", "th_a", 40, embedder);
    await history("bob", "th_b", 40, embedder, 2);
    const memory = new MemoryScopeIndex(storage.db, new ExactScanIndex(storage.db), 64 * 1024 * 1024);
    const needle = "my zeppelin warranty claim";
    const vector = await vectorOf(embedder, needle);
    const before = await memory.nearest(query(embedder, "alice", 1), vector);
    expect(before[0]!.content).not.toBe(needle);

    // Stored by another writer once the copy exists: picked up by the next search.
    await seed.thread("prj_1", "th_new", "alice");
    const [added] = await seed.conversation("prj_1", "th_new", "alice", [needle]);
    await indexMessages(writer, embedder, [added!]);
    const bobs = await seed.conversation("prj_1", "th_b", "bob", [needle]);
    await indexMessages(writer, embedder, bobs);
    const after = await memory.nearest(query(embedder, "alice", 1), vector);
    expect(after.map((hit) => hit.messageId)).toEqual([added!.id]);

    // Deleted from storage (its chunks cascade): the copy still holds it, the search does not return it.
    await storage.db.deleteFrom("messages").where("id", "=", added!.id).execute();
    const deleted = await memory.nearest(query(embedder, "alice", 3), vector);
    expect(deleted).toHaveLength(3);
    expect(deleted.map((hit) => hit.messageId)).not.toContain(added!.id);

    // A deleted person's chunks stay stored but belong to nobody: never recalled for them.
    await storage.db.deleteFrom("persons").where("id", "=", "bob").execute();
    expect(await memory.nearest(query(embedder, "bob", 3), vector)).toEqual([]);
  });

  it("keeps its copies within the budget, and serves a scope too large for it through the index", async () => {
    const embedder = createLexicalEmbedder();
    await history("alice", "th_a", 120, embedder);
    await history("bob", "th_b", 120, embedder, 3);
    const exact = new ExactScanIndex(storage.db);
    const vector = await vectorOf(embedder, "refund for my parcel");
    // One scope's copy (120 chunks of 256 floats and two ids: 122 KiB) fits, two do not.
    const memory = new MemoryScopeIndex(storage.db, exact, 200 * 1024);
    for (const person of ["alice", "bob", "alice"]) {
      const found = await memory.nearest(query(embedder, person), vector);
      const expected = await exact.nearest(query(embedder, person), vector);
      expect(found.map((hit) => hit.messageSeq)).toEqual(expected.map((hit) => hit.messageSeq));
      expect(memory.heldBytes).toBeGreaterThan(0);
      expect(memory.heldBytes).toBeLessThanOrEqual(200 * 1024);
    }

    const tiny = new MemoryScopeIndex(storage.db, exact, 10 * 1024);
    const found = await tiny.nearest(query(embedder, "alice"), vector);
    const expected = await exact.nearest(query(embedder, "alice"), vector);
    expect(found.map((hit) => hit.messageSeq)).toEqual(expected.map((hit) => hit.messageSeq));
    expect(tiny.heldBytes).toBe(0);
  });
});

describe("ScopeVectors", () => {
  it("grows by half again, not by the few chunks a search adds, so columns are not copied each time", () => {
    const vectors = new ScopeVectors(4);
    const unit = Float32Array.from([1, 0, 0, 0]);
    vectors.reserve(100);
    for (let id = 1; id <= 100; id++) vectors.append(id, id, unit);
    const loaded = vectors.bytes;
    expect(loaded).toBe(100 * (4 * 4 + 16));
    vectors.reserve(2);
    expect(vectors.bytes).toBe(150 * (4 * 4 + 16));
    for (let id = 101; id <= 150; id += 2) {
      vectors.reserve(2);
      vectors.append(id, id, unit);
      vectors.append(id + 1, id + 1, unit);
    }
    expect(vectors.count).toBe(150);
    expect(vectors.bytes).toBe(150 * (4 * 4 + 16));
  });

  it("skips a chunk it already holds and scores by the query's non-zero coordinates", () => {
    const vectors = new ScopeVectors(3);
    vectors.append(5, 1, Float32Array.from([0.6, 0.8, 0]));
    vectors.append(5, 1, Float32Array.from([1, 0, 0]));
    vectors.append(7, 2, Float32Array.from([0, 0, 1]));
    expect(vectors.count).toBe(2);
    expect([...vectors.score(Float32Array.from([1, 0, 0]))]).toEqual([expect.closeTo(0.6, 6), 0]);
    expect([...vectors.score(Float32Array.from([0, 0.6, 0.8]))]).toEqual([
      expect.closeTo(0.48, 6),
      expect.closeTo(0.8, 6),
    ]);
  });
});
