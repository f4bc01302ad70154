import { join } from "node:path";
import { createLexicalEmbedder } from "../src/modules/memory/embedder.js";
import { type IndexableMessage, indexMessages } from "../src/modules/memory/semantic-recall.js";
import { openStorage } from "../src/storage/database.js";
import { MessageChunksRepo } from "../src/storage/repos/message-chunks.repo.js";
import { startFakeOpenAI } from "../test/helpers/fake-openai-server.js";
import { api, KEY, load, row, rssMb, startParley } from "./harness.js";
import { readSse } from "./sse-reader.js";
import { summarize } from "./stats.js";

/**
 * Turns with semantic recall on, next to the same turns with it off: one person with
 * BENCH_RECALL_MESSAGES (default 10,000) earlier messages stored and embedded, 4 users writing
 * as that person in threads of their own, through Parley's stream endpoint and the fake model.
 */
const HISTORY = Number(process.env.BENCH_RECALL_MESSAGES ?? 10_000);
const USERS = 4;
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
  const fake = await startFakeOpenAI({
    responder: () => ({ chunks: ["Sure, ", "let me ", "check."], delayMs: 20 }),
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
  first.child.kill("SIGTERM");
  await new Promise((resolve) => first.child.once("exit", resolve));
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

  const turn = async (user: number, i: number, run: string) => {
    const start = performance.now();
    const response = await fetch(`${base}/v1/chats/${chat.id}/threads/${run}-u${user}/stream`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        messages: [{ role: "user", content: `what about my ${WORDS[i % WORDS.length]}?` }],
        person,
      }),
    });
    const first = await readSse(response, (data) => data.startsWith('{"type":"text-delta"'));
    return { ttft: first === null ? null : first - start, total: performance.now() - start };
  };
  const memory = () => rssMb(child.pid!, "VmRSS");
  const off = await load("off", USERS, (u, i) => turn(u, i, "off"), memory);
  await api(base, `/v1/bots/${bot.id}/settings`, { ai: { memory: { semanticRecall: true } } });
  const on = await load("on", USERS, (u, i) => turn(u, i, "on"), memory);
  const recalledPrompts = fake.requests.filter((r) =>
    JSON.stringify(r.body.messages ?? []).includes("## Recalled"),
  ).length;

  console.log(
    `\nSemantic recall in turns — ${HISTORY} earlier messages of one person (embedded in ${indexSeconds.toFixed(1)} s), ${USERS} users\n`,
  );
  console.log("recall    users  turns/s  ttft p50  ttft p99 total p50 total p99 errors  rss MB");
  console.log(row(off));
  console.log(row(on));
  const ratio = summarize(on).turnsPerSecond / summarize(off).turnsPerSecond;
  console.log(
    `recall on: ${(ratio * 100).toFixed(1)}% of the throughput with it off; ` +
      `p50 total +${(summarize(on).totalP50 - summarize(off).totalP50).toFixed(2)} ms; ` +
      `${recalledPrompts} prompts carried recalled messages`,
  );
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
  await fake.close();
}
