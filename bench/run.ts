import { startFakeOpenAI } from "../test/helpers/fake-openai-server.js";
import { floorTurn, startFloorProxy } from "./floor.js";
import { goalLines, turnGoals } from "./goals.js";
import {
  createChat,
  describeModel,
  header,
  load,
  MODEL_MODE,
  MODEL_REPLY,
  parleyTurn,
  row,
  rssMb,
  SECONDS,
  startParley,
  stopProcess,
} from "./harness.js";
import { pinBenchProcess, pinning } from "./pinning.js";
import { addJson, loadGeneratorNotes, writeJson } from "./report.js";
import { type RunResult, summarize, summaryJson } from "./stats.js";

/**
 * npm run bench: turns through Parley's stream endpoint against a fake OpenAI-compatible
 * server, next to the same load through a bare proxy to that fake (the floor) and through a proxy
 * that calls the model with the AI SDK's streamText (the floor for any server whose model calls
 * go through the SDK, as Parley's do), in one run, all pinned to the same core. Env: BENCH_SECONDS (per measurement, default 5), BENCH_USERS
 * (default "1,16"), BENCH_MODEL (instant|paced), BENCH_PIN, BENCH_SERVER_CPU, BENCH_JSON,
 * BENCH_CPU_PROFILE, BENCH_SERVER_ENTRY, BENCH_SUITES.
 */

const hello = (i: number) => ({ messages: [{ role: "user", content: `hello ${i}` }] });
const USER_COUNTS = (process.env.BENCH_USERS ?? "1,16").split(",").map(Number);
async function benchTurns() {
  const fake = await startFakeOpenAI({ responder: () => MODEL_REPLY, record: false });
  const parley = await startParley(fake.baseUrl);
  const floor = await startFloorProxy(fake.baseUrl).catch(async (error: unknown) => {
    await stopProcess(parley.child);
    throw error;
  });
  const sdk = await startFloorProxy(fake.baseUrl, "sdk-proxy.mjs").catch(async (error: unknown) => {
    await stopProcess(parley.child);
    await stopProcess(floor.child);
    throw error;
  });
  const parleyPid = parley.child.pid!;
  const floorPid = floor.child.pid!;
  const sdkPid = sdk.child.pid!;
  try {
    const { chatId } = await createChat(parley.base);

    // Warm both paths (JIT, connection pools, SQLite pages).
    await load(
      "warmup",
      4,
      (u, i) => parleyTurn(parley.base, chatId, `warm-u${u}`, hello(i)),
      () => 0,
    );
    await load(
      "warmup",
      4,
      (_u, i) => floorTurn(floor.base, i),
      () => 0,
    );
    await load(
      "warmup",
      4,
      (_u, i) => floorTurn(sdk.base, i),
      () => 0,
    );

    const results: TurnResults = [];
    for (const users of USER_COUNTS) {
      const f = await load(
        "floor",
        users,
        (_u, i) => floorTurn(floor.base, i),
        () => rssMb(floorPid, "VmRSS"),
        [floorPid],
      );
      const k = await load(
        "ai sdk",
        users,
        (_u, i) => floorTurn(sdk.base, i),
        () => rssMb(sdkPid, "VmRSS"),
        [sdkPid],
      );
      const p = await load(
        "parley",
        users,
        (u, i) => parleyTurn(parley.base, chatId, `run${users}-u${u}`, hello(i)),
        () => rssMb(parleyPid, "VmRSS"),
        [parleyPid],
      );
      results.push({ floor: f, sdk: k, parley: p });
    }
    const peakRssMb = rssMb(parleyPid, "VmHWM");
    report(results, peakRssMb, rssMb(floorPid, "VmHWM"));
  } finally {
    await stopProcess(parley.child);
    await stopProcess(floor.child);
    await stopProcess(sdk.child);
    await fake.close();
  }
}

/** Per user count: the bare floor, the floor through the AI SDK, and Parley. */
type TurnResults = Array<{ floor: RunResult; sdk: RunResult; parley: RunResult }>;

function report(results: TurnResults, peakRssMb: number, floorPeak: number) {
  console.log(
    `\nParley turn benchmark — ${describeModel(MODEL_REPLY)}, ${pinning.note}, ` +
      `${SECONDS}s per measurement, users ${USER_COUNTS.join(",")}, SQLite\n`,
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
  console.log("\ngoals (issue 18)");
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
  writeJson();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  all().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
