import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFakeOpenAI } from "../test/helpers/fake-openai-server.js";
import { readSse } from "./sse-reader.js";
import { type RunResult, summarize } from "./stats.js";

/**
 * npm run bench: turns through Parley's stream endpoint against a fake OpenAI-compatible
 * server, next to the same load sent straight to the fake server (the floor), in one run.
 * Env: BENCH_SECONDS (per measurement, default 5), BENCH_USERS (default "1,16").
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const USER_COUNTS = (process.env.BENCH_USERS ?? "1,16").split(",").map(Number);
export const KEY = "prl_bench_bootstrap_key_0123456789abcdef";
const MODEL_REPLY = {
  chunks: Array.from({ length: 12 }, (_, i) => `token${i} `),
  delayMs: 20,
  chunkDelayMs: 4,
};

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export function rssMb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return kb / 1024;
}

export async function startParley(
  fakeBaseUrl: string,
  extraEnv: Record<string, string> = {},
  dataDir = mkdtempSync(join(tmpdir(), "parley-bench-")),
): Promise<{ child: ChildProcess; base: string; dataDir: string }> {
  const port = await freePort();
  const profile = process.env.BENCH_CPU_PROFILE
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
    : [];
  const child = spawn(process.execPath, [...profile, "--import", "tsx", "src/server.ts"], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      PARLEY_BOOTSTRAP_API_KEY: KEY,
      PARLEY_RATE_LIMIT_PER_KEY: "100000000",
      PARLEY_RATE_LIMIT_PER_PROJECT: "100000000",
      OPENAI_API_KEY: "sk-bench",
      OPENAI_BASE_URL: fakeBaseUrl,
      ...extraEnv,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if ((await fetch(`${base}/readyz`).catch(() => null))?.ok) return { child, base, dataDir };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("Parley did not start");
}

export async function api(base: string, path: string, body: unknown) {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<{ id: string }>;
}

/** Runs `users` loops of back-to-back turns for SECONDS and records latencies (ms). */
export async function load(
  label: string,
  users: number,
  turn: (user: number, i: number) => Promise<{ ttft: number | null; total: number }>,
  memoryOf: () => number,
): Promise<RunResult> {
  const result: RunResult = {
    label,
    users,
    turns: 0,
    errors: 0,
    seconds: SECONDS,
    ttft: [],
    total: [],
    peakRssMb: 0,
  };
  const sampler = setInterval(() => {
    result.peakRssMb = Math.max(result.peakRssMb, memoryOf());
  }, 50);
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: users }, async (_, user) => {
      for (let i = 0; performance.now() < deadline; i++) {
        try {
          const { ttft, total } = await turn(user, i);
          if (ttft === null) throw new Error("no text");
          result.turns += 1;
          result.ttft.push(ttft);
          result.total.push(total);
        } catch {
          result.errors += 1;
        }
      }
    }),
  );
  result.seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  result.peakRssMb = Math.max(result.peakRssMb, memoryOf());
  return result;
}

export function row(r: RunResult) {
  const s = summarize(r);
  return [
    r.label.padEnd(8),
    String(r.users).padStart(5),
    s.turnsPerSecond.toFixed(1).padStart(9),
    s.ttftP50.toFixed(2).padStart(9),
    s.ttftP99.toFixed(2).padStart(9),
    s.totalP50.toFixed(2).padStart(9),
    s.totalP99.toFixed(2).padStart(9),
    String(r.errors).padStart(6),
    r.peakRssMb.toFixed(0).padStart(8),
  ].join(" ");
}

async function main() {
  const fake = await startFakeOpenAI({ responder: () => MODEL_REPLY });
  const { child, base } = await startParley(fake.baseUrl);
  const bot = await api(base, "/v1/bots", { name: "Bench" });
  const integration = await api(base, "/v1/integrations", { name: "Bench", vendor: "parley", auth_data: {} });
  const chat = await api(base, `/v1/integrations/${integration.id}/chats`, { bot_id: bot.id, name: "bench" });
  await api(base, `/v1/integrations/${integration.id}/chats/${chat.id}/status`, { status: "active" });

  const floorTurn = async () => {
    const start = performance.now();
    const response = await fetch(`${fake.baseUrl}/chat/completions`, {
      method: "POST",
      headers: { authorization: "Bearer sk-bench", "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-5", stream: true, messages: [{ role: "user", content: "hello" }] }),
    });
    const first = await readSse(response, (data) => data.includes('"content":"token'));
    return { ttft: first === null ? null : first - start, total: performance.now() - start };
  };
  const parleyTurn = async (user: number, i: number, run: string) => {
    const start = performance.now();
    const response = await fetch(`${base}/v1/chats/${chat.id}/threads/${run}-u${user}/stream`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ messages: [{ role: "user", content: `hello ${i}` }] }),
    });
    if (!response.ok) throw new Error(String(response.status));
    const first = await readSse(response, (data) => data.startsWith('{"type":"text-delta"'));
    return { ttft: first === null ? null : first - start, total: performance.now() - start };
  };

  // Warm both paths (JIT, connection pools, SQLite pages).
  await load(
    "warmup",
    4,
    (u, i) => parleyTurn(u, i, "warm"),
    () => 0,
  );
  await load("warmup", 4, floorTurn, () => 0);

  const results: Array<{ floor: RunResult; parley: RunResult }> = [];
  for (const users of USER_COUNTS) {
    const floor = await load("floor", users, floorTurn, () => rssMb(process.pid, "VmRSS"));
    const parley = await load(
      "parley",
      users,
      (u, i) => parleyTurn(u, i, `run${users}`),
      () => rssMb(child.pid!, "VmRSS"),
    );
    results.push({ floor, parley });
  }

  console.log(
    `\nParley turn benchmark — ${SECONDS}s per measurement, SQLite, fake model: ` +
      `${MODEL_REPLY.delayMs} ms to first token, ${MODEL_REPLY.chunks.length} chunks ${MODEL_REPLY.chunkDelayMs} ms apart\n`,
  );
  console.log("target    users  turns/s  ttft p50  ttft p99 total p50 total p99 errors  rss MB");
  for (const { floor, parley } of results) {
    console.log(row(floor));
    console.log(row(parley));
  }
  console.log("\nratios (parley vs floor)");
  for (const { floor, parley } of results) {
    const f = summarize(floor);
    const p = summarize(parley);
    const throughput = p.turnsPerSecond / f.turnsPerSecond;
    const addedTtft = p.ttftP50 - f.ttftP50;
    console.log(
      `  ${String(floor.users).padStart(2)} users: throughput ${(throughput * 100).toFixed(1)}% of floor` +
        ` (target ≥ 50% at 16)` +
        `, added ttft p50 ${addedTtft.toFixed(2)} ms (target ≤ 3 ms at 1)` +
        `, added total p50 ${(p.totalP50 - f.totalP50).toFixed(2)} ms`,
    );
  }
  console.log(
    `\nParley peak RSS (VmHWM) ${rssMb(child.pid!, "VmHWM").toFixed(0)} MB; bench process ${rssMb(process.pid, "VmHWM").toFixed(0)} MB`,
  );
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
  await fake.close();
}

async function all() {
  const suites = (process.env.BENCH_SUITES ?? "turns,webhooks,recall").split(",");
  if (suites.includes("turns")) await main();
  if (suites.includes("webhooks")) await (await import("./webhooks.js")).benchWebhooks();
  if (suites.includes("recall")) {
    await (await import("./recall-turns.js")).benchRecallTurns();
    await (await import("./recall.js")).benchRecall();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  all().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
