import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import {
  type ChatMessage,
  type RecordedRequest,
  startFakeOpenAI,
} from "../test/helpers/fake-openai-server.js";
import { TelegramFake } from "../test/vendors/fakes/telegram-fake.js";
import type { SentMessage } from "../test/vendors/vendor-kit.js";
import { api, freePort, KEY, MODEL_REPLY, rssMb, SECONDS, startParley } from "./harness.js";
import { percentile } from "./stats.js";

/**
 * Messaging channels (Telegram), on SQLite, through the real server process and a fake Telegram
 * Bot API: an open-loop load of inbound updates at a fixed offered rate, spread over many
 * conversations, measuring the webhook acknowledgement; then the delay from an update to the
 * bot's sendMessage for it, under that load and for a paced sample once the backlog has drained.
 * Env: BENCH_CHANNEL_RATE (updates/s, default 500), BENCH_SECONDS (default 5),
 * BENCH_CHANNEL_USERS (conversations, default 200), BENCH_CHANNEL_DRAIN_SECONDS (default 30),
 * BENCH_CHANNEL_MAX_IN_FLIGHT (default 256; Telegram itself opens at most 40 by default),
 * BENCH_CHANNEL_SAMPLE_GAP_MS (paced sample, default 100: slower than the worker's turn rate, so
 * the sample measures an idle server rather than a queue), BENCH_CHANNEL_STREAMS (thread event
 * streams, `GET /v1/threads/events`, held open through the whole run; default 0).
 */
const RATE = Number(process.env.BENCH_CHANNEL_RATE ?? 500);
const USERS = Number(process.env.BENCH_CHANNEL_USERS ?? 200);
const DRAIN_SECONDS = Number(process.env.BENCH_CHANNEL_DRAIN_SECONDS ?? 30);
const MAX_IN_FLIGHT = Number(process.env.BENCH_CHANNEL_MAX_IN_FLIGHT ?? 256);
const STREAMS = Number(process.env.BENCH_CHANNEL_STREAMS ?? 0);
const SAMPLE = 100;
const SAMPLE_GAP_MS = Number(process.env.BENCH_CHANNEL_SAMPLE_GAP_MS ?? 100);
const TARGET_P99_MS = 10;
const TARGET_RATE = 500;
const USER_BASE = 1_000_000;

interface Inbound {
  seq: number;
  /** Index of the conversation (Telegram user/chat id USER_BASE + user). */
  user: number;
  sentAt: number;
  ackAt?: number;
  /** HTTP status; 0 when the request failed. */
  status?: number;
  /** When the first reply answering this message reached the fake Telegram. */
  answeredAt?: number;
  /** Replies that answered it (more than one is a duplicate). */
  replies: number;
}

interface Reply {
  at: number;
  conversationId: string;
  /** The inbound messages the model answered (their tags echoed back); empty when untagged. */
  seqs: number[];
}

function clockTicks(): number {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
}
const TICKS = clockTicks();

/** User + system CPU seconds a process has used (/proc/<pid>/stat, utime + stime). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // Fields after the command name start at field 3 (state); utime and stime are fields 14 and 15.
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

const textOf = (content: ChatMessage["content"]) =>
  typeof content === "string" ? content : (content ?? []).map((part) => part.text ?? "").join(" ");

/**
 * The tags ("m<seq>") of the user messages in the request that no earlier reply in it names: the
 * messages this turn answers (Parley answers every unanswered message of a thread in one turn).
 * Not "the user messages after the last reply": one that arrived while the previous turn ran is
 * stored before that turn's reply, so it sits above it in the history.
 */
