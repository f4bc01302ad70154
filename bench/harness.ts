import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startCommand } from "../scripts/start-command.mjs";
import { cpuMsOf } from "./cpu.js";
import { streamTurn } from "./http-turn.js";
import { benchCoreCount, pinned } from "./pinning.js";
import { type RunResult, summarize } from "./stats.js";

/** What every benchmark part shares: the server process, requests, the load loop, the table rows. */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const KEY = "prl_bench_bootstrap_key_0123456789abcdef";

/**
 * How the fake model paces its replies (BENCH_MODEL): `instant` (default) answers at once, so
 * only the server's own cost shows; `paced` waits 20 ms for the first token and 4 ms between
 * chunks, like a fast real model. Both send the same 12 chunks.
 */
export const MODEL_MODE = parseModelMode(process.env.BENCH_MODEL);
const CHUNKS = Array.from({ length: 12 }, (_, i) => `token${i} `);
export const INSTANT_REPLY = { chunks: CHUNKS, delayMs: 0, chunkDelayMs: 0 };
export const PACED_REPLY = { chunks: CHUNKS, delayMs: 20, chunkDelayMs: 4 };
export const MODEL_REPLY = MODEL_MODE === "paced" ? PACED_REPLY : INSTANT_REPLY;

function parseModelMode(value: string | undefined): "instant" | "paced" {
  if (value === undefined || value === "" || value === "instant") return "instant";
  if (value === "paced") return "paced";
  throw new Error(`BENCH_MODEL must be instant or paced, not ${value}`);
}

/** One phrase for report headers, e.g. "instant model (12 chunks, no delay)". */
export function describeModel(reply: { chunks: string[]; delayMs: number; chunkDelayMs: number }): string {
  return reply.delayMs === 0 && reply.chunkDelayMs === 0
    ? `instant model (${reply.chunks.length} chunks, no delay)`
    : `paced model (${reply.delayMs} ms to first token, ${reply.chunks.length} chunks ${reply.chunkDelayMs} ms apart)`;
}

/**
 * The node arguments that start the server, used by every suite that spawns one: what
 * `npm start` runs (scripts/start.mjs: the compiled dist/, rebuilt when src/ changed).
 * BENCH_SERVER_ENTRY="<node args>" runs `node <node args>` instead, to compare entries (e.g.
 * `--import tsx src/server.ts`); BENCH_CPU_PROFILE=<dir> adds a CPU profile (written when the
 * server exits).
 */
export function parleyServerArgs(serverDir = SERVER_DIR): string[] {
  const profile = process.env.BENCH_CPU_PROFILE
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
    : [];
  const entry = process.env.BENCH_SERVER_ENTRY
    ? process.env.BENCH_SERVER_ENTRY.split(" ").filter(Boolean)
    : startCommand(serverDir).args;
  return [...profile, ...entry];
}

/** The environment defaults of `npm start` in that checkout (e.g. MALLOC_ARENA_MAX), unless set. */
export function parleyServerEnv(serverDir = SERVER_DIR): Record<string, string> {
  return Object.fromEntries(
    Object.entries(startCommand(serverDir).env).map(([name, value]) => [name, process.env[name] ?? value]),
  );
}

/**
 * The checkout whose server is measured: this one, or BENCH_SERVER_DIR (another checkout of
 * Parley, e.g. an earlier commit in a git worktree, to measure before and after in one setting).
 */
export const SERVER_DIR = process.env.BENCH_SERVER_DIR ?? process.cwd();

/**
 * The runtime compared with this one in the same run (the turns suite): BENCH_BASELINE_NODE, a
 * `node` binary (e.g. the last Node.js line Parley ran on), serving BENCH_BASELINE_DIR, a
 * checkout whose node_modules were installed with that runtime (native modules differ). Unset:
 * no comparison.
 */
export const BASELINE_RUNTIME = process.env.BENCH_BASELINE_NODE
  ? { node: process.env.BENCH_BASELINE_NODE, serverDir: process.env.BENCH_BASELINE_DIR ?? SERVER_DIR }
  : undefined;

/** `node --version` of a binary, e.g. "v24.22.3". */
export function nodeVersionOf(node: string): string {
  return execFileSync(node, ["--version"], { encoding: "utf8" }).trim();
}

