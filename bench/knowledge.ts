import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { sql } from "kysely";
import { Transactor } from "../src/events/unit-of-work.js";
import { newId } from "../src/infra/ids.js";
import { JobQueue } from "../src/job-queue/job-queue.js";
import { FileStore } from "../src/modules/knowledge/file-store.js";
import { KnowledgeService } from "../src/modules/knowledge/knowledge-service.js";
import { createLexicalEmbedder } from "../src/modules/memory/embedder.js";
import { openStorage } from "../src/storage/database.js";
import { migrateToLatest } from "../src/storage/migrator.js";
import { createRepos } from "../src/storage/repos/index.js";
import { detectStoreVectorIndex } from "../src/storage/vector-index/detect-vector-index.js";
import type { StoreChunkHit } from "../src/storage/vector-index/vector-index.js";
import { dot, fromBytes, normalize, toBytes } from "../src/storage/vector-index/vectors.js";
import { benchmarkRandom } from "../test/helpers/seeded-random.js";
import { rssMb } from "./harness.js";
import { percentile } from "./stats.js";

/**
 * Vector stores on SQLite, in process, with the lexical embedder (docs/knowledge.md):
 * 1. ingestion: BENCH_KNOWLEDGE_DOCS generated documents (default 200, 2–5 KB each) uploaded,
 *    attached to a store and ingested one after another (the worker at concurrency 1);
 * 2. search on BENCH_KNOWLEDGE_CHUNKS chunks (default 100,000) in one store, loaded straight
 *    through the repository and the vector index: BENCH_KNOWLEDGE_QUERIES hybrid searches
 *    (default 200, maxNumResults 10), and the vector and full-text parts alone;
 * 3. recall@10 of the vector index against an exact cosine scan of the same vectors.
 */
const DOCS = Number(process.env.BENCH_KNOWLEDGE_DOCS ?? 200);
const CHUNKS = Number(process.env.BENCH_KNOWLEDGE_CHUNKS ?? 100_000);
const QUERIES = Number(process.env.BENCH_KNOWLEDGE_QUERIES ?? 200);
/** Chunks per file (and per load transaction) of the search set. */
const CHUNKS_PER_FILE = 1000;
/** Words per chunk of the search set: ~650 characters, shorter than auto's 800 tokens to load fast. */
const WORDS_PER_CHUNK = 100;
const PROJECT = "prj_bench";
const CANDIDATES = 50; // what searchStores asks each retriever for

const TARGET_SEARCH_P50_MS = 20;
const TARGET_RECALL = 0.95;

const TOPICS = [
  "delivery courier parcel tracking address shipment warehouse dispatch",
  "refund payment card invoice receipt chargeback currency billing",
  "bicycle frame brakes gears tyre saddle chain wheel",
  "password login account email verification token session reset",
  "warranty repair serial service technician diagnosis replacement defect",
  "subscription plan upgrade cancel renewal trial discount tier",
  "printer cartridge paper jam driver toner scanner tray",
  "restaurant booking table menu dinner reservation allergy chef",
  "battery charger voltage cell capacity motor controller firmware",
  "insurance policy claim premium coverage deductible accident broker",
  "hotel room checkin checkout breakfast luggage reception suite",
  "mortgage loan interest rate deposit collateral lender repayment",
  "доставка курьер адрес посылка трек склад отправка получатель",
  "возврат оплата карта счёт чек деньги списание банк",
  "ремонт гарантия сервис мастер диагностика замена поломка запчасть",
  "vaccine clinic appointment doctor prescription pharmacy symptom dosage",
];
const COMMON = (
  "the a customer order team we you it is are was can will should must may our their this that " +
  "with for from into after before during within about between each every new old first last next " +
  "please note make sure check contact support request confirm provide update receive send keep " +
  "business day week month year hour minute time number date status case question answer issue " +
  "available required standard additional following current previous possible usually always " +
  "never often also only still again already today tomorrow yesterday early late quickly directly " +
  "price cost fee free total amount limit option process policy rule step guide section detail"
).split(" ");

