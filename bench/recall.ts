import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { createLexicalEmbedder } from "../src/modules/memory/embedder.js";
import {
  type IndexableMessage,
  indexMessage,
  indexMessages,
  recall,
} from "../src/modules/memory/semantic-recall.js";
import type { Storage } from "../src/storage/database.js";
import { migrateToLatest } from "../src/storage/migrator.js";
import {
  loadSqliteVec,
  MessageChunksRepo,
  type VectorBackend,
} from "../src/storage/repos/message-chunks.repo.js";
import type { Database } from "../src/storage/schema.js";
import { benchmarkRandom } from "../test/helpers/seeded-random.js";
import { percentile } from "./stats.js";

/**
 * Semantic recall on SQLite with the lexical embedder: BENCH_RECALL_MESSAGES messages
 * (default 10,000) of one person over threads of 100, indexed in bulk, then
 * BENCH_RECALL_QUERIES recalls (default 200; topK 3, one neighbour each side, the newest 20
 * messages excluded as the recent window). Runs once per backend this machine offers
 * (sqlite-vec, and the exact-scan fallback). Reports indexing throughput (bulk and one message
 * at a time, as the per-message job does) and recall latency p50/p99.
 */
const MESSAGES = Number(process.env.BENCH_RECALL_MESSAGES ?? 10_000);
const QUERIES = Number(process.env.BENCH_RECALL_QUERIES ?? 200);
const THREAD_SIZE = 100;
const SINGLE_INDEX_SAMPLE = 500;

const TOPICS = [
  "delivery address courier parcel tracking",
  "refund payment card invoice receipt",
  "bicycle frame brakes gears tyre",
  "доставка курьер адрес посылка трек",
  "возврат оплата карта счёт чек",
  "password login account email verification",
  "warranty repair serial number service",
  "subscription plan upgrade cancel renewal",
  "printer cartridge paper jam driver",
  "ресторан бронирование столик меню вечер",
];
const FILLER = "please thanks could you check when why how today tomorrow again still order number".split(
  " ",
);

function sentence(next: () => number, words: number): string {
  const topic = TOPICS[Math.floor(next() * TOPICS.length)]!.split(" ");
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    const pool = next() < 0.5 ? topic : FILLER;
    out.push(pool[Math.floor(next() * pool.length)]!);
  }
  out.push(String(Math.floor(next() * 100_000)));
  return `${out.join(" ")}.`;
}

