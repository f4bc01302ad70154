/**
 * Measures the embedded model runtime (node-llama-cpp, CPU only) the way Parley's LocalRuntime
 * loads models (src/infra/local-llm/runtime.ts): load time, prompt evaluation speed,
 * generation speed, process CPU time per generated token and peak resident memory.
 *
 * Each measurement runs in a fresh child process so memory numbers are not mixed between
 * models. The prompt is 200 token ids and exactly 64 tokens are generated through
 * `sequence.evaluate` (sampling temperature 0.7, top-k 40, top-p 0.9): no end-of-text token
 * can stop generation early.
 *
 * Usage:
 *   node --import tsx bench/local-models/measure.mts [--threads 1,2] [--runs 2] <model.gguf>...
 *   node --import tsx bench/local-models/measure.mts --child <model.gguf> <threads>   (one run, JSON)
 */
import { execFileSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";

const PROMPT_TOKENS = 200;
const GENERATED_TOKENS = 64;
const CONTEXT_SIZE = 4096;

interface Result {
  model: string;
  fileMB: number;
  threads: number;
  run: number;
  /** RSS after importing node-llama-cpp and initialising the library, before any model. */
  runtimeRssMB: number;
  loadModelS: number;
  createContextS: number;
  promptTokens: number;
  promptS: number;
  promptTokPerS: number;
  promptCpuMsPerToken: number;
  generated: number;
  genS: number;
  genTokPerS: number;
  genCpuMsPerToken: number;
  /** Largest RSS seen by sampling every 20 ms. */
  sampledPeakRssMB: number;
  /** The kernel's high-water mark of RSS (/proc/self/status VmHWM). */
  vmHwmMB: number;
  /** At the end: anonymous (heap, KV cache, compute buffers) and file-backed (mmap'd weights). */
  rssAnonMB: number;
  rssFileMB: number;
  /** 1-minute load average before and after the run: other processes compete for the CPU. */
  loadBefore: number;
  loadAfter: number;
}

function status(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of readFileSync("/proc/self/status", "utf8").split("\n")) {
    const m = /^(\w+):\s+(\d+) kB/.exec(line);
    if (m) out[m[1] as string] = Number(m[2]) / 1024;
  }
  return out;
}

const mb = (bytes: number) => bytes / 1024 / 1024;
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;

async function child(modelPath: string, threads: number): Promise<Result> {
  const loadBefore = loadavg()[0] as number;
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);

  const { getLlama, LlamaLogLevel } = await import("node-llama-cpp");
  const llama = await getLlama({
    gpu: false,
    build: "never",
    progressLogs: false,
    logLevel: LlamaLogLevel.error,
  });
  const runtimeRss = process.memoryUsage().rss;

  let t = performance.now();
  const model = await llama.loadModel({ modelPath, gpuLayers: 0 });
  const loadModelS = (performance.now() - t) / 1000;

  t = performance.now();
  const context = await model.createContext({
    contextSize: Math.min(CONTEXT_SIZE, model.trainContextSize),
    sequences: 1,
    threads,
  });
  const createContextS = (performance.now() - t) / 1000;
  const sequence = context.getSequence();

  // Deterministic "random" prompt of ordinary (filler) tokens.
  let seed = 12345;
  const nVocab = 151936; // both Qwen 2.5 shapes; ids from 300 on are filler pieces, not specials
  const prompt = Array.from({ length: PROMPT_TOKENS }, () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return 300 + (seed % (nVocab - 300));
  }) as unknown as import("node-llama-cpp").Token[];

  let cpu = process.cpuUsage();
  t = performance.now();
  await sequence.evaluateWithoutGeneratingNewTokens(prompt.slice(0, -1));
  const promptS = (performance.now() - t) / 1000;
  const promptCpu = cpuMs(process.cpuUsage(cpu));

  cpu = process.cpuUsage();
  t = performance.now();
  let generated = 0;
  for await (const _token of sequence.evaluate(prompt.slice(-1), {
    temperature: 0.7,
    topK: 40,
    topP: 0.9,
    seed: 1,
  })) {
    generated++;
    if (generated >= GENERATED_TOKENS) break;
  }
  const genS = (performance.now() - t) / 1000;
  const genCpu = cpuMs(process.cpuUsage(cpu));

  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const st = status();
  const result: Result = {
    model: modelPath.split("/").pop() as string,
    fileMB: statSync(modelPath).size / 1e6,
    threads,
    run: 0,
    runtimeRssMB: mb(runtimeRss),
    loadModelS,
    createContextS,
    promptTokens: PROMPT_TOKENS - 1,
    promptS,
    promptTokPerS: (PROMPT_TOKENS - 1) / promptS,
    promptCpuMsPerToken: promptCpu / (PROMPT_TOKENS - 1),
    generated,
    genS,
    genTokPerS: generated / genS,
    genCpuMsPerToken: genCpu / generated,
    sampledPeakRssMB: mb(peak),
    vmHwmMB: st.VmHWM ?? 0,
    rssAnonMB: st.RssAnon ?? 0,
    rssFileMB: st.RssFile ?? 0,
    loadBefore,
    loadAfter: loadavg()[0] as number,
  };
  await context.dispose();
  await model.dispose();
  await llama.dispose();
  return result;
}

