import { createOpenAI } from "@ai-sdk/openai";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createAiSdkEmbedder,
  createLexicalEmbedder,
  type Embedder,
} from "../../../src/modules/memory/embedder.js";
import {
  formatRecalled,
  indexMessage,
  indexMessages,
  recall,
} from "../../../src/modules/memory/semantic-recall.js";
import type { Storage } from "../../../src/storage/database.js";
import { MessageChunksRepo, type VectorBackend } from "../../../src/storage/repos/message-chunks.repo.js";
import { postgresReady, shouldSkip, type TestDialect } from "../../helpers/dialects.js";
import { startFakeOpenAI } from "../../helpers/fake-openai-server.js";
import { openMemoryStorage, Seeder, sqliteVecInstalled } from "./memory-fixtures.js";

interface Variant {
  dialect: TestDialect;
  /** `auto` detects sqlite-vec / pgvector; `exact-scan` forces the documented fallback. */
  backend: "auto" | "exact-scan";
  /** In-memory copies of searched scopes in front of the index (MemoryScopeIndex), SQLite only. */
  memoryBytes?: number;
}

const VARIANTS: Variant[] = [
  { dialect: "sqlite", backend: "auto" },
  { dialect: "sqlite", backend: "auto", memoryBytes: 8 * 1024 * 1024 },
  { dialect: "sqlite", backend: "exact-scan" },
  { dialect: "postgres", backend: "auto" },
  { dialect: "postgres", backend: "exact-scan" },
];

const ALICE_OLD = [
  "Hi, I ordered a blue bicycle last week.",
  "Thanks, let me look the order up.",
  "Please deliver it to 12 Baker Street, London, the delivery address on my account is wrong.",
  "Noted: the courier will deliver the bicycle to 12 Baker Street.",
  "Great, thanks!",
  "You're welcome. Anything else?",
  "No, that is all.",
];

async function seedWorld(seed: Seeder) {
  await seed.project("prj_1");
  await seed.project("prj_2");
  await seed.person("prj_1", "alice");
  await seed.person("prj_1", "bob");
  await seed.person("prj_2", "carol");
  await seed.thread("prj_1", "th_old", "alice");
  await seed.thread("prj_1", "th_pets", "alice");
  await seed.thread("prj_1", "th_bob", "bob");
  await seed.thread("prj_2", "th_carol", "carol");
  await seed.thread("prj_1", "th_now", "alice");
  const old = await seed.conversation("prj_1", "th_old", "alice", ALICE_OLD);
  const pets = await seed.conversation("prj_1", "th_pets", "alice", [
    "Do you sell food for cats?",
    "Yes, we have dry and wet cat food.",
  ]);
  // Other people saying almost the same thing: never recalled for Alice.
  const bob = await seed.conversation("prj_1", "th_bob", "bob", [
    "What delivery address do you have for my bicycle? It should be Baker Street.",
    "Baker Street, London, for your bicycle delivery.",
  ]);
  const carol = await seed.conversation("prj_2", "th_carol", "carol", [
    "Which delivery address did I give for the bicycle? Baker Street?",
  ]);
  const now = await seed.conversation("prj_1", "th_now", "alice", [
    "Hello again",
    "Hi Alice, how can I help?",
    "Which delivery address did I give you for my bicycle?",
  ]);
  return { old, pets, bob, carol, now };
}