export async function freePort(): Promise<number> {
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

/**
 * Starts a Parley server process and waits for /readyz. It is pinned to the server core (see
 * pinning.ts) unless `options.pin` is false; `taskset` execs the server, so `child.pid` is the
 * server's own pid (what /proc readings need).
 */
export async function startParley(
  fakeBaseUrl: string,
  extraEnv: Record<string, string> = {},
  dataDir = mkdtempSync(join(tmpdir(), "parley-bench-")),
  options: { pin?: boolean; runtime?: { node: string; serverDir: string } } = {},
): Promise<{ child: ChildProcess; base: string; dataDir: string }> {
  // A caller that must know the port before the server starts (e.g. for PARLEY_PUBLIC_URL) passes PORT.
  const port = extraEnv.PORT ? Number(extraEnv.PORT) : await freePort();
  const node = options.runtime?.node ?? process.execPath;
  const serverDir = options.runtime?.serverDir ?? SERVER_DIR;
  const [command, args] = pinned(node, parleyServerArgs(serverDir), options.pin);
  const child = spawn(command, args, {
    cwd: serverDir,
    env: {
      ...process.env,
      ...parleyServerEnv(serverDir),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      PARLEY_BOOTSTRAP_API_KEY: KEY,
      PARLEY_RATE_LIMIT_PER_KEY: "100000000",
      PARLEY_RATE_LIMIT_PER_PROJECT: "100000000",
      OPENAI_API_KEY: "sk-bench",
      // Charges are still recorded (their cost is part of a turn's); replies never stop for credit.
      PARLEY_BILLING_ENFORCE: "false",
      OPENAI_BASE_URL: fakeBaseUrl,
      ...extraEnv,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`Parley exited while starting (${child.exitCode ?? child.signalCode})`);
    }
    if ((await fetch(`${base}/readyz`).catch(() => null))?.ok) return { child, base, dataDir };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGTERM");
  throw new Error("Parley did not start");
}

/** SIGTERM, then waits for the exit (at once if it has already exited). */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
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

/** A bot on an active web (`parley` vendor) chat, ready for turns through the stream endpoint. */
export async function createChat(base: string): Promise<{ chatId: string }> {
  const bot = await api(base, "/v1/bots", { name: "Bench" });
  const integration = await api(base, "/v1/integrations", { name: "Bench", vendor: "parley", auth_data: {} });
  const chat = await api(base, `/v1/integrations/${integration.id}/chats`, { bot_id: bot.id, name: "bench" });
  await api(base, `/v1/integrations/${integration.id}/chats/${chat.id}/status`, { status: "active" });
  return { chatId: chat.id };
}

/**
 * Runs `users` loops of back-to-back turns for SECONDS and records latencies (ms). With
 * `cpuPids`, also the CPU those processes used from right before to right after the loops
 * (`cpuMs`); and always the bench process's own CPU share of the cores it may use
 * (`benchCpuShare`), which tells when the load generator, not the server, was the limit.
 */
export async function load(
  label: string,
  users: number,
  turn: (user: number, i: number) => Promise<{ ttft: number | null; total: number }>,
  memoryOf: () => number,
  cpuPids: number[] = [],
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
  const cpuBefore = cpuMsOf(cpuPids);
  const ownBefore = process.cpuUsage();
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
  if (cpuPids.length > 0) result.cpuMs = cpuMsOf(cpuPids) - cpuBefore;
  const own = process.cpuUsage(ownBefore);
  result.benchCpuShare = (own.user + own.system) / 1000 / (result.seconds * 1000 * benchCoreCount());
  clearInterval(sampler);
  result.peakRssMb = Math.max(result.peakRssMb, memoryOf());
  return result;
}

export function header(first: string) {
  return `${first.padEnd(10)} users  turns/s  ttft p50  ttft p99 total p50 total p99 cpu/turn errors  rss MB`;
}

export function row(r: RunResult) {
  const s = summarize(r);
  return [
    r.label.padEnd(10),
    String(r.users).padStart(5),
    s.turnsPerSecond.toFixed(1).padStart(8),
    s.ttftP50.toFixed(2).padStart(9),
    s.ttftP99.toFixed(2).padStart(9),
    s.totalP50.toFixed(2).padStart(9),
    s.totalP99.toFixed(2).padStart(9),
    (Number.isNaN(s.cpuMsPerTurn) ? "-" : s.cpuMsPerTurn.toFixed(2)).padStart(8),
    String(r.errors).padStart(6),
    r.peakRssMb.toFixed(0).padStart(7),
  ].join(" ");
}

/**
 * One turn through Parley's stream endpoint (`body` is the request body, e.g. `{ messages }`);
 * TTFT = first text delta, total = end of stream.
 */
export function parleyTurn(
  base: string,
  chatId: string,
  threadId: string,
  body: unknown,
): Promise<{ ttft: number | null; total: number }> {
  return streamTurn(
    `${base}/v1/chats/${chatId}/threads/${threadId}/stream`,
    { authorization: `Bearer ${KEY}` },
    body,
    (data) => data.startsWith('{"type":"text-delta"'),
  );
}