function unansweredTags(request: RecordedRequest, seen: Set<string>): string[] {
  const asked: string[] = [];
  const answered = new Set<string>();
  for (const message of request.body.messages ?? []) {
    const tags = [...textOf(message.content).matchAll(/\bm(\d+)\b/g)].map((match) => `m${match[1]}`);
    if (message.role === "user") {
      asked.push(...tags);
      for (const tag of tags) seen.add(tag);
    } else if (message.role === "assistant") {
      for (const tag of tags) answered.add(tag);
    }
  }
  return asked.filter((tag) => !answered.has(tag));
}

/** Whether the request's history ends with the bot's own reply instead of a user message. */
const endsWithReply = (request: RecordedRequest) => request.body.messages?.at(-1)?.role === "assistant";

const fmt = (ms: number) => (Number.isNaN(ms) ? "n/a" : ms.toFixed(1));
const pcts = (values: number[]) =>
  `p50 ${fmt(percentile(values, 50))}  p95 ${fmt(percentile(values, 95))}  p99 ${fmt(percentile(values, 99))}` +
  `  max ${fmt(values.length ? Math.max(...values) : Number.NaN)} ms  (n=${values.length})`;

/** What one run of the suite offers; the environment's values by default. */
export interface ChannelLoad {
  rate: number;
  seconds: number;
  maxInFlight: number;
  /** Thread event streams held open through the run. */
  streams: number;
  /** Whether to send the paced sample after the drain. */
  sample: boolean;
}

const DEFAULT_LOAD: ChannelLoad = {
  rate: RATE,
  seconds: SECONDS,
  maxInFlight: MAX_IN_FLIGHT,
  streams: STREAMS,
  sample: true,
};

/** Thread event streams of the whole project, read to the end; counts the events each received. */
function openEventStreams(base: string, count: number) {
  const received = Array.from({ length: count }, () => 0);
  const requests = received.map(
    (_, i) =>
      new Promise<() => void>((resolve, reject) => {
        const req = httpRequest(
          `${base}/v1/threads/events`,
          { headers: { authorization: `Bearer ${KEY}`, accept: "text/event-stream" } },
          (res) => {
            if (res.statusCode !== 200) reject(new Error(`event stream: HTTP ${res.statusCode}`));
            res.setEncoding("utf8");
            res.on("data", (chunk: string) => {
              // Every event frame has exactly one data line (its JSON holds no line break).
              for (let at = chunk.indexOf("data: "); at !== -1; at = chunk.indexOf("data: ", at + 6))
                received[i]! += 1;
            });
            res.on("error", () => {});
            resolve(() => req.destroy());
          },
        );
        req.on("error", () => {});
        req.end();
      }),
  );
  return {
    received,
    opened: Promise.all(requests),
  };
}

