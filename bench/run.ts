import { startFakeOpenAI } from "../test/helpers/fake-openai-server.js";
import { api, KEY, load, MODEL_REPLY, row, rssMb, SECONDS, startParley } from "./harness.js";
import { readSse } from "./sse-reader.js";
import { type RunResult, summarize } from "./stats.js";

/**
 * npm run bench: turns through Parley's stream endpoint against a fake OpenAI-compatible
 * server, next to the same load sent straight to the fake server (the floor), in one run.
 * Env: BENCH_SECONDS (per measurement, default 5), BENCH_USERS (default "1,16").
 */

const USER_COUNTS = (process.env.BENCH_USERS ?? "1,16").split(",").map(Number);
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
  const suites = (process.env.BENCH_SUITES ?? "turns,webhooks,recall,channels,knowledge").split(",");
  if (suites.includes("turns")) await main();
  if (suites.includes("webhooks")) await (await import("./webhooks.js")).benchWebhooks();
  if (suites.includes("recall")) {
    await (await import("./recall-turns.js")).benchRecallTurns();
    await (await import("./recall.js")).benchRecall();
  }
  if (suites.includes("channels")) await (await import("./channels.js")).benchChannels();
  if (suites.includes("knowledge")) await (await import("./knowledge.js")).benchKnowledge();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  all().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
