import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { analyticsListener } from "../../src/modules/analytics/analytics-listener.js";
import { AnalyticsService } from "../../src/modules/analytics/index.js";
import { openStorage, type Storage } from "../../src/storage/database.js";
import { migrateToLatest } from "../../src/storage/migrator.js";
import { createRepos } from "../../src/storage/repos/index.js";
import { openPostgresTestStorage, postgresAvailable } from "../../test/helpers/postgres.js";
import { benchmarkRandom } from "../../test/helpers/seeded-random.js";
import { addJson, verdict } from "../report.js";
import { percentile } from "../stats.js";
import { generateWorkload } from "./workload.js";

/**
 * BENCH_SUITES=analytics npm run bench (docs/performance.md, "Analytics"): the dashboard's
 * query over a year of rollups worth BENCH_ANALYTICS_MESSAGES messages (default 1,000,000), on
 * SQLite (a file) and on PostgreSQL (PARLEY_TEST_DATABASE_URL, a schema of its own; skipped when
 * it does not answer). The rollups are what the listener's rules make of a generated year of
 * conversations (workload.ts), inserted in bulk. Then GET /v1/analytics's service for the last 30
 * and the last 365 days, in Europe/Berlin (both clock changes in the year), for the whole project
 * and for one bot: BENCH_ANALYTICS_RUNS runs each (default 50) after 5 to warm up, p50 and p90,
 * today's rows changed before each (as turns go on), so today is read again every time; and "cold",
 * by a service that has read nothing yet (5 runs, p50).
 * Last, what the listener adds to a turn: BENCH_ANALYTICS_TURNS transactions (default 300) of one
 * turn's events (a new thread, a user message, the AI's reply, its charge), ms per transaction.
 */
const MESSAGES = Number(process.env.BENCH_ANALYTICS_MESSAGES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_ANALYTICS_RUNS ?? 50);
const TURNS = Number(process.env.BENCH_ANALYTICS_TURNS ?? 300);
const WARMUP = 5;
/** Reports by a service that has read nothing yet, each. */
const COLD_RUNS = 5;
const GOAL_P50_MS = 100;
const PROJECT = "prj_bench";
const YEAR_START = Date.parse("2025-12-01T00:00:00Z");
/** The dashboard's "today": the year's last day. */
const NOW = new Date(Date.parse("2026-11-30T12:00:00Z"));
const INSERT_CHUNK = 500;

interface QueryTiming {
  range: string;
  filter: string;
  p50: number;
  p90: number;
  coldP50: number;
}

/**
 * A message of today's last hour, as a turn would add it (every level's row): between two
 * dashboard reads, today's rows change, and today is read again.
 */
async function touchToday(storage: Storage): Promise<void> {
  const hour = Math.floor(NOW.getTime() / 3_600_000);
  await storage.db
    .updateTable("analytics_hourly")
    .set((eb) => ({ user_messages: eb("user_messages", "+", 1), version: eb("version", "+", 1) }))
    .where("project_id", "=", PROJECT)
    .where("hour", "=", hour)
    .execute();
}

