import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunResult, summarize } from "./stats.js";

/** What every benchmark part shares: the server process, requests, the load loop, the table rows. */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const KEY = "prl_bench_bootstrap_key_0123456789abcdef";
export const MODEL_REPLY = {
  chunks: Array.from({ length: 12 }, (_, i) => `token${i} `),
  delayMs: 20,
  chunkDelayMs: 4,
};

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

export async function startParley(
  fakeBaseUrl: string,
  extraEnv: Record<string, string> = {},
  dataDir = mkdtempSync(join(tmpdir(), "parley-bench-")),
): Promise<{ child: ChildProcess; base: string; dataDir: string }> {
  // A caller that must know the port before the server starts (e.g. for PARLEY_PUBLIC_URL) passes PORT.
  const port = extraEnv.PORT ? Number(extraEnv.PORT) : await freePort();
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
      // Charges are still recorded (their cost is part of a turn's); replies never stop for credit.
      PARLEY_BILLING_ENFORCE: "false",
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