type Next = () => number;
const pick = <T>(next: Next, items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
const topicWords = (next: Next) => pick(next, TOPICS).split(" ");

/** A sentence of common words, the topic's words and now and then a number or a code. */
function sentence(next: Next, topic: string[]): string {
  const words: string[] = [];
  const length = 8 + Math.floor(next() * 12);
  for (let i = 0; i < length; i++) {
    const roll = next();
    if (roll < 0.3) words.push(pick(next, topic));
    else if (roll < 0.93) words.push(pick(next, COMMON));
    else if (roll < 0.97) words.push(String(Math.floor(next() * 10_000)));
    else words.push(`${pick(next, ["SKU", "ORD", "INV"])}-${Math.floor(next() * 100_000)}`);
  }
  const text = words.join(" ");
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

/** A Markdown document of 2–5 KB on one or two topics, in sections of paragraphs. */
function documentText(next: Next): string {
  const topics = [topicWords(next), topicWords(next)];
  const size = 2048 + Math.floor(next() * 3072);
  let text = `# ${pick(next, topics[0]!)} ${pick(next, COMMON)}\n\n`;
  while (Buffer.byteLength(text) < size) {
    const topic = pick(next, topics);
    if (next() < 0.15) text += `## ${pick(next, topic)} ${pick(next, topic)}\n\n`;
    const sentences = 2 + Math.floor(next() * 4);
    text += `${Array.from({ length: sentences }, () => sentence(next, topic)).join(" ")}\n\n`;
  }
  return text;
}

/** A chunk of about WORDS_PER_CHUNK words on one topic (sometimes two). */
function chunkText(next: Next): string {
  const topics = next() < 0.3 ? [topicWords(next), topicWords(next)] : [topicWords(next)];
  const parts: string[] = [];
  let words = 0;
  while (words < WORDS_PER_CHUNK) {
    const s = sentence(next, pick(next, topics));
    words += s.split(" ").length;
    parts.push(s);
  }
  return parts.join(" ");
}

/** A search query: a few topic words, maybe a common word, a question word or a number. */
function query(next: Next): string {
  const topic = topicWords(next);
  const words = Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(next, topic));
  if (next() < 0.5) words.push(pick(next, COMMON));
  if (next() < 0.3) words.unshift(pick(next, ["how", "what", "when", "why", "where is", "can I"]));
  if (next() < 0.1) words.push(String(Math.floor(next() * 10_000)));
  return words.join(" ");
}

function latencyLine(label: string, values: number[], target = "") {
  const f = (p: number) => percentile(values, p).toFixed(2).padStart(8);
  console.log(`  ${label.padEnd(40)} ${f(50)} ${f(95)} ${f(99)} ${f(100)}${target ? `   ${target}` : ""}`);
}

const met = (ok: boolean) => (ok ? "met" : "NOT MET");

/** Top-k ids by exact cosine over unit vectors laid out in one array. */
function exactTopK(all: Float32Array, ids: number[], dims: number, q: Float32Array, k: number) {
  const best: Array<{ id: number; score: number }> = [];
  for (let row = 0; row < ids.length; row++) {
    let score = 0;
    const base = row * dims;
    for (let i = 0; i < dims; i++) score += all[base + i]! * q[i]!;
    if (best.length === k && score <= best[k - 1]!.score) continue;
    let at = best.length;
    while (at > 0 && best[at - 1]!.score < score) at--;
    best.splice(at, 0, { id: ids[row]!, score });
    if (best.length > k) best.pop();
  }
  return best;
}

export async function benchKnowledge(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "parley-bench-knowledge-"));
  const storage = openStorage({ sqlitePath: join(dir, "parley.db") });
  const totalStart = performance.now();
  try {
    await migrateToLatest(storage);
    const repos = createRepos(storage.db);
    const at = new Date().toISOString();
    await repos.organizations.insert({ id: "org_bench", name: "Bench", created_at: at });
    await repos.projects.insert({
      id: PROJECT,
      organization_id: "org_bench",
      name: "Bench",
      avatar_url: null,
      created_at: at,
    });
    const clock = { now: () => new Date() };
    const embedder = createLexicalEmbedder();
    const vectors = await detectStoreVectorIndex(storage.db, storage.dialect);
    const knowledge = new KnowledgeService({
      repos,
      transactor: new Transactor({ repos, jobs: new JobQueue({ clock, newId }), listeners: [] }),
      files: new FileStore(join(dir, "files"), 50_000_000),
      vectors,
      embedder,
      clock,
      newId,
    });

    // 1. Ingestion, as the worker runs it with concurrency 1.
    const next = benchmarkRandom(42);
    const texts = Array.from({ length: DOCS }, () => documentText(next));
    const docBytes = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
    let started = performance.now();
    const ingestStore = await knowledge.createStore(PROJECT, { name: "ingest" });
    const fileIds: string[] = [];
    for (const [i, text] of texts.entries()) {
      const file = await knowledge.createFile(PROJECT, {
        filename: `doc-${i}.md`,
        purpose: "assistants",
        content: Readable.from([Buffer.from(text)]),
      });
      await knowledge.addStoreFile(PROJECT, ingestStore.id, { fileId: file.id });
      fileIds.push(file.id);
    }
    const uploadSeconds = (performance.now() - started) / 1000;
    const perDoc: number[] = [];
    started = performance.now();
    for (const fileId of fileIds) {
      const t = performance.now();
      await knowledge.ingest(ingestStore.id, fileId, 1);
      perDoc.push(performance.now() - t);
    }
    const ingestSeconds = (performance.now() - started) / 1000;
    const ingested = await knowledge.getStore(PROJECT, ingestStore.id);
    const ingestChunks = (await repos.knowledge.chunkIds(ingestStore.id)).length;

    // 2. A store of CHUNKS chunks, loaded through the repository and the index in batches.
    started = performance.now();
    await vectors.prepare(embedder);
    const store = await knowledge.createStore(PROJECT, { name: "search" });
    const chunkNext = benchmarkRandom(7);
    let embedMs = 0;
    for (let file = 0; file * CHUNKS_PER_FILE < CHUNKS; file++) {
      const count = Math.min(CHUNKS_PER_FILE, CHUNKS - file * CHUNKS_PER_FILE);
      const contents = Array.from({ length: count }, () => chunkText(chunkNext));
      const t = performance.now();
      const units = (await embedder.embed(contents)).map((vector) => normalize(vector));
      embedMs += performance.now() - t;
      const fileId = `file_bench_${file}`;
      const now = new Date().toISOString();
      await repos.transaction(async (trx) => {
        await trx.knowledge.insertFile({
          id: fileId,
          project_id: PROJECT,
          filename: `${fileId}.txt`,
          purpose: "assistants",
          bytes: contents.reduce((sum, text) => sum + text.length, 0),
          path: `${PROJECT}/${fileId}`,
          created_at: now,
        });
        await trx.knowledge.upsertStoreFile({
          vector_store_id: store.id,
          file_id: fileId,
          project_id: PROJECT,
          status: "processed",
          last_error: null,
          attributes: JSON.stringify({ part: file }),
          chunking_strategy: JSON.stringify({ type: "auto" }),
          usage_bytes: 0,
          batch_id: null,
          created_at: now,
          updated_at: now,
        });
        const ids = await trx.knowledge.replaceChunks(
          store.id,
          fileId,
          contents.map((content, index) => ({
            project_id: PROJECT,
            vector_store_id: store.id,
            file_id: fileId,
            chunk_index: index,
            content,
            tokens: Math.ceil(content.length / 4),
            embedder_id: embedder.id,
            vector: toBytes(units[index]!),
            created_at: now,
          })),
        );
        await vectors.add(
          trx.knowledge.connection,
          embedder,
          ids.map((id, index) => ({ id, scope: { storeId: store.id }, vector: units[index]! })),
        );
      });
    }
    const loadSeconds = (performance.now() - started) / 1000;
    // What every process start pays on first ingest or search (the backfill finds nothing to do).
    started = performance.now();
    await vectors.prepare(embedder);
    const preparedMs = performance.now() - started;

    // Searches: hybrid, then each retriever alone, on the same queries.
    const queryNext = benchmarkRandom(99);
    const queries = Array.from({ length: QUERIES }, () => query(queryNext));
    const wordsOf = (q: string) =>
      q
        .split(/[^\p{L}\p{N}]+/u)
        .filter((word) => word.length > 1)
        .slice(0, 32);
    for (const q of queries.slice(0, 10))
      await knowledge.searchStores([store.id], [q], { maxNumResults: 10 });
    const hybrid: number[] = [];
    let hitCount = 0;
    for (const q of queries) {
      const t = performance.now();
      const hits = await knowledge.searchStores([store.id], [q], { maxNumResults: 10 });
      hybrid.push(performance.now() - t);
      hitCount += hits.length;
    }
    const publicSearch: number[] = [];
    for (const q of queries) {
      const t = performance.now();
      await knowledge.search(PROJECT, store.id, { query: q, maxNumResults: 10 });
      publicSearch.push(performance.now() - t);
    }
    const queryUnits: Float32Array[] = [];
    const embedOnly: number[] = [];
    for (const q of queries) {
      const t = performance.now();
      const [vector] = await embedder.embed([q]);
      queryUnits.push(normalize(vector!));
      embedOnly.push(performance.now() - t);
    }
    const vector10: number[] = [];
    const vector50: number[] = [];
    const indexTop: StoreChunkHit[][] = [];
    for (const unit of queryUnits) {
      let t = performance.now();
      indexTop.push(await vectors.nearest({ embedder, storeIds: [store.id], limit: 10 }, unit));
      vector10.push(performance.now() - t);
      t = performance.now();
      await vectors.nearest({ embedder, storeIds: [store.id], limit: CANDIDATES }, unit);
      vector50.push(performance.now() - t);
    }
    const fullText: number[] = [];
    let ftsCount = 0;
    let ftsMatched = 0;
    for (const q of queries) {
      const t = performance.now();
      ftsCount += (await repos.knowledge.fullText([store.id], wordsOf(q), CANDIDATES)).length;
      fullText.push(performance.now() - t);
      // Rows FTS5 has to rank before the limit (the repository's OR of the words).
      const match = wordsOf(q)
        .map((word) => `"${word}"`)
        .join(" OR ");
      const counted = await sql<{ n: number }>`select count(*) as n from knowledge_chunks_fts
        where knowledge_chunks_fts match ${match}`.execute(storage.db);
      ftsMatched += Number(counted.rows[0]?.n ?? 0);
    }
    // The small store of part 1, searched while the big store shares the database.
    const smallStore: number[] = [];
    for (const q of queries) {
      const t = performance.now();
      await knowledge.searchStores([ingestStore.id], [q], { maxNumResults: 10 });
      smallStore.push(performance.now() - t);
    }

    // 3. recall@10 of the index against an exact cosine scan over every stored vector.
    started = performance.now();
    const rows = await storage.db
      .selectFrom("knowledge_chunks")
      .select(["id", "vector"])
      .where("vector_store_id", "=", store.id)
      .orderBy("id")
      .execute();
    const dims = embedder.dimensions;
    const all = new Float32Array(rows.length * dims);
    const ids = rows.map((row, i) => {
      all.set(fromBytes(row.vector), i * dims);
      return Number(row.id);
    });
    let strict = 0;
    let tieAware = 0;
    let maxScoreDiff = 0;
    let storedVsIndex = 0;
    const byId = new Map(ids.map((id, i) => [id, i]));
    for (const [qi, unit] of queryUnits.entries()) {
      const exact = exactTopK(all, ids, dims, unit, 10);
      const exactIds = new Set(exact.map((hit) => hit.id));
      const tenth = exact.at(-1)?.score ?? Number.NEGATIVE_INFINITY;
      for (const hit of indexTop[qi]!) {
        if (exactIds.has(hit.chunkId)) strict++;
        const row = byId.get(hit.chunkId);
        const trueScore =
          row === undefined
            ? Number.NEGATIVE_INFINITY
            : dot(unit, all.subarray(row * dims, (row + 1) * dims));
        if (trueScore >= tenth - 1e-6) tieAware++;
        maxScoreDiff = Math.max(maxScoreDiff, Math.abs(trueScore - hit.score));
      }
      storedVsIndex += indexTop[qi]!.length;
    }
    const exactSeconds = (performance.now() - started) / 1000;
    const recall = strict / (10 * queryUnits.length);
    const recallTies = tieAware / (10 * queryUnits.length);

    const p50 = percentile(hybrid, 50);
    console.log(
      `\nknowledge: SQLite, in process, lexical embedder (${embedder.dimensions} dims), vector backend ${vectors.backend}`,
    );
    console.log(
      `ingestion: ${DOCS} Markdown documents, ${(docBytes / 1024).toFixed(0)} KB in all ` +
        `(${(docBytes / DOCS / 1024).toFixed(1)} KB avg), auto chunking, ingest() one file after another (worker concurrency 1)`,
    );
    console.log(
      `  upload + attach ${uploadSeconds.toFixed(2)} s; ingest ${ingestSeconds.toFixed(2)} s: ` +
        `${(DOCS / ingestSeconds).toFixed(1)} docs/s, ${(ingestChunks / ingestSeconds).toFixed(0)} chunks/s, ` +
        `${ingestChunks} chunks (${(ingestChunks / DOCS).toFixed(2)} per doc); ` +
        `per doc p50 ${percentile(perDoc, 50).toFixed(2)} ms, p99 ${percentile(perDoc, 99).toFixed(2)} ms; ` +
        `files processed ${ingested.fileCounts.processed}/${ingested.fileCounts.total}, errors ${ingested.fileCounts.error}`,
    );
    console.log(
      `search set: ${ids.length} chunks (~${WORDS_PER_CHUNK} words, ${CHUNKS_PER_FILE} per file) in one store, ` +
        `loaded in ${loadSeconds.toFixed(1)} s (${(ids.length / loadSeconds).toFixed(0)} chunks/s; lexical embedding ${(embedMs / 1000).toFixed(1)} s of it); ` +
        `vectors.prepare() on the loaded set ${preparedMs.toFixed(0)} ms`,
    );
    console.log(`${QUERIES} queries, e.g. ${JSON.stringify(queries.slice(0, 3))}`);
    console.log(`  latency ms                                   p50      p95      p99      max`);
    latencyLine(
      "searchStores (hybrid, 10 results)",
      hybrid,
      `target p50 ≤ ${TARGET_SEARCH_P50_MS} ms: ${met(p50 <= TARGET_SEARCH_P50_MS)}`,
    );
    latencyLine("search() (+ last_active_at write)", publicSearch);
    latencyLine("  embed query", embedOnly);
    latencyLine(`  vectors.nearest k=10`, vector10);
    latencyLine(`  vectors.nearest k=${CANDIDATES} (as searchStores)`, vector50);
    latencyLine(`  fullText limit ${CANDIDATES} (as searchStores)`, fullText);
    latencyLine(`searchStores, ${ingestChunks}-chunk store of part 1`, smallStore);
    console.log(
      `  avg results: hybrid ${(hitCount / QUERIES).toFixed(1)}, full text ${(ftsCount / QUERIES).toFixed(1)}; ` +
        `avg FTS rows matching a query's words (all stores, ranked before the limit) ${(ftsMatched / QUERIES).toFixed(0)}`,
    );
    console.log(
      `recall@10 (${vectors.backend} vs exact cosine over all ${ids.length} vectors, ${queryUnits.length} queries): ` +
        `${recall.toFixed(4)} by id, ${recallTies.toFixed(4)} counting ties at the 10th score; ` +
        `target ≥ ${TARGET_RECALL}: ${met(recall >= TARGET_RECALL)}; ` +
        `max |index score − exact score| ${maxScoreDiff.toExponential(2)}; ${storedVsIndex} ids returned; exact pass ${exactSeconds.toFixed(1)} s`,
    );
    console.log(
      `peak RSS (VmHWM) ${rssMb(process.pid, "VmHWM").toFixed(0)} MB; suite ${((performance.now() - totalStart) / 1000).toFixed(0)} s`,
    );
  } finally {
    await storage.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchKnowledge();
