import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { postgresAvailable } from "../test/helpers/postgres.js";
import { seededRandom } from "../test/helpers/seeded-random.js";
import { createTestApp, type TestApp } from "../test/helpers/test-app.js";
import { addJson, verdict } from "./report.js";
import { percentile } from "./stats.js";

/**
 * BENCH_SUITES=thread-list npm run bench (docs/performance.md, "The inbox's thread list"): the
 * inbox's `GET /v1/threads` and `GET /v1/threads/counts` through the whole app (routing, auth,
 * validation, the query, the page's persons, labels and last messages, serialization) on a
 * project of BENCH_THREAD_LIST_THREADS conversations (default 100,000), on SQLite (a file) and on
 * PostgreSQL (a schema of its own; skipped when it does not answer). The conversations are
 * generated in bulk: four chats, 5,000 people, one message each, statuses as a support team's
 * inbox holds them after months (most resolved), 60 % assigned among ten operators, eight labels
 * of which each conversation has none to two. Each query BENCH_THREAD_LIST_RUNS times (default
 * 50) after 5 to warm up; p50 and p90 in milliseconds. Goal: p50 under 50 ms.
 */
const THREADS = Number(process.env.BENCH_THREAD_LIST_THREADS ?? 100_000);
const RUNS = Number(process.env.BENCH_THREAD_LIST_RUNS ?? 50);
const WARMUP = 5;
const GOAL_P50_MS = 50;
const CHUNK = 500;
const PERSONS = 5_000;
const OPERATORS = Array.from({ length: 10 }, (_, i) => `op_bench_${i}`);
const LABELS = ["vip", "billing", "bug", "refund", "delivery", "sales", "spam", "urgent"];
const START = Date.parse("2026-01-01T00:00:00Z");
const YEAR_MS = 330 * 24 * 3600 * 1000;

/** Statuses by share: a support inbox after months is mostly resolved. */
const STATUS_SHARES: Array<[string, number]> = [
  ["open", 0.15],
  ["pending", 0.08],
  ["snoozed", 0.02],
  ["resolved", 0.75],
];

interface Timing {
  query: string;
  p50: number;
  p90: number;
  rows: number;
}

