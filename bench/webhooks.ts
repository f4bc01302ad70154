import { createServer, type IncomingMessage } from "node:http";
import { api, KEY, rssMb, startParley } from "./harness.js";
import { percentile } from "./stats.js";

/**
 * Webhook delivery: operator messages (each raises one thread.message.created) sent as fast
 * as four clients can, fanned out to 1, 10 and 100 endpoints on a local receiver. Reports
 * deliveries per second and the delay from the triggering change (its API response) to the
 * delivery's arrival.
 */
const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 200);
const ENDPOINT_COUNTS = (process.env.BENCH_WEBHOOK_ENDPOINTS ?? "1,10,100").split(",").map(Number);

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => resolve(body));
  });
}

export async function benchWebhooks(): Promise<void> {
  const arrivals = new Map<string, number[]>();
  let delivered = 0;
  const receiver = createServer(async (request, response) => {
    const body = JSON.parse(await readBody(request)) as { data: { message?: { id: string } } };
    const id = body.data.message?.id;
    if (id) {
      const list = arrivals.get(id) ?? [];
      list.push(performance.now());
      arrivals.set(id, list);
      delivered += 1;
    }
    response.writeHead(200).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const address = receiver.address();
  const receiverUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const { child, base } = await startParley("http://127.0.0.1:9/v1", {
    PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true",
  });
  const headers = { authorization: `Bearer ${KEY}`, "content-type": "application/json" };

  const bot = await api(base, "/v1/bots", { name: "Webhook bench" });
  const integration = await api(base, "/v1/integrations", { name: "Hooks", vendor: "parley", auth_data: {} });
  const chat = await api(base, `/v1/integrations/${integration.id}/chats`, { bot_id: bot.id, name: "hooks" });
  // The chat stays disabled: no model is involved, the thread only collects operator messages.
  await fetch(`${base}/v1/chats/${chat.id}/threads/bench-hooks/stream`, {
    method: "POST",
    headers,
    body: JSON.stringify({ messages: [{ role: "user", content: "hi" }] }),
  }).then((r) => r.text());
  await api(base, "/v1/threads/bench-hooks/mode", { mode: "manual" });

  const endpointIds: string[] = [];
  const rows: string[] = [];
  for (const count of ENDPOINT_COUNTS) {
    while (endpointIds.length < count) {
      const endpoint = await api(base, "/v1/webhook-endpoints", {
        url: `${receiverUrl}/e${endpointIds.length}`,
        events: ["thread.message.created"],
      });
      endpointIds.push(endpoint.id);
    }
    arrivals.clear();
    delivered = 0;
    const sentAt = new Map<string, number>();
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < EVENTS) {
          next += 1;
          const response = await fetch(`${base}/v1/threads/bench-hooks/send`, {
            method: "POST",
            headers,
            body: JSON.stringify({ text: `event ${next}` }),
          });
          const message = (await response.json()) as { id: string };
          sentAt.set(message.id, performance.now());
        }
      }),
    );
    const expected = EVENTS * count;
    const deadline = performance.now() + 120_000;
    while (delivered < expected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const seconds = (performance.now() - started) / 1000;
    const delays: number[] = [];
    for (const [id, times] of arrivals) {
      const sent = sentAt.get(id);
      if (sent !== undefined) for (const time of times) delays.push(time - sent);
    }
    rows.push(
      [
        String(count).padStart(9),
        String(EVENTS).padStart(7),
        `${delivered}/${expected}`.padStart(13),
        (delivered / seconds).toFixed(0).padStart(12),
        percentile(delays, 50).toFixed(1).padStart(10),
        percentile(delays, 99).toFixed(1).padStart(10),
        rssMb(child.pid!, "VmRSS").toFixed(0).padStart(7),
      ].join(" "),
    );
  }
  // Unloaded: one event at a time, to one endpoint, to see the wake-after-commit path alone.
  await fetch(`${base}/v1/webhook-endpoints/${endpointIds[0]}`, { method: "GET", headers });
  for (const id of endpointIds.slice(1))
    await fetch(`${base}/v1/webhook-endpoints/${id}`, { method: "DELETE", headers });
  arrivals.clear();
  const pacedDelays: number[] = [];
  for (let i = 0; i < 30; i++) {
    const response = await fetch(`${base}/v1/threads/bench-hooks/send`, {
      method: "POST",
      headers,
      body: JSON.stringify({ text: `paced ${i}` }),
    });
    const sent = performance.now();
    const { id } = (await response.json()) as { id: string };
    while (!arrivals.has(id)) await new Promise((r) => setTimeout(r, 1));
    pacedDelays.push(arrivals.get(id)![0]! - sent);
  }

  console.log(
    `\nWebhook delivery — ${EVENTS} events per run, each to every endpoint, receiver on loopback\n`,
  );
  console.log("endpoints  events    delivered  deliveries/s  delay p50  delay p99  rss MB");
  for (const row of rows) console.log(row);
  console.log("(delay: from the API response of the change that raised the event to its arrival, ms)");
  console.log(
    `unloaded (one event at a time, 1 endpoint): delay p50 ${percentile(pacedDelays, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(pacedDelays, 99).toFixed(1)} ms`,
  );
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
}