function table(results: Result[]): string {
  const f = (n: number, d = 1) => n.toFixed(d);
  const rows = [
    "| model | file MB | threads | run | load s (model + context) | prompt tok/s | gen tok/s | CPU ms / gen token | CPU ms / prompt token | peak RSS MB (VmHWM) | sampled peak RSS MB | end RSS anon / file MB | runtime-only RSS MB | load avg before→after |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const r of results) {
    rows.push(
      `| ${r.model} | ${f(r.fileMB, 0)} | ${r.threads} | ${r.run} | ${f(r.loadModelS + r.createContextS, 2)} (${f(r.loadModelS, 2)} + ${f(r.createContextS, 2)}) | ${f(r.promptTokPerS)} | ${f(r.genTokPerS, 2)} | ${f(r.genCpuMsPerToken)} | ${f(r.promptCpuMsPerToken)} | ${f(r.vmHwmMB, 0)} | ${f(r.sampledPeakRssMB, 0)} | ${f(r.rssAnonMB, 0)} / ${f(r.rssFileMB, 0)} | ${f(r.runtimeRssMB, 0)} | ${f(r.loadBefore)}→${f(r.loadAfter)} |`,
    );
  }
  return rows.join("\n");
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === "--child") {
    const result = await child(args[1] as string, Number(args[2]));
    process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
    return;
  }
  let threads = [1, 2];
  let runs = 2;
  const models: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--threads") threads = (args[++i] as string).split(",").map(Number);
    else if (args[i] === "--runs") runs = Number(args[++i]);
    else models.push(args[i] as string);
  }
  if (models.length === 0) {
    console.error("usage: measure.mts [--threads 1,2] [--runs 2] <model.gguf>...");
    process.exit(2);
  }
  const self = fileURLToPath(import.meta.url);
  const results: Result[] = [];
  for (const model of models) {
    for (const t of threads) {
      for (let run = 1; run <= runs; run++) {
        const out = execFileSync(process.execPath, ["--import", "tsx", self, "--child", model, String(t)], {
          encoding: "utf8",
          stdio: ["ignore", "pipe", "inherit"],
          maxBuffer: 16 * 1024 * 1024,
        });
        const line = out.split("\n").find((l) => l.startsWith("RESULT "));
        if (!line) throw new Error(`no result from child for ${model} threads=${t}:\n${out}`);
        const result = { ...(JSON.parse(line.slice(7)) as Result), run };
        results.push(result);
        console.error(`done: ${result.model} threads=${t} run=${run}: ${result.genTokPerS.toFixed(2)} tok/s`);
        console.log(`JSON ${JSON.stringify(result)}`);
      }
    }
  }
  console.log(`\n${table(results)}`);
}

await main();