export async function benchThreadList(): Promise<void> {
  console.log(`\nthread list: GET /v1/threads on ${THREADS.toLocaleString("en")} conversations`);
  const results: Record<string, Timing[]> = {};
  const dataDir = mkdtempSync(join(tmpdir(), "parley-bench-threads-"));
  try {
    results.sqlite = await measure(await createTestApp({ dataDir }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (await postgresAvailable())
    results.postgres = await measure(await createTestApp({ dialect: "postgres" }));
  else console.log("  postgres: not reachable, skipped");
  const worst = Math.max(...Object.values(results).flatMap((timings) => timings.map((t) => t.p50)));
  console.log(
    `  goal: p50 < ${GOAL_P50_MS} ms for every query — worst ${worst.toFixed(1)} ms ${verdict(worst < GOAL_P50_MS)}`,
  );
  addJson("thread_list", { threads: THREADS, runs: RUNS, goal_p50_ms: GOAL_P50_MS, results });
}

async function measure(t: TestApp): Promise<Timing[]> {
  try {
    const dialect = t.storage.dialect;
    const seeded = await seed(t);
    console.log(`  ${dialect}: seeded in ${(seeded.ms / 1000).toFixed(1)} s`);
    const op = OPERATORS[3];
    const queries = [
      "/v1/threads?status=open",
      `/v1/threads?status=open&assignee=${op}`,
      "/v1/threads?status=open&assignee=none",
      "/v1/threads?status=open&labels=vip",
      "/v1/threads?status=resolved&labels=vip,billing&labels_match=all",
      `/v1/threads?status=open,pending&labels=urgent,refund&labels_match=any&assignee=${op}`,
      "/v1/threads?status=snoozed&limit=100",
      "/v1/threads/counts",
      `/v1/threads/counts?assignee=${op}&labels=vip`,
    ];
    const second = await t.call("GET", "/v1/threads?status=open");
    const cursor = (second.json() as { next_cursor: string | null }).next_cursor;
    if (cursor) queries.push(`/v1/threads?status=open&cursor=${encodeURIComponent(cursor)}`);
    const timings: Timing[] = [];
    for (const url of queries) {
      let rows = 0;
      const samples: number[] = [];
      for (let run = 0; run < WARMUP + RUNS; run++) {
        const started = performance.now();
        const response = await t.call("GET", url);
        const elapsed = performance.now() - started;
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
        if (run >= WARMUP) samples.push(elapsed);
        const body = response.json() as { data?: unknown[] };
        rows = body.data?.length ?? Object.keys(body).length;
      }
      const timing = {
        query: url.replace(/cursor=[^&]+/, "cursor=…"),
        p50: percentile(samples, 50),
        p90: percentile(samples, 90),
        rows,
      };
      timings.push(timing);
      console.log(
        `  ${dialect.padEnd(8)} ${timing.query.padEnd(86)} p50 ${timing.p50.toFixed(1).padStart(6)} ms  p90 ${timing.p90.toFixed(1).padStart(6)} ms  (${rows} rows)`,
      );
    }
    return timings;
  } finally {
    await t.close();
  }
}

/** Bulk rows straight into the tables: the API would take hours for 100,000 conversations. */
async function seed(t: TestApp): Promise<{ ms: number }> {
  const started = performance.now();
  const random = seededRandom(31);
  const db = t.storage.db;
  const bot = (await t.call("POST", "/v1/bots", { body: { name: "Bench" } })).json() as { id: string };
  const integration = (
    await t.call("POST", "/v1/integrations", { body: { vendor: "parley", name: "bench", auth_data: {} } })
  ).json() as { id: string };
  const chats: string[] = [];
  for (let i = 0; i < 4; i++) {
    const chat = await t.call("POST", `/v1/integrations/${integration.id}/chats`, {
      body: { name: `bench ${i}`, bot_id: bot.id },
    });
    if (chat.statusCode !== 200) throw new Error(`chat: ${chat.body}`);
    chats.push((chat.json() as { id: string }).id);
  }
  const labelIds: string[] = [];
  for (const name of LABELS) {
    const label = await t.call("POST", "/v1/labels", { body: { name } });
    if (label.statusCode !== 200) throw new Error(`label: ${label.body}`);
    labelIds.push((label.json() as { id: string }).id);
  }
  const now = new Date().toISOString();
  const persons = Array.from({ length: PERSONS }, (_, i) => ({
    project_id: t.projectId,
    id: `per_bench_${i}`,
    external_id: `bench-${i}`,
    name: `Person ${i}`,
    avatar_url: null,
    channel: null,
    channel_user_id: null,
    created_at: now,
  }));
  for (let i = 0; i < persons.length; i += CHUNK) {
    await db
      .insertInto("persons")
      .values(persons.slice(i, i + CHUNK) as never)
      .execute();
  }
  for (let i = 0; i < THREADS; i += CHUNK) {
    const threads: Record<string, unknown>[] = [];
    const messages: Record<string, unknown>[] = [];
    const threadLabels: Record<string, unknown>[] = [];
    for (let j = i; j < Math.min(THREADS, i + CHUNK); j++) {
      const id = `bench-${j}`;
      const at = new Date(START + Math.floor(random() * YEAR_MS)).toISOString();
      const assigned = random() < 0.6 ? OPERATORS[Math.floor(random() * OPERATORS.length)] : null;
      const status = pickStatus(random());
      threads.push({
        project_id: t.projectId,
        id,
        chat_id: chats[j % chats.length],
        bot_id: bot.id,
        person_id: `per_bench_${j % PERSONS}`,
        mode: assigned ? "manual" : "auto",
        title: null,
        last_message_at: at,
        pending_count: status === "open" && assigned ? 1 : 0,
        assignee_id: assigned,
        assignee_name: assigned ? `Operator ${assigned.slice(-1)}` : null,
        status,
        snoozed_until: status === "snoozed" ? new Date(Date.now() + 86_400_000).toISOString() : null,
        status_changed_at: at,
        created_at: at,
        updated_at: at,
      });
      messages.push({
        id: `msg_bench_${j}`,
        project_id: t.projectId,
        thread_id: id,
        role: "user",
        author: "user",
        content: `Question number ${j} about my order`,
        created_at: at,
      });
      const labelCount = Math.floor(random() * 3);
      const chosen = new Set<number>();
      while (chosen.size < labelCount) chosen.add(Math.floor(random() * labelIds.length));
      for (const index of chosen) {
        threadLabels.push({
          label_id: labelIds[index],
          project_id: t.projectId,
          thread_id: id,
          added_by: "bench",
          created_at: at,
        });
      }
    }
    await db
      .insertInto("threads")
      .values(threads as never)
      .execute();
    await db
      .insertInto("messages")
      .values(messages as never)
      .execute();
    if (threadLabels.length > 0)
      await db
        .insertInto("thread_labels")
        .values(threadLabels as never)
        .execute();
  }
  // Fresh statistics, and on PostgreSQL the visibility map autovacuum keeps on a database that
  // grew to this size over months (without it, index-only scans read the table's pages too).
  if (t.storage.dialect === "postgres")
    await sql`vacuum analyze threads, thread_labels, messages, persons`.execute(db);
  else await sql`analyze`.execute(db);
  return { ms: performance.now() - started };
}

function pickStatus(draw: number): string {
  let sum = 0;
  for (const [status, share] of STATUS_SHARES) {
    sum += share;
    if (draw < sum) return status;
  }
  return "resolved";
}