for (const variant of VARIANTS) {
  const label = `semantic recall on ${variant.dialect} (${variant.backend === "auto" ? "detected backend" : "forced exact-scan fallback"}${variant.memoryBytes ? ", in-memory copies" : ""})`;
  describe.skipIf(shouldSkip(variant.dialect))(label, () => {
    let storage: Storage;
    let chunks: MessageChunksRepo;
    let seed: Seeder;
    const embedder = createLexicalEmbedder();

    beforeEach(async () => {
      storage = await openMemoryStorage(variant.dialect);
      chunks = new MessageChunksRepo(storage.db, storage.dialect, {
        backend: variant.backend,
        memoryBytes: variant.memoryBytes ?? 0,
      });
      seed = new Seeder(storage.db);
    });

    afterEach(async () => {
      await storage?.close();
    });

    it("detects the backend this machine offers", async () => {
      const backend = await chunks.backend();
      const expected: VectorBackend[] =
        variant.backend === "exact-scan"
          ? ["exact-scan"]
          : variant.dialect === "sqlite"
            ? [sqliteVecInstalled ? "sqlite-vec" : "exact-scan"]
            : ["pgvector", "exact-scan"];
      expect(expected).toContain(backend);
      process.stderr.write(`[memory] ${label}: backend ${backend}\n`);
    });

    it("finds the person's most similar earlier message in another thread, with its neighbours", async () => {
      const world = await seedWorld(seed);
      const all = [...world.old, ...world.pets, ...world.bob, ...world.carol, ...world.now];
      const indexed = await indexMessages(chunks, embedder, all);
      expect(indexed).toMatchObject({ indexed: all.length, skipped: 0, chunks: all.length });

      const recalled = await recall({
        chunks,
        embedder,
        projectId: "prj_1",
        personId: "alice",
        query: world.now[2]!.content,
        topK: 1,
        excludeMessageSeqs: new Set(world.now.map((m) => m.seq)),
      });
      expect(recalled).toHaveLength(1);
      expect(recalled[0]!.threadId).toBe("th_old");
      expect(recalled[0]!.messages.map((m) => m.content)).toEqual([ALICE_OLD[1], ALICE_OLD[2], ALICE_OLD[3]]);
      expect(recalled[0]!.hits).toEqual([
        { messageSeq: world.old[2]!.seq, score: expect.any(Number), passage: ALICE_OLD[2] },
      ]);
    });

    it("never returns another person's or another project's messages, nor excluded ones", async () => {
      const world = await seedWorld(seed);
      await indexMessages(chunks, embedder, [
        ...world.old,
        ...world.pets,
        ...world.bob,
        ...world.carol,
        ...world.now,
      ]);
      const aliceThreads = new Set(["th_old", "th_pets", "th_now"]);
      const excluded = new Set(world.now.map((m) => m.seq));
      const recalled = await recall({
        chunks,
        embedder,
        projectId: "prj_1",
        personId: "alice",
        query: "delivery address bicycle Baker Street",
        topK: 10,
        neighbours: 3,
        excludeMessageSeqs: excluded,
      });
      const found = recalled.flatMap((thread) => thread.messages);
      expect(found.length).toBeGreaterThan(0);
      for (const message of found) {
        expect(aliceThreads.has(message.thread_id)).toBe(true);
        expect(excluded.has(message.seq)).toBe(false);
      }
      // Every one of Alice's other messages is reachable when asking for enough.
      expect(found).toHaveLength(world.old.length + world.pets.length);
      // Grouped by thread, threads and messages oldest first, no duplicates.
      expect(recalled.map((thread) => thread.threadId)).toEqual(["th_old", "th_pets"]);
      const seqs = found.map((m) => m.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(new Set(seqs).size).toBe(seqs.length);

      // Bob, with the same question, only ever sees his own thread; Carol only hers.
      const forBob = await recall({
        chunks,
        embedder,
        projectId: "prj_1",
        personId: "bob",
        query: "bicycle",
        topK: 10,
      });
      expect(forBob.map((thread) => thread.threadId)).toEqual(["th_bob"]);
      const carolElsewhere = await recall({
        chunks,
        embedder,
        projectId: "prj_1",
        personId: "carol",
        query: "bicycle",
      });
      expect(carolElsewhere).toEqual([]);
      expect(
        await recall({ chunks, embedder, projectId: "prj_1", personId: null, query: "bicycle" }),
      ).toEqual([]);
    });

    it("without a person, recalls the thread's own older messages and nothing of any other thread", async () => {
      const world = await seedWorld(seed);
      // Two threads without a person in prj_1 (API users who send no person), one in prj_2.
      await seed.thread("prj_1", "th_anon", null);
      await seed.thread("prj_1", "th_anon_other", null);
      await seed.thread("prj_2", "th_anon_far", null);
      const anon = await seed.conversation("prj_1", "th_anon", null, [
        "My bicycle order number is 4711, please remember it.",
        "Noted, order 4711.",
        "Also, the frame colour should be blue.",
        "Blue frame, noted.",
        "What was my bicycle order number again?",
      ]);
      const other = await seed.conversation("prj_1", "th_anon_other", null, [
        "My bicycle order number is 9999.",
        "Noted, order 9999.",
      ]);
      const far = await seed.conversation("prj_2", "th_anon_far", null, ["My bicycle order number is 1234."]);
      await indexMessages(chunks, embedder, [...world.old, ...anon, ...other, ...far]);
      const window = new Set(anon.slice(-2).map((m) => m.seq));
      const recalled = await recall({
        chunks,
        embedder,
        projectId: "prj_1",
        personId: null,
        threadId: "th_anon",
        query: anon.at(-1)!.content,
        topK: 10,
        excludeMessageSeqs: window,
      });
      const found = recalled.flatMap((thread) => thread.messages);
      expect(recalled.map((thread) => thread.threadId)).toEqual(["th_anon"]);
      expect(found.map((m) => m.content)).toContain(anon[0]!.content);
      for (const message of found) expect(window.has(message.seq)).toBe(false);
      expect(recalled[0]!.hits[0]!.passage).toBe(anon[0]!.content);
      // The other threads, without a person too, recall only themselves.
      const forOther = await recall({
        chunks,
        embedder,
        projectId: "prj_1",
        personId: null,
        threadId: "th_anon_other",
        query: "bicycle order number",
        topK: 10,
      });
      expect(forOther.map((thread) => thread.threadId)).toEqual(["th_anon_other"]);
      // A thread id of another project finds nothing here.
      expect(
        await recall({
          chunks,
          embedder,
          projectId: "prj_1",
          personId: null,
          threadId: "th_anon_far",
          query: "bicycle",
        }),
      ).toEqual([]);
      // A person's recall never reaches threads without one.
      const forAlice = await recall({
        chunks,
        embedder,
        projectId: "prj_1",
        personId: "alice",
        query: "bicycle order number",
        topK: 20,
      });
      expect(forAlice.every((thread) => ["th_old", "th_pets", "th_now"].includes(thread.threadId))).toBe(
        true,
      );
    });

    it("skips excluded messages as hits and as neighbours; neighbours 0 and 2", async () => {
      const world = await seedWorld(seed);
      await indexMessages(chunks, embedder, [...world.old, ...world.now]);
      const hit = world.old[2]!;
      const withoutHit = await recall({
        chunks,
        embedder,
        projectId: "prj_1",
        personId: "alice",
        query: hit.content,
        topK: 1,
        neighbours: 0,
        excludeMessageSeqs: new Set([hit.seq, ...world.now.map((m) => m.seq)]),
      });
      expect(withoutHit).toHaveLength(1);
      expect(withoutHit[0]!.messages).toHaveLength(1);
      expect(withoutHit[0]!.messages[0]!.seq).not.toBe(hit.seq);

      const wide = await recall({
        chunks,
        embedder,
        projectId: "prj_1",
        personId: "alice",
        query: hit.content,
        topK: 1,
        neighbours: 2,
        excludeMessageSeqs: new Set([world.old[4]!.seq, ...world.now.map((m) => m.seq)]),
      });
      expect(wide[0]!.messages.map((m) => m.seq)).toEqual([
        world.old[0]!.seq,
        world.old[1]!.seq,
        hit.seq,
        world.old[3]!.seq,
      ]);
    });

    it("chunks long messages under the embedder's limit and finds a passage inside them", async () => {
      const small: Embedder = createLexicalEmbedder({ maxInputChars: 400 });
      const seen: string[] = [];
      const spy: Embedder = {
        ...small,
        embed: (texts) => {
          seen.push(...texts);
          return small.embed(texts);
        },
      };
      await seed.project("prj_1");
      await seed.person("prj_1", "alice");
      await seed.thread("prj_1", "th_long", "alice");
      await seed.thread("prj_1", "th_now", "alice");
      const filler = (topic: string) =>
        Array.from({ length: 12 }, (_, i) => `Paragraph ${i} is about ${topic} and ordinary things.`).join(
          " ",
        );
      const long = await seed.message(
        "prj_1",
        "th_long",
        "alice",
        "user",
        `${filler("weather")}\n\nMy warranty serial number is QX-7731 for the espresso machine.\n\n${filler("holidays")}`,
      );
      expect(long.content.length).toBeGreaterThan(1200);
      const result = await indexMessage(chunks, spy, long);
      expect(result.chunks).toBeGreaterThan(3);
      for (const text of seen) expect(text.length).toBeLessThanOrEqual(400);
      const stored = await chunks.listByMessage(long.id);
      expect(stored.map((chunk) => chunk.chunk_index)).toEqual(stored.map((_, i) => i));
      expect(stored.every((chunk) => chunk.person_id === "alice" && chunk.embedder_id === small.id)).toBe(
        true,
      );

      const recalled = await recall({
        chunks,
        embedder: spy,
        projectId: "prj_1",
        personId: "alice",
        query: `What was the warranty serial of my espresso machine? ${"Please answer briefly. ".repeat(30)}`,
        topK: 1,
      });
      expect(recalled[0]!.messages[0]!.id).toBe(long.id);
      for (const text of seen) expect(text.length).toBeLessThanOrEqual(400);
      // The prompt shows the passage that matched, not the whole long message.
      const passage = recalled[0]!.hits[0]!.passage;
      expect(passage).toContain("QX-7731");
      const shown = formatRecalled(recalled, { maxMessageChars: 500 });
      expect(shown).toContain(`User: …${passage}…`);
      expect(shown).not.toContain("Paragraph 0 is about weather");
    });

    it("counts a message with many matching chunks once and still finds topK distinct messages", async () => {
      const small = createLexicalEmbedder({ maxInputChars: 100 });
      await seed.project("prj_1");
      await seed.person("prj_1", "alice");
      await seed.thread("prj_1", "th_1", "alice");
      const sentence = "The bicycle delivery to Baker Street was late again.";
      const long1 = await seed.message("prj_1", "th_1", "alice", "user", Array(30).fill(sentence).join(" "));
      const long2 = await seed.message(
        "prj_1",
        "th_1",
        "alice",
        "assistant",
        Array(30).fill(sentence).join(" "),
      );
      const short = [];
      for (const text of [
        "Bicycle delivery question.",
        "Baker Street delivery?",
        "Late bicycle.",
        "Weather is nice.",
      ]) {
        short.push(await seed.message("prj_1", "th_1", "alice", "user", text));
      }
      const result = await indexMessages(chunks, small, [long1, long2, ...short]);
      expect(result.chunks).toBeGreaterThan(30);
      const recalled = await recall({
        chunks,
        embedder: small,
        projectId: "prj_1",
        personId: "alice",
        query: sentence,
        topK: 5,
        neighbours: 0,
      });
      const hits = recalled.flatMap((thread) => thread.hits);
      expect(hits).toHaveLength(5);
      expect(new Set(hits.map((hit) => hit.messageSeq)).size).toBe(5);
      expect(
        hits
          .slice(0, 2)
          .map((hit) => hit.messageSeq)
          .sort(),
      ).toEqual([long1.seq, long2.seq].sort());
    });

    it("indexing is idempotent per message and replaces changed text; tool and empty messages are skipped", async () => {
      await seed.project("prj_1");
      await seed.person("prj_1", "alice");
      await seed.thread("prj_1", "th_1", "alice");
      const message = await seed.message(
        "prj_1",
        "th_1",
        "alice",
        "user",
        "The router keeps rebooting every hour.",
      );
      const tool = await seed.message("prj_1", "th_1", "alice", "tool", '{"result":"ok"}');
      const empty = await seed.message("prj_1", "th_1", "alice", "assistant", "");
      let calls = 0;
      const counting: Embedder = {
        ...embedder,
        embed: (texts) => {
          calls += 1;
          return embedder.embed(texts);
        },
      };
      expect(await indexMessage(chunks, counting, message)).toEqual({ indexed: 1, skipped: 0, chunks: 1 });
      expect(await indexMessage(chunks, counting, message)).toEqual({ indexed: 0, skipped: 1, chunks: 0 });
      expect(await indexMessages(chunks, counting, [tool, empty])).toEqual({
        indexed: 0,
        skipped: 2,
        chunks: 0,
      });
      expect(calls).toBe(1);
      expect(await chunks.listByMessage(tool.id)).toEqual([]);

      const edited = { ...message, content: "The modem keeps disconnecting at night." };
      expect(await indexMessage(chunks, counting, edited)).toEqual({ indexed: 1, skipped: 0, chunks: 1 });
      const stored = await chunks.listByMessage(message.id);
      expect(stored.map((chunk) => chunk.content)).toEqual([edited.content]);
      const found = await recall({
        chunks,
        embedder,
        projectId: "prj_1",
        personId: "alice",
        query: "modem disconnecting",
      });
      expect(found[0]!.messages.map((m) => m.id)).toEqual([message.id]);
      expect(found[0]!.hits[0]!.score).toBeGreaterThan(0.3);
    });

    it("forgets deleted messages; orphaned index entries are ignored and prunable", async () => {
      const world = await seedWorld(seed);
      await indexMessages(chunks, embedder, [...world.old, ...world.pets]);
      await storage.db.deleteFrom("messages").where("thread_id", "=", "th_old").execute();
      const left = await storage.db
        .selectFrom("message_chunks")
        .select("message_id")
        .where("thread_id", "=", "th_old")
        .execute();
      expect(left).toEqual([]);
      const recalled = await recall({
        chunks,
        embedder,
        projectId: "prj_1",
        personId: "alice",
        query: "delivery address bicycle",
        topK: 3,
      });
      expect(recalled.map((thread) => thread.threadId)).toEqual(["th_pets"]);
      const pruned = await chunks.pruneOrphans(embedder);
      expect(pruned).toBe((await chunks.backend()) === "sqlite-vec" ? world.old.length : 0);
    });

    it("embeds with an AI SDK model served by the fake OpenAI server", async () => {
      const fake = await startFakeOpenAI();
      try {
        const model = createOpenAI({ baseURL: fake.baseUrl, apiKey: "sk-test" }).embeddingModel(
          "text-embedding-3-small",
        );
        const remote = createAiSdkEmbedder(model, { id: "openai/text-embedding-3-small@64", dimensions: 64 });
        const world = await seedWorld(seed);
        await indexMessages(chunks, remote, [...world.old, ...world.pets, ...world.bob, ...world.now]);
        expect(fake.requests.filter((r) => r.path === "/v1/embeddings").length).toBeGreaterThan(0);
        const recalled = await recall({
          chunks,
          embedder: remote,
          projectId: "prj_1",
          personId: "alice",
          query: "Deliver it to Baker Street, London",
          topK: 1,
          neighbours: 0,
          excludeMessageSeqs: new Set(world.now.map((m) => m.seq)),
        });
        expect(recalled[0]!.messages.map((m) => m.id)).toEqual([world.old[2]!.id]);
        // Vectors of one embedder are never compared with another's.
        const lexical = await recall({
          chunks,
          embedder,
          projectId: "prj_1",
          personId: "alice",
          query: "Baker Street",
        });
        expect(lexical).toEqual([]);
      } finally {
        await fake.close();
      }
    });

    it("formats recalled excerpts for the system prompt", async () => {
      const world = await seedWorld(seed);
      await indexMessages(chunks, embedder, world.old);
      const recalled = await recall({
        chunks,
        embedder,
        projectId: "prj_1",
        personId: "alice",
        query: world.now[2]!.content,
        topK: 1,
      });
      const text = formatRecalled(recalled, { currentThreadId: "th_now" });
      expect(text).toMatch(/^Excerpts from earlier conversations/);
      expect(text).toContain("--- another conversation, 2026-03-01 ---");
      expect(text).toContain(`User: ${ALICE_OLD[2]}`);
      expect(text).toContain(`Assistant: ${ALICE_OLD[3]}`);
      expect(formatRecalled([])).toBe("");
    });
  });
}

describe("backend choice on PostgreSQL", () => {
  it.skipIf(!postgresReady)("pgvector when the server offers it, else the exact-scan fallback", async () => {
    const storage = await openMemoryStorage("postgres");
    try {
      const offered = await sql`select 1 from pg_available_extensions where name = 'vector'`.execute(
        storage.db,
      );
      const backend = await new MessageChunksRepo(storage.db, "postgres").backend();
      if (offered.rows.length === 0) expect(backend).toBe("exact-scan");
      else expect(["pgvector", "exact-scan"]).toContain(backend);
    } finally {
      await storage.close();
    }
  });
});

describe.skipIf(!sqliteVecInstalled)("sqlite-vec index", () => {
  it("holds one vector per chunk of a person, and picks up chunks stored while it was unavailable", async () => {
    const storage = await openMemoryStorage("sqlite");
    try {
      const seed = new Seeder(storage.db);
      const embedder = createLexicalEmbedder();
      const world = await seedWorld(seed);
      // Indexed without the extension (as by a process that could not load it) …
      const fallback = new MessageChunksRepo(storage.db, "sqlite", { backend: "exact-scan" });
      await indexMessages(fallback, embedder, world.old);
      // … then with it: the vec0 table is created and filled from the stored vectors.
      const chunks = new MessageChunksRepo(storage.db, "sqlite");
      expect(await chunks.backend()).toBe("sqlite-vec");
      await indexMessages(chunks, embedder, [...world.pets, ...world.now]);
      const tables = await sql<{ name: string }>`select name from sqlite_master
        where type = 'table' and name like 'message_chunks_vec_%' and sql like '%using vec0%'`.execute(
        storage.db,
      );
      expect(tables.rows).toHaveLength(1);
      const counted = await sql<{
        n: number;
      }>`select count(*) as n from ${sql.table(tables.rows[0]!.name)}`.execute(storage.db);
      expect(Number(counted.rows[0]!.n)).toBe(world.old.length + world.pets.length + world.now.length);
      const recalled = await recall({
        chunks,
        embedder,
        projectId: "prj_1",
        personId: "alice",
        query: world.now[2]!.content,
        topK: 1,
        neighbours: 0,
        excludeMessageSeqs: new Set(world.now.map((m) => m.seq)),
      });
      expect(recalled[0]!.messages.map((m) => m.id)).toEqual([world.old[2]!.id]);
    } finally {
      await storage.close();
    }
  });
});