export async function benchAnalytics(): Promise<void> {
  const started = performance.now();
  const workload = await generateWorkload({
    projectId: PROJECT,
    messages: MESSAGES,
    start: YEAR_START,
    random: benchmarkRandom(20261121),
  });
  console.log(
    `\nAnalytics — ${workload.messages.toLocaleString("en")} messages in ${workload.conversations.toLocaleString("en")} ` +
      `conversations over 365 days: ${workload.hourly.length.toLocaleString("en")} hourly rows ` +
      `(generated in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  const results: Record<string, unknown> = {
    messages: workload.messages,
    conversations: workload.conversations,
    hourlyRows: workload.hourly.length,
  };
  const directory = mkdtempSync(join(tmpdir(), "parley-bench-analytics-"));
  try {
    const sqlite = openStorage({ sqlitePath: join(directory, "parley.db") });
    results.sqlite = await benchDialect(sqlite, workload);
    await sqlite.close();
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  if (await postgresAvailable()) {
    const postgres = await openPostgresTestStorage({ pgPoolSize: 4 });
    try {
      results.postgres = await benchDialect(postgres, workload);
    } finally {
      await postgres.close();
    }
  } else {
    console.log("  postgres: not reachable, skipped");
  }
  addJson("analytics", results);
}

async function benchDialect(storage: Storage, workload: Awaited<ReturnType<typeof generateWorkload>>) {
  await migrateToLatest(storage);
  const repos = createRepos(storage.db);
  await repos.organizations.insert({ id: "org_bench", name: "Bench", created_at: NOW.toISOString() });
  await repos.projects.insert({
    id: PROJECT,
    organization_id: "org_bench",
    name: "Bench",
    avatar_url: null,
    created_at: NOW.toISOString(),
  });
  const loadStarted = performance.now();
  await storage.db.transaction().execute(async (trx) => {
    for (let i = 0; i < workload.hourly.length; i += INSERT_CHUNK) {
      await trx
        .insertInto("analytics_hourly")
        .values(workload.hourly.slice(i, i + INSERT_CHUNK))
        .execute();
    }
  });
  await sql`analyze`.execute(storage.db);
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const stored = await sql<{
    n: number | string;
  }>`select sum(user_messages + bot_messages + operator_messages) as n
    from analytics_hourly where project_id = ${PROJECT} and bot_id = '*' and channel = '*'`.execute(
    storage.db,
  );
  console.log(
    `  ${storage.dialect}: loaded in ${loadSeconds.toFixed(1)} s; messages in the rollups: ${Number(stored.rows[0]?.n).toLocaleString("en")}`,
  );

  const service = new AnalyticsService({ repos, clock: { now: () => NOW } });
  const timings: QueryTiming[] = [];
  const bot = workload.hourly.find((row) => row.bot_id !== "*")!.bot_id;
  for (const [range, from] of [
    ["30 days", "2026-11-01"],
    ["365 days", "2025-12-01"],
  ] as const) {
    for (const [filter, botId] of [
      ["project", undefined],
      ["one bot", bot],
    ] as const) {
      const query = {
        from,
        to: "2026-11-30",
        time_zone: "Europe/Berlin",
        ...(botId ? { bot_id: botId } : {}),
      };
      // Cold: a service that has read nothing yet (every day's keyed counts read from the rows).
      const cold: number[] = [];
      for (let run = 0; run < COLD_RUNS; run++) {
        const fresh = new AnalyticsService({ repos, clock: { now: () => NOW } });
        const t0 = performance.now();
        const report = await fresh.report(PROJECT, query);
        cold.push(performance.now() - t0);
        if (report.days.length < 30) throw new Error("the report has too few days");
      }
      // Warm: the dashboard asked again, nothing changed in between but today's rows.
      const samples: number[] = [];
      for (let run = 0; run < WARMUP + RUNS; run++) {
        await touchToday(storage);
        const t0 = performance.now();
        await service.report(PROJECT, query);
        const ms = performance.now() - t0;
        if (run >= WARMUP) samples.push(ms);
      }
      const timing = {
        range,
        filter,
        p50: percentile(samples, 50),
        p90: percentile(samples, 90),
        coldP50: percentile(cold, 50),
      };
      timings.push(timing);
      console.log(
        `    ${range.padEnd(8)} ${filter.padEnd(8)} p50 ${timing.p50.toFixed(1).padStart(6)} ms  p90 ${timing.p90.toFixed(1).padStart(6)} ms  ` +
          `${verdict(timing.p50 < GOAL_P50_MS)} (p50 < ${GOAL_P50_MS} ms); cold p50 ${timing.coldP50.toFixed(1)} ms`,
      );
    }
  }
  const perTurn = await benchListener(storage);
  console.log(
    `    listener: ${perTurn.p50.toFixed(2)} ms p50, ${perTurn.p90.toFixed(2)} ms p90 per turn's transaction`,
  );
  return { loadSeconds, timings, listenerMsPerTurn: perTurn };
}

/** One turn's events through the listener, each in its own transaction, on the loaded database. */
async function benchListener(storage: Storage): Promise<{ p50: number; p90: number }> {
  const repos = createRepos(storage.db);
  const created = NOW.toISOString();
  await repos.bots.insert({
    id: "bot_bench",
    project_id: PROJECT,
    name: "Bench",
    description: null,
    status: "active",
    settings: "{}",
    created_at: created,
    updated_at: created,
  });
  await storage.db
    .insertInto("chats")
    .values({
      id: "chat_bench",
      project_id: PROJECT,
      integration_id: null,
      bot_id: "bot_bench",
      name: "bench",
      status: "active",
      settings: "{}",
      created_at: created,
      updated_at: created,
    })
    .execute();
  const listener = analyticsListener({ clock: { now: () => NOW } });
  const samples: number[] = [];
  for (let i = 0; i < TURNS; i++) {
    const threadId = `bench-${i}`;
    await repos.threads.insertIfAbsent({
      project_id: PROJECT,
      id: threadId,
      chat_id: "chat_bench",
      bot_id: "bot_bench",
      person_id: null,
      mode: "auto",
      title: null,
      last_message_at: null,
      pending_count: 0,
      working_memory: null,
      turn_lease_owner: null,
      turn_lease_until: null,
      external_conversation_id: null,
      assignee_id: null,
      assignee_name: null,
      taken_over_by: null,
      taken_over_at: null,
      reply_failure: null,
      created_at: created,
      updated_at: created,
    });
    const message = (id: string, author: "user" | "bot") => ({
      type: "thread.message.created" as const,
      threadId,
      chatId: "chat_bench",
      message: {
        id,
        role: author === "user" ? ("user" as const) : ("assistant" as const),
        author,
        content: "text",
        created_at: created,
      },
    });
    const t0 = performance.now();
    await repos.transaction((trx) =>
      listener.record(
        trx,
        PROJECT,
        [
          {
            type: "thread.created",
            thread: {
              id: threadId,
              chat_id: "chat_bench",
              bot_id: "bot_bench",
              mode: "auto",
              created_at: created,
            },
          },
          message(`u-${i}`, "user"),
          message(`b-${i}`, "bot"),
          {
            type: "thread.reply.completed",
            threadId,
            messageId: `b-${i}`,
            modelId: "m",
            usage: { inputTokens: 1, outputTokens: 1 },
          },
          { type: "billing.reply.charged", threadId, messageId: `b-${i}`, amount: 70 },
        ],
        () => undefined,
      ),
    );
    samples.push(performance.now() - t0);
  }
  return { p50: percentile(samples, 50), p90: percentile(samples, 90) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchAnalytics().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
