import type { ChildProcess } from "node:child_process";
import { startFakeOpenAI } from "../test/helpers/fake-openai-server.js";
import { floorTurn, startFloorProxy } from "./floor.js";
import { goalLines, turnGoals } from "./goals.js";
import {
  BASELINE_RUNTIME,
  createChat,
  describeModel,
  header,
  load,
  MODEL_MODE,
  MODEL_REPLY,
  nodeVersionOf,
  parleyTurn,
  row,
  rssMb,
  SECONDS,
  startParley,
  stopProcess,
} from "./harness.js";
import { pinBenchProcess, pinning } from "./pinning.js";
import { addJson, loadGeneratorNotes, writeJson } from "./report.js";
import { type RuntimePair, runtimeGoals, runtimeLines, runtimeRatios } from "./runtime-comparison.js";
import { type RunResult, summarize, summaryJson } from "./stats.js";

/**
 * npm run bench: turns through Parley's stream endpoint against a fake OpenAI-compatible
 * server, next to the same load through a bare proxy to that fake (the floor) and through a proxy
 * that calls the model with the AI SDK's streamText (the floor for any server whose model calls
 * go through the SDK, as Parley's do), in one run, all pinned to the same core. Env: BENCH_SECONDS (per measurement, default 5), BENCH_USERS
 * (default "1,16"), BENCH_MODEL (instant|paced), BENCH_PIN, BENCH_SERVER_CPU, BENCH_JSON,
 * BENCH_CPU_PROFILE, BENCH_SERVER_ENTRY, BENCH_SUITES (analytics, thread-list, cluster, paths and channel-burst only when named); BENCH_BASELINE_NODE (+ BENCH_BASELINE_DIR)
 * adds Parley and the AI SDK's floor on another Node.js runtime, measured in the same run
 * (harness.ts).
 */

const hello = (i: number) => ({ messages: [{ role: "user", content: `hello ${i}` }] });
const USER_COUNTS = (process.env.BENCH_USERS ?? "1,16").split(",").map(Number);
async function benchTurns() {
  const fake = await startFakeOpenAI({ responder: () => MODEL_REPLY, record: false });
  const started: Array<{ child: ChildProcess }> = [];
  try {
    const start = async <T extends { child: ChildProcess }>(target: Promise<T>): Promise<T> => {
      const running = await target;
      started.push(running);
      return running;
    };
    const parley = await start(startParley(fake.baseUrl));
    const floor = await start(startFloorProxy(fake.baseUrl));
    const sdk = await start(startFloorProxy(fake.baseUrl, "sdk-proxy.mjs"));
    const baseline = BASELINE_RUNTIME && {
      parley: await start(startParley(fake.baseUrl, {}, undefined, { runtime: BASELINE_RUNTIME })),
      sdk: await start(startFloorProxy(fake.baseUrl, "sdk-proxy.mjs", BASELINE_RUNTIME.node)),
      version: nodeVersionOf(BASELINE_RUNTIME.node),
    };
    const { chatId } = await createChat(parley.base);
    const baselineChat = baseline && (await createChat(baseline.parley.base));
    const pid = (target: { child: ChildProcess }) => target.child.pid!;

    // Warm every path (JIT, connection pools, SQLite pages).
    const warm = (turn: (u: number, i: number) => Promise<{ ttft: number | null; total: number }>) =>
      load("warmup", 4, turn, () => 0);
    await warm((u, i) => parleyTurn(parley.base, chatId, `warm-u${u}`, hello(i)));
    await warm((_u, i) => floorTurn(floor.base, i));
    await warm((_u, i) => floorTurn(sdk.base, i));
    if (baseline && baselineChat) {
      await warm((u, i) => parleyTurn(baseline.parley.base, baselineChat.chatId, `warm-u${u}`, hello(i)));
      await warm((_u, i) => floorTurn(baseline.sdk.base, i));
    }

    const measure = (label: string, users: number, target: { child: ChildProcess }, turn: TurnOf) =>
      load(label, users, turn, () => rssMb(pid(target), "VmRSS"), [pid(target)]);
    const results: TurnResults = [];
    const pairs: RuntimePair[] = [];
    for (const users of USER_COUNTS) {
      const f = await measure("floor", users, floor, (_u, i) => floorTurn(floor.base, i));
      const k = await measure("ai sdk", users, sdk, (_u, i) => floorTurn(sdk.base, i));
      const p = await measure("parley", users, parley, (u, i) =>
        parleyTurn(parley.base, chatId, `run${users}-u${u}`, hello(i)),
      );
      results.push({ floor: f, sdk: k, parley: p });
      if (baseline && baselineChat) {
        const major = baseline.version.split(".")[0];
        const bk = await measure(`ai sdk ${major}`, users, baseline.sdk, (_u, i) =>
          floorTurn(baseline.sdk.base, i),
        );
        const bp = await measure(`parley ${major}`, users, baseline.parley, (u, i) =>
          parleyTurn(baseline.parley.base, baselineChat.chatId, `run${users}-u${u}`, hello(i)),
        );
        pairs.push({ users, sdk: k, parley: p, baselineSdk: bk, baselineParley: bp });
      }
    }
    const peakRssMb = rssMb(pid(parley), "VmHWM");
    report(results, peakRssMb, rssMb(pid(floor), "VmHWM"));
    if (baseline) {
      const versions = { current: process.version, baseline: baseline.version };
      const peaks = { current: peakRssMb, baseline: rssMb(pid(baseline.parley), "VmHWM") };
      console.log(`\n${header("baseline")}`);
      for (const pair of pairs) {
        console.log(row(pair.baselineSdk));
        console.log(row(pair.baselineParley));
      }
      for (const line of runtimeLines(pairs, versions, peaks)) console.log(line);
      const goals = runtimeGoals(pairs);
      for (const line of goalLines(goals)) console.log(line);
      addJson("runtimes", {
        versions,
        peakRssMb: peaks,
        measurements: pairs.map((pair) => ({
          users: pair.users,
          baselineSdk: summaryJson(pair.baselineSdk),
          baselineParley: summaryJson(pair.baselineParley),
        })),
        ratios: runtimeRatios(pairs),
        goals,
      });
    }
  } finally {
    for (const { child } of started) await stopProcess(child);
    await fake.close();
  }
}

