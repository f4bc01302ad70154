import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { startFakeOpenAI } from "../test/helpers/fake-openai-server.js";
import { cpuMs, machineBusy } from "./cpu.js";
import {
  createChat,
  describeModel,
  header,
  INSTANT_REPLY,
  load,
  parleyTurn,
  row,
  rssMb,
  SECONDS,
  startParley,
  stopProcess,
} from "./harness.js";
import { pinBenchProcess } from "./pinning.js";
import { addJson, loadGeneratorNotes, verdict } from "./report.js";
import { type RunResult, summarize, summaryJson } from "./stats.js";

/**
 * BENCH_SUITES=cluster (not run by default: it needs PostgreSQL and Redis): 16 users against one
 * API process, then split round-robin over two processes on the same database, Redis and secret
 * key, with the instant model. Nothing is pinned: the point is that two processes use both
 * cores. A fresh database `parley_bench_<random>` is created on BENCH_DATABASE_URL's server and
 * dropped at the end, also on failure; Redis (BENCH_REDIS_URL) is shared, so thread ids carry a
 * random run tag.
 */
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const USERS = 16;
// Fixed so both processes decrypt what the other stored; only ever used for a throwaway database.
const SECRET_KEY = "0123456789abcdef".repeat(4);

export async function benchCluster(): Promise<void> {
  const tag = randomBytes(4).toString("hex");
  const database = `parley_bench_${tag}`;
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${database}`;
  await adminQuery(`CREATE DATABASE ${database}`);
  // Back on all cores: earlier suites pinned the bench process away from the server core.
  pinBenchProcess(true);
  const fake = await startFakeOpenAI({ responder: () => INSTANT_REPLY, record: false });
  const children: ChildProcess[] = [];
  try {
    const env = { DATABASE_URL: databaseUrl.href, REDIS_URL, PARLEY_SECRET_KEY: SECRET_KEY };
    const first = await startParley(fake.baseUrl, env, undefined, { pin: false });
    children.push(first.child);
    const { chatId } = await createChat(first.base);
    const measure = async (label: string, bases: string[]) => {
      const pids = children.map((child) => child.pid!);
      const turn = (u: number, i: number) =>
        parleyTurn(bases[u % bases.length]!, chatId, `${tag}-${label}-u${u}`, {
          messages: [{ role: "user", content: `hello ${i}` }],
        });
      await load("warmup", 4, turn, () => 0);
      // Where the rest of the CPU went: the whole machine, and this database's PostgreSQL backends.
      const backendsBefore = await backendCpu(database);
      const busy = machineBusy();
      const result = await load(
        label,
        USERS,
        turn,
        () => pids.reduce((sum, pid) => sum + rssMb(pid, "VmRSS"), 0),
        pids,
      );
      const machine = busy();
      const backendsAfter = await backendCpu(database);
      let postgresMs = 0;
      for (const [pid, ms] of backendsAfter) postgresMs += ms - (backendsBefore.get(pid) ?? 0);
      return { result, machine, postgresMsPerTurn: postgresMs / result.turns };
    };
    const one = await measure("one", [first.base]);
    const second = await startParley(fake.baseUrl, env, undefined, { pin: false });
    children.push(second.child);
    const two = await measure("two", [first.base, second.base]);
    report(one, two, database);
  } finally {
    for (const child of children) await stopProcess(child);
    await fake.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    pinBenchProcess();
  }
}

/** CPU ms so far of each PostgreSQL backend connected to `database` (same machine only). */
async function backendCpu(database: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE datname = $1",
      [database],
    );
    const cpu = new Map<number, number>();
    for (const { pid } of rows) {
      try {
        cpu.set(pid, cpuMs(pid));
      } catch {
        // Not on this machine, or gone: left out.
      }
    }
    return cpu;
  } finally {
    await client.end();
  }
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

interface Measured {
  result: RunResult;
  machine: number;
  postgresMsPerTurn: number;
}

function report(oneRun: Measured, twoRun: Measured, database: string) {
  const [one, two] = [oneRun.result, twoRun.result];
  const ratio = summarize(two).turnsPerSecond / summarize(one).turnsPerSecond;
  console.log(
    `\nParley cluster benchmark — PostgreSQL (${database}) + Redis, ${describeModel(INSTANT_REPLY)}, ` +
      `not pinned (both processes share all cores), ${SECONDS}s per measurement, ${USERS} users\n`,
  );
  console.log(header("process"));
  console.log(row(one));
  console.log(row(two));
  for (const note of loadGeneratorNotes([one, two])) console.log(note);
  console.log("(cpu/turn: the API processes' CPU summed, per turn; rss: their RSS summed)");
  for (const run of [oneRun, twoRun]) {
    console.log(
      `${run.result.label}: machine CPU ${(run.machine * 100).toFixed(0)}% busy (all cores); ` +
        `PostgreSQL backends ${run.postgresMsPerTurn.toFixed(2)} ms CPU per turn`,
    );
  }
  console.log(`\ntwo processes / one process = ${ratio.toFixed(2)}× (goal > 1) ${verdict(ratio > 1)}`);
  addJson("cluster", {
    users: USERS,
    seconds: SECONDS,
    one: { ...summaryJson(one), machineBusy: oneRun.machine, postgresMsPerTurn: oneRun.postgresMsPerTurn },
    two: { ...summaryJson(two), machineBusy: twoRun.machine, postgresMsPerTurn: twoRun.postgresMsPerTurn },
    twoOverOne: ratio,
    pass: ratio > 1,
  });
}