export async function benchChannels(overrides: Partial<ChannelLoad> = {}): Promise<void> {
  // The run's values under the names of the environment's defaults, which they stand for here.
  const {
    rate: RATE,
    seconds: SECONDS,
    maxInFlight: MAX_IN_FLIGHT,
    streams: STREAMS,
    sample: withSample,
  } = {
    ...DEFAULT_LOAD,
    ...overrides,
  };
  let endingWithReply = 0;
  /** Tags of every user message some model request carried. */
  const seenByModel = new Set<string>();
  // The model echoes the tags of the messages it answers ("re m12 m14: …"): a reply names them.
  const model = await startFakeOpenAI({
    responder: (request) => {
      const tags = unansweredTags(request, seenByModel);
      if (endsWithReply(request)) endingWithReply += 1;
      return {
        chunks: [`re ${tags.join(" ") || "none"}: `, ...MODEL_REPLY.chunks],
        delayMs: MODEL_REPLY.delayMs,
        chunkDelayMs: MODEL_REPLY.chunkDelayMs,
      };
    },
  });
  const telegram = await new TelegramFake().start();

  const messages: Inbound[] = [];
  const replies: Reply[] = [];
  let untagged = 0;
  let wrongConversation = 0;
  // Every sendMessage the fake records, timed as it arrives.
  const originalPush = telegram.sent.push.bind(telegram.sent);
  telegram.sent.push = (...items: SentMessage[]) => {
    const at = performance.now();
    for (const item of items) {
      const tags = /^re ((?:m\d+ ?)+):/.exec(item.text)?.[1];
      const seqs = tags
        ? tags
            .trim()
            .split(" ")
            .map((tag) => Number(tag.slice(1)))
        : [];
      replies.push({ at, conversationId: item.conversationId, seqs });
      if (seqs.length === 0) untagged += 1;
      for (const seq of seqs) {
        const message = messages[seq];
        if (!message) continue;
        if (String(USER_BASE + message.user) !== item.conversationId) wrongConversation += 1;
        message.replies += 1;
        message.answeredAt ??= at;
      }
    }
    return originalPush(...items);
  };
  const unanswered = (list: Inbound[]) => list.filter((m) => m.answeredAt === undefined).length;

  const port = await freePort();
  const { child, base } = await startParley(model.baseUrl, {
    PORT: String(port),
    PARLEY_PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...telegram.env,
  });
  const pid = child.pid!;
  const bot = await api(base, "/v1/bots", { name: "Channel bench" });
  const integration = await api(base, "/v1/integrations", {
    name: "Bench Telegram",
    vendor: "telegram",
    auth_data: telegram.authData(),
  });
  const chat = await api(base, `/v1/integrations/${integration.id}/chats`, { bot_id: bot.id, name: "inbox" });
  await api(base, `/v1/integrations/${integration.id}/chats/${chat.id}/status`, { status: "active" });
  let status = "pending";
  for (let i = 0; i < 200 && status !== "connected"; i++) {
    const response = await fetch(`${base}/v1/integrations/${integration.id}`, {
      headers: { authorization: `Bearer ${KEY}` },
    });
    status = ((await response.json()) as { connection: { status: string } }).connection.status;
    if (status === "failed") throw new Error("telegram integration failed to connect");
    if (status !== "connected") await sleep(50);
  }
  const hookUrl = telegram.registeredHookUrl();
  const secret = telegram.webhook?.secretToken;
  if (status !== "connected" || !hookUrl || secret === undefined) throw new Error("webhook never registered");
  const headers = { "content-type": "application/json", "x-telegram-bot-api-secret-token": secret };
  const streams = openEventStreams(base, STREAMS);
  const closeStreams = await streams.opened;

  let inFlight = 0;
  const send = async (user: number): Promise<Inbound> => {
    const seq = messages.length;
    const message: Inbound = { seq, user, sentAt: performance.now(), replies: 0 };
    messages.push(message);
    const id = USER_BASE + user;
    const update = {
      update_id: 800_000 + seq,
      message: {
        message_id: seq + 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id, type: "private", first_name: `User${user}` },
        from: { id, is_bot: false, first_name: `User${user}` },
        text: `hello m${seq}`,
      },
    };
    inFlight += 1;
    try {
      const response = await fetch(hookUrl, { method: "POST", headers, body: JSON.stringify(update) });
      await response.arrayBuffer();
      message.status = response.status;
    } catch {
      message.status = 0;
    } finally {
      message.ackAt = performance.now();
      inFlight -= 1;
    }
    return message;
  };

  // Warm-up (JIT, SQLite pages, connections): one message per conversation, then drain.
  const loadUsers = Array.from({ length: USERS }, (_, user) => user);
  for (let i = 0; i < USERS; i += 20) await Promise.all(loadUsers.slice(i, i + 20).map((u) => send(u)));
  for (let i = 0; i < 300 && unanswered(messages) > 0; i++) await sleep(100);
  const warmup = messages.length;
  const warmupReplies = replies.length;

  // 1. Open-loop load: update k is due at start + k / RATE, whatever the earlier ones are doing.
  const sampler = { peakRss: rssMb(pid, "VmRSS") };
  const rssTimer = setInterval(() => {
    sampler.peakRss = Math.max(sampler.peakRss, rssMb(pid, "VmRSS"));
  }, 50);
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const cpuStart = cpuSeconds(pid);
  const benchCpuStart = process.cpuUsage();
  const offered = Math.round(RATE * SECONDS);
  const pending: Promise<Inbound>[] = [];
  const sendLag: number[] = [];
  let skipped = 0;
  const start = performance.now();
  for (let k = 0; k < offered; ) {
    const now = performance.now();
    const due = Math.min(offered, Math.floor(((now - start) * RATE) / 1000) + 1);
    for (; k < due; k++) {
      if (inFlight >= MAX_IN_FLIGHT) {
        skipped += 1;
        continue;
      }
      sendLag.push(now - (start + (k * 1000) / RATE));
      pending.push(send(k % USERS));
    }
    const wait = start + (k * 1000) / RATE - performance.now();
    await sleep(Math.max(0, wait));
  }
  const loaded = await Promise.all(pending);
  const lastAck = Math.max(...loaded.map((m) => m.ackAt!));
  const cpuLoad = cpuSeconds(pid) - cpuStart;
  loopDelay.disable();

  // 2a. Drain: until every update has its reply, or no reply came for 3 s, or DRAIN_SECONDS.
  const drainStart = performance.now();
  const lastReplyAt = () => replies.at(-1)?.at ?? drainStart;
  const quiet = () => performance.now() - Math.max(lastReplyAt(), drainStart) >= 3000;
  while (unanswered(loaded) > 0 && performance.now() - drainStart < DRAIN_SECONDS * 1000 && !quiet()) {
    await sleep(20);
  }
  const drainGaveUp = unanswered(loaded) > 0 && !quiet();
  const loadReplies = replies.length - warmupReplies;
  const loadLastReply = lastReplyAt();
  const cpuDrain = cpuSeconds(pid) - cpuStart - cpuLoad;
  const benchCpu = process.cpuUsage(benchCpuStart);

  // 2b. Paced sample on quiet conversations of their own: one update every SAMPLE_GAP_MS.
  const sampled: Promise<Inbound>[] = [];
  for (let i = 0; i < (withSample ? SAMPLE : 0); i++) {
    sampled.push(send(USERS + i));
    await sleep(SAMPLE_GAP_MS);
  }
  const sample = await Promise.all(sampled);
  const sampleStart = performance.now();
  while (unanswered(sample) > 0 && performance.now() - sampleStart < 10_000) await sleep(10);
  // Give late duplicate replies a moment to show up before counting.
  await sleep(1000);
  clearInterval(rssTimer);

  const ok = loaded.filter((m) => m.status! >= 200 && m.status! < 300);
  const statuses = new Map<number, number>();
  for (const m of loaded) if (!ok.includes(m)) statuses.set(m.status!, (statuses.get(m.status!) ?? 0) + 1);
  const ackLatency = ok.map((m) => m.ackAt! - m.sentAt);
  const loadSeconds = (lastAck - start) / 1000;
  const ackP99 = percentile(ackLatency, 99);
  const delays = (list: Inbound[]) => list.filter((m) => m.answeredAt).map((m) => m.answeredAt! - m.sentAt);
  const lost = messages.filter((m) => m.answeredAt === undefined);
  const neverShown = lost.filter((m) => !seenByModel.has(`m${m.seq}`)).length;
  const duplicates = messages.filter((m) => m.replies > 1);
  const met = ackP99 <= TARGET_P99_MS && skipped === 0 && ok.length === offered;

  console.log(
    `\nMessaging channels (Telegram) — SQLite, real server process, fake Telegram Bot API, fake model ` +
      `(${MODEL_REPLY.delayMs} ms to first token, ${MODEL_REPLY.chunks.length + 1} chunks ` +
      `${MODEL_REPLY.chunkDelayMs} ms apart)\n`,
  );
  console.log(
    `inbound acknowledgement — offered ${RATE} updates/s for ${SECONDS}s over ${USERS} conversations ` +
      `(${offered} updates, open loop, ≤ ${MAX_IN_FLIGHT} in flight)`,
  );
  console.log(
    `  sent ${loaded.length}, not sent on time (in-flight cap) ${skipped}; acknowledged (2xx) ${ok.length}, ` +
      `${(ok.length / loadSeconds).toFixed(0)}/s; non-2xx ${loaded.length - ok.length}` +
      (statuses.size
        ? ` (${[...statuses].map(([code, n]) => `${code === 0 ? "network error" : code}: ${n}`).join(", ")})`
        : ""),
  );
  console.log(`  ack latency  ${pcts(ackLatency)}`);
  if (STREAMS > 0) {
    console.log(
      `  thread event streams open through the run: ${STREAMS}; events each received: min ` +
        `${Math.min(...streams.received)}, max ${Math.max(...streams.received)}`,
    );
  }
  console.log(
    `  client side: send-schedule lag p99 ${fmt(percentile(sendLag, 99))} ms; bench event-loop delay p99 ` +
      `${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms (the bench process also runs both fakes)`,
  );
  console.log(
    `  target: ack p99 ≤ ${TARGET_P99_MS} ms at ${TARGET_RATE} events/s on SQLite — ` +
      (RATE < TARGET_RATE ? `not tested (offered ${RATE}/s)` : met ? "met" : "NOT met") +
      ` (p99 ${fmt(ackP99)} ms, ${ok.length}/${offered} acknowledged)`,
  );
  console.log(
    "\ninbound → reply (update sent → the bot's sendMessage answering it reaches the fake Telegram)",
  );
  console.log(`  under the load  ${pcts(delays(loaded))}`);
  console.log(
    `  last reply to the load ${((loadLastReply - lastAck) / 1000).toFixed(2)} s after the last ack; ` +
      `${loadReplies} sendMessage calls, ${(loadReplies / ((loadLastReply - start) / 1000)).toFixed(0)}/s` +
      (drainGaveUp ? `; gave up waiting after ${DRAIN_SECONDS} s` : ""),
  );
  if (withSample) {
    console.log(
      `  paced sample (${SAMPLE} updates to fresh conversations, one every ${SAMPLE_GAP_MS} ms, after the drain): ` +
        `${pcts(delays(sample))}; their ack p99 ${fmt(
          percentile(
            sample.map((m) => m.ackAt! - m.sentAt),
            99,
          ),
        )} ms`,
    );
  }
  console.log(
    `\nreplies — every update should be answered exactly once (one reply may answer several queued updates ` +
      `of its conversation)`,
  );
  console.log(
    `  updates ${messages.length} (${warmup} warm-up, ${loaded.length} load, ${sample.length} sample); ` +
      `answered ${messages.length - lost.length}/${messages.length}; never answered ${lost.length}` +
      ` (of them never shown to the model ${neverShown}); answered more than once ${duplicates.length}`,
  );
  console.log(
    `  sendMessage calls ${replies.length}; naming no update ${untagged}; to the wrong conversation ` +
      `${wrongConversation}; model requests ${model.requests.length}, ${endingWithReply} of them ending with ` +
      `the bot's own reply`,
  );
  console.log(
    `\nParley CPU ${cpuLoad.toFixed(2)} s during the load (${((cpuLoad / loadSeconds) * 100).toFixed(0)}% of a ` +
      `core), ${cpuDrain.toFixed(2)} s during the drain; bench process ${((benchCpu.user + benchCpu.system) / 1e6).toFixed(2)} s; ` +
      `Parley RSS peak ${sampler.peakRss.toFixed(0)} MB (VmHWM ${rssMb(pid, "VmHWM").toFixed(0)} MB)`,
  );

  for (const close of closeStreams) close();
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
  await telegram.close();
  await model.close();
}
