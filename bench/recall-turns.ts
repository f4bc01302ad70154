import { join } from "node:path";
import { createLexicalEmbedder } from "../src/modules/memory/embedder.js";
import { type IndexableMessage, indexMessages } from "../src/modules/memory/semantic-recall.js";
import { openStorage } from "../src/storage/database.js";
import { MessageChunksRepo } from "../src/storage/repos/message-chunks.repo.js";
import { startFakeOpenAI } from "../test/helpers/fake-openai-server.js";
import {
  api,
  describeModel,
  header,
  KEY,
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
import { pinning } from "./pinning.js";
import { addJson, loadGeneratorNotes, verdict } from "./report.js";
import { summarize, summaryJson } from "./stats.js";

/**
 * Turns with semantic recall on, next to the same turns with it off: one person with
 * BENCH_RECALL_MESSAGES (default 10,000) earlier messages stored and embedded, 4 users writing
 * as that person in threads of their own, through Parley's stream endpoint and the fake model
 * (paced as BENCH_MODEL says, instant by default), the server pinned like the turns suite's.
 * Recall's cost per turn is the difference in median total turn time (goal ≤ 5 ms) and in the
 * server's CPU per turn. BENCH_RECALL_USERS changes the user count (default 1: with more, turns queue on the one server core and the median difference counts the wait, not the cost).
 */
const HISTORY = Number(process.env.BENCH_RECALL_MESSAGES ?? 10_000);
const USERS = Number(process.env.BENCH_RECALL_USERS ?? 1);
const WORDS = [
  "delivery",
  "refund",
  "courier",
  "invoice",
  "printer",
  "warranty",
  "доставка",
  "возврат",
  "заказ",
  "parcel",
];

export async function benchRecallTurns(): Promise<void> {
  // Counted here rather than recorded: the fake keeps no requests, so memory stays flat.
  let recalledPrompts = 0;
  const fake = await startFakeOpenAI({
    record: false,
    responder: (request) => {
      if (JSON.stringify(request.body.messages ?? []).includes("## Recalled")) recalledPrompts += 1;
      return {
        chunks: ["Sure, ", "let me ", "check."],
        delayMs: MODEL_REPLY.delayMs,
        chunkDelayMs: MODEL_REPLY.chunkDelayMs,
      };
    },
  });
  const first = await startParley(fake.baseUrl);
  const { dataDir } = first;
  let base = first.base;
  const headers = { authorization: `Bearer ${KEY}`, "content-type": "application/json" };
  const bot = await api(base, "/v1/bots", { name: "Recall bench" });
  const integration = await api(base, "/v1/integrations", { name: "Web", vendor: "parley", auth_data: {} });
  const chat = await api(base, `/v1/integrations/${integration.id}/chats`, {
    bot_id: bot.id,
    name: "recall",
  });
  await api(base, `/v1/integrations/${integration.id}/chats/${chat.id}/status`, { status: "active" });
  const person = { external_id: "bench-person", name: "Bench" };
  await fetch(`${base}/v1/chats/${chat.id}/threads/seed/stream`, {
    method: "POST",
    headers,
    body: JSON.stringify({ messages: [{ role: "user", content: "hello" }], person }),
  }).then((r) => r.text());
  const detail = (await (await fetch(`${base}/v1/threads/seed`, { headers })).json()) as {
    person: { id: string };
  };
  const projectId = (
    (await (await fetch(`${base}/v1/projects`, { headers })).json()) as Array<{ id: string }>
  )[0]!.id;

  // Seed the person's history straight into the database while the server is stopped, then
  // embed it as the background job would (same built-in embedder), and start it again.
  await stopProcess(first.child);
  const storage = openStorage({ sqlitePath: join(dataDir, "parley.db") });
  const now = Date.now() - HISTORY * 60_000;
  const seeded: IndexableMessage[] = [];
  await storage.db.transaction().execute(async (trx) => {
    for (let t = 0; t * 100 < HISTORY; t++) {
      const at = new Date(now + t * 100 * 60_000).toISOString();
      await trx
        .insertInto("threads")
        .values({
          project_id: projectId,
          id: `history-${t}`,
          chat_id: chat.id,
          bot_id: bot.id,
          person_id: detail.person.id,
          mode: "auto",
          title: null,
          last_message_at: at,
          pending_count: 0,
          working_memory: null,
          turn_lease_owner: null,
          turn_lease_until: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
      for (let i = 0; i < 100 && t * 100 + i < HISTORY; i++) {
        const n = t * 100 + i;
        const row = await trx
          .insertInto("messages")
          .values({
            id: `msg_seed${n}`,
            project_id: projectId,
            thread_id: `history-${t}`,
            role: i % 2 === 0 ? "user" : "assistant",
            author: i % 2 === 0 ? "user" : "bot",
            content: `About my ${WORDS[n % WORDS.length]} number ${n}: ${WORDS[(n * 7) % WORDS.length]} and ${WORDS[(n * 3) % WORDS.length]}`,
            parts: null,
            external_id: null,
            reply_to_seq: null,
            created_at: new Date(now + n * 60_000).toISOString(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        seeded.push({ ...row, person_id: detail.person.id });
      }
    }
  });
  const indexStarted = performance.now();
  await indexMessages(new MessageChunksRepo(storage.db, "sqlite"), createLexicalEmbedder(), seeded);
  const indexSeconds = (performance.now() - indexStarted) / 1000;
  await storage.close();
  const { child, base: restartedBase } = await startParley(fake.baseUrl, {}, dataDir);
  base = restartedBase;

  const turn = (user: number, i: number, run: string) =>
    parleyTurn(base, chat.id, `${run}-u${user}`, {
      messages: [{ role: "user", content: `what about my ${WORDS[i % WORDS.length]}?` }],
      person,
    });
  const pid = child.pid!;
  const memory = () => rssMb(pid, "VmRSS");
  // Warm up with recall off (JIT, SQLite pages), in threads of their own.
  await load("warmup", USERS, (u, i) => turn(u, i, "warm"), memory);
  const off = await load("off", USERS, (u, i) => turn(u, i, "off"), memory, [pid]);
  await api(base, `/v1/bots/${bot.id}/settings`, { ai: { memory: { semanticRecall: true } } });
  recalledPrompts = 0;
  const on = await load("on", USERS, (u, i) => turn(u, i, "on"), memory, [pid]);
  await stopProcess(child);
  await fake.close();

  console.log(
    `\nSemantic recall in turns — ${HISTORY} earlier messages of one person (embedded in ${indexSeconds.toFixed(1)} s), ` +
      `${describeModel(MODEL_REPLY)}, ${pinning.note}, ${SECONDS}s per measurement, ${USERS} users\n`,
  );
  console.log(header("recall"));
  console.log(row(off));
  console.log(row(on));
  for (const note of loadGeneratorNotes([off, on])) console.log(note);
  const [a, b] = [summarize(off), summarize(on)];
  const cost = b.totalP50 - a.totalP50;
  console.log(
    `recall on: ${((b.turnsPerSecond / a.turnsPerSecond) * 100).toFixed(1)}% of the throughput with it off; ` +
      `${recalledPrompts} of ${on.turns} prompts carried recalled messages`,
  );
  console.log(`recall cost per turn: median ${cost.toFixed(2)} ms (goal ≤ 5 ms) ${verdict(cost <= 5)}`);
  console.log(
    `CPU per turn: ${b.cpuMsPerTurn.toFixed(2)} ms with recall, ${a.cpuMsPerTurn.toFixed(2)} ms without ` +
      `(+${(b.cpuMsPerTurn - a.cpuMsPerTurn).toFixed(2)} ms)`,
  );
  addJson("recallTurns", {
    model: MODEL_MODE,
    pinning,
    history: HISTORY,
    users: USERS,
    off: summaryJson(off),
    on: summaryJson(on),
    recalledPrompts,
    medianCostMs: cost,
    pass: cost <= 5,
  });
}