function openSqlite(path: string, withVec: boolean): { storage: Storage; vec: boolean } {
  const sqlite = new SQLite(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  const vec = withVec && loadSqliteVec(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { storage: { db, dialect: "sqlite", close: () => db.destroy() }, vec };
}

async function seed(storage: Storage): Promise<IndexableMessage[]> {
  const db = storage.db;
  const at = "2026-01-01T00:00:00.000Z";
  await db.insertInto("organizations").values({ id: "org_b", name: "Bench", created_at: at }).execute();
  await db
    .insertInto("projects")
    .values({ id: "prj_b", organization_id: "org_b", name: "Bench", avatar_url: null, created_at: at })
    .execute();
  const base = {
    project_id: "prj_b",
    status: "active" as const,
    settings: "{}",
    created_at: at,
    updated_at: at,
  };
  await db
    .insertInto("bots")
    .values({ ...base, id: "bot_b", name: "Bot", description: null })
    .execute();
  await db
    .insertInto("integrations")
    .values({ ...base, id: "int_b", name: "Web", vendor: "parley", auth_data: "{}" })
    .execute();
  await db
    .insertInto("chats")
    .values({ ...base, id: "chat_b", integration_id: "int_b", bot_id: "bot_b", name: "site" })
    .execute();
  await db
    .insertInto("persons")
    .values({
      id: "per_b",
      project_id: "prj_b",
      external_id: "u1",
      name: "User",
      avatar_url: null,
      created_at: at,
    })
    .execute();
  const next = benchmarkRandom(42);
  const messages: IndexableMessage[] = [];
  const t0 = Date.parse(at);
  for (let start = 0; start < MESSAGES; start += THREAD_SIZE) {
    const threadId = `th_${start / THREAD_SIZE}`;
    await db
      .insertInto("threads")
      .values({
        project_id: "prj_b",
        id: threadId,
        chat_id: "chat_b",
        bot_id: "bot_b",
        person_id: "per_b",
        mode: "auto",
        title: null,
        last_message_at: at,
        pending_count: 0,
        working_memory: null,
        turn_lease_owner: null,
        turn_lease_until: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const rows = [];
    for (let i = start; i < Math.min(MESSAGES, start + THREAD_SIZE); i++) {
      const role = i % 2 === 0 ? ("user" as const) : ("assistant" as const);
      // Mostly chat-sized messages, one in fifty long enough to be chunked.
      const words = next() < 0.02 ? 500 : 6 + Math.floor(next() * 30);
      rows.push({
        id: `msg_${i}`,
        project_id: "prj_b",
        thread_id: threadId,
        role,
        author: role === "user" ? ("user" as const) : ("bot" as const),
        content: sentence(next, words),
        parts: null,
        external_id: null,
        reply_to_seq: null,
        created_at: new Date(t0 + i * 1000).toISOString(),
      });
    }
    const inserted = await db.insertInto("messages").values(rows).returningAll().execute();
    for (const row of inserted) messages.push({ ...row, seq: Number(row.seq), person_id: "per_b" });
  }
  return messages;
}

interface RecallBenchResult {
  /** The index, and "+memory" when in-memory copies serve the searches. */
  backend: string;
  messages: number;
  chunks: number;
  bulkMessagesPerSecond: number;
  singleMessagesPerSecond: number;
  recallP50: number;
  recallP99: number;
  recalledMessagesAvg: number;
  /** Per query, the seqs of the messages recall found (its hits), to compare backends. */
  found: number[][];
}

/** What serves searches: the index alone, or in-memory copies in front of it (Parley's default). */
interface RecallSetup {
  withVec: boolean;
  memoryBytes: number;
}

async function runOnce({ withVec, memoryBytes }: RecallSetup): Promise<RecallBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), "parley-bench-recall-"));
  const { storage } = openSqlite(join(dir, "parley.db"), withVec);
  try {
    await migrateToLatest(storage);
    const chunks = new MessageChunksRepo(
      storage.db,
      "sqlite",
      withVec || memoryBytes > 0 ? { memoryBytes } : { backend: "exact-scan" },
    );
    const index: VectorBackend = await chunks.backend();
    const backend = memoryBytes > 0 ? `${index}+memory` : index;
    const embedder = createLexicalEmbedder();
    const messages = await seed(storage);
    const bulk = messages.slice(0, messages.length - SINGLE_INDEX_SAMPLE);
    const single = messages.slice(bulk.length);

    let started = performance.now();
    let chunkCount = 0;
    for (let i = 0; i < bulk.length; i += 200) {
      chunkCount += (await indexMessages(chunks, embedder, bulk.slice(i, i + 200))).chunks;
    }
    const bulkSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    for (const message of single) chunkCount += (await indexMessage(chunks, embedder, message)).chunks;
    const singleSeconds = (performance.now() - started) / 1000;

    const window = new Set(messages.slice(-20).map((message) => Number(message.seq)));
    const next = benchmarkRandom(7);
    const latencies: number[] = [];
    let recalled = 0;
    const found: number[][] = [];
    for (let i = 0; i < QUERIES; i++) {
      const query = sentence(next, 8 + Math.floor(next() * 12));
      const t = performance.now();
      const threads = await recall({
        chunks,
        embedder,
        projectId: "prj_b",
        personId: "per_b",
        query,
        topK: 3,
        neighbours: 1,
        excludeMessageSeqs: window,
      });
      latencies.push(performance.now() - t);
      recalled += threads.reduce((sum, thread) => sum + thread.messages.length, 0);
      found.push(threads.flatMap((thread) => thread.hits.map((hit) => hit.messageSeq)));
    }
    return {
      backend,
      messages: messages.length,
      chunks: chunkCount,
      bulkMessagesPerSecond: bulk.length / bulkSeconds,
      singleMessagesPerSecond: single.length / singleSeconds,
      recallP50: percentile(latencies, 50),
      recallP99: percentile(latencies, 99),
      recalledMessagesAvg: recalled / QUERIES,
      found,
    };
  } finally {
    await storage.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Prints one line per backend; returns the measurements for callers that aggregate. */
export async function benchRecall(): Promise<RecallBenchResult[]> {
  console.log(
    `\nsemantic recall: SQLite, lexical embedder, ${MESSAGES} messages of one person, ${QUERIES} queries (topK 3, ±1 neighbour)`,
  );
  console.log(
    "backend            messages  chunks  index bulk msg/s  index 1-by-1 msg/s  recall p50 ms  recall p99 ms",
  );
  const results: RecallBenchResult[] = [];
  const probe = new SQLite(":memory:");
  const vecAvailable = loadSqliteVec(probe);
  probe.close();
  const setups: RecallSetup[] = [
    ...(vecAvailable ? [{ withVec: true, memoryBytes: 0 }] : []),
    { withVec: false, memoryBytes: 0 },
    { withVec: vecAvailable, memoryBytes: 64 * 1024 * 1024 },
  ];
  for (const setup of setups) {
    const r = await runOnce(setup);
    results.push(r);
    console.log(
      [
        r.backend.padEnd(17),
        String(r.messages).padStart(9),
        String(r.chunks).padStart(7),
        r.bulkMessagesPerSecond.toFixed(0).padStart(17),
        r.singleMessagesPerSecond.toFixed(0).padStart(19),
        r.recallP50.toFixed(2).padStart(14),
        r.recallP99.toFixed(2).padStart(14),
      ].join(" "),
    );
  }
  if (!vecAvailable) console.log("(sqlite-vec not installed: only the exact-scan fallback was measured)");
  // exact-scan ranks every vector exactly: the share of its hits each other backend found too.
  const exact = results.find((r) => r.backend === "exact-scan");
  for (const other of results) {
    if (!exact || other === exact) continue;
    let same = 0;
    let all = 0;
    exact.found.forEach((hits, i) => {
      const found = new Set(other.found[i]);
      all += hits.length;
      same += hits.filter((seq) => found.has(seq)).length;
    });
    console.log(
      `${other.backend} found ${all ? ((same / all) * 100).toFixed(1) : "100"}% of exact-scan's hits`,
    );
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchRecall();