type TurnOf = (user: number, i: number) => Promise<{ ttft: number | null; total: number }>;

/** Per user count: the bare floor, the floor through the AI SDK, and Parley. */
type TurnResults = Array<{ floor: RunResult; sdk: RunResult; parley: RunResult }>;

function report(results: TurnResults, peakRssMb: number, floorPeak: number) {
  console.log(
    `\nParley turn benchmark — ${describeModel(MODEL_REPLY)}, ${pinning.note}, ` +
      `${SECONDS}s per measurement, users ${USER_COUNTS.join(",")}, SQLite, Node.js ${process.version}\n`,
  );
  console.log(header("target"));
  for (const { floor, sdk, parley } of results) {
    console.log(row(floor));
    console.log(row(sdk));
    console.log(row(parley));
  }
  for (const note of loadGeneratorNotes(results.flatMap((r) => [r.floor, r.sdk, r.parley])))
    console.log(note);
  console.log("\nratios (parley vs floor)");
  const ratios = results.map(({ floor, sdk, parley }) => {
    const f = summarize(floor);
    const k = summarize(sdk);
    const p = summarize(parley);
    return {
      users: floor.users,
      sdkCpuMsPerTurn: k.cpuMsPerTurn,
      ownCpuMsPerTurn: p.cpuMsPerTurn - k.cpuMsPerTurn,
      throughputShare: p.turnsPerSecond / f.turnsPerSecond,
      cpuPerTurnRatio: p.cpuMsPerTurn / f.cpuMsPerTurn,
      addedTtftP50Ms: p.ttftP50 - f.ttftP50,
      addedTotalP50Ms: p.totalP50 - f.totalP50,
    };
  });
  for (const r of ratios) {
    console.log(
      `  ${String(r.users).padStart(2)} users: turns/s ${r.throughputShare.toFixed(3)}× floor, ` +
        `CPU/turn ${r.cpuPerTurnRatio.toFixed(1)}× floor, added ttft p50 ${r.addedTtftP50Ms.toFixed(2)} ms, ` +
        `added total p50 ${r.addedTotalP50Ms.toFixed(2)} ms`,
    );
  }
  console.log("\nwhere a turn's CPU goes (parley vs the floor through the AI SDK)");
  for (const r of ratios) {
    console.log(
      `  ${String(r.users).padStart(2)} users: the AI SDK's floor ${r.sdkCpuMsPerTurn.toFixed(2)} ms, ` +
        `Parley's own work beyond it ${r.ownCpuMsPerTurn.toFixed(2)} ms`,
    );
  }
  console.log(
    `\nParley peak RSS (VmHWM) ${peakRssMb.toFixed(0)} MB; floor proxy ${floorPeak.toFixed(0)} MB; ` +
      `bench process ${rssMb(process.pid, "VmHWM").toFixed(0)} MB`,
  );
  const goals = turnGoals(results, peakRssMb);
  console.log("\ngoals (docs/performance.md)");
  for (const line of goalLines(goals)) console.log(line);
  addJson("turns", {
    model: { mode: MODEL_MODE, delayMs: MODEL_REPLY.delayMs, chunkDelayMs: MODEL_REPLY.chunkDelayMs },
    pinning,
    seconds: SECONDS,
    users: USER_COUNTS,
    measurements: results.map(({ floor, sdk, parley }) => ({
      floor: summaryJson(floor),
      sdk: summaryJson(sdk),
      parley: summaryJson(parley),
    })),
    ratios,
    peakRssMb,
    floorPeakRssMb: floorPeak,
    goals,
  });
}

async function all() {
  const suites = (process.env.BENCH_SUITES ?? "turns,webhooks,recall,channels,knowledge").split(",");
  // The bench process keeps off the server core for every suite; the cluster suite undoes this.
  pinBenchProcess();
  if (suites.includes("turns")) await benchTurns();
  if (suites.includes("webhooks")) await (await import("./webhooks.js")).benchWebhooks();
  if (suites.includes("recall")) {
    await (await import("./recall-turns.js")).benchRecallTurns();
    await (await import("./recall.js")).benchRecall();
  }
  if (suites.includes("channels")) await (await import("./channels.js")).benchChannels();
  if (suites.includes("channel-burst")) await (await import("./channel-burst.js")).benchChannelBurst();
  if (suites.includes("knowledge")) await (await import("./knowledge.js")).benchKnowledge();
  if (suites.includes("cluster")) await (await import("./cluster.js")).benchCluster();
  if (suites.includes("paths")) await (await import("./paths.js")).benchPaths();
  if (suites.includes("analytics")) await (await import("./analytics/analytics.js")).benchAnalytics();
  if (suites.includes("thread-list")) await (await import("./thread-list.js")).benchThreadList();
  writeJson();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  all().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
