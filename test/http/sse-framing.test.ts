import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { encodeSseFrame, openSseStream } from "../../src/infra/sse.js";
import { activeChat } from "../helpers/conversation-fixtures.js";
import { listen } from "../helpers/live-app.js";
import { scriptedModel } from "../helpers/mock-model.js";
import { type RawResponse, rawExchange } from "../helpers/raw-http.js";
import { seededRandom } from "../helpers/seeded-random.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * The SSE writer corks the socket at a turn's first frame and uncorks on setImmediate
 * (src/infra/sse.ts). That pattern once produced a chunk after the terminating `0\r\n\r\n` on
 * one Node.js line (docs/operations.md#nodejs), which a strict client or proxy reads as a broken
 * connection. These tests read the raw bytes of many concurrent streams, two per keep-alive
 * connection, and parse the chunked framing strictly: every chunk's size and CRLF, the
 * terminator, and nothing after it. CI runs them on every supported Node.js line.
 */

const CONNECTIONS = 48;
const FRAMES = 240;

/** SSE `data` payloads of a body, in order. */
const payloads = (response: RawResponse) =>
  response.body
    .split("\n\n")
    .map((block) =>
      block
        .split("\n")
        .filter((line) => line.startsWith("data: "))
        .map((line) => line.slice("data: ".length))
        .join("\n"),
    )
    .filter((data) => data !== "");

describe("the SSE writer's chunked framing under load", () => {
  const apps: Array<{ close(): Promise<unknown> }> = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  it(`${CONNECTIONS} connections × 2 streams of ${FRAMES} frames: bursts, loop turns, an end in the same turn as a write`, async () => {
    const app = Fastify();
    apps.push(app);
    // Each stream writes its frames in bursts of 1–6 in one turn, then waits a microtask, an
    // immediate or nothing; some frames are large (several TCP segments). Half the streams end
    // in the same turn as their last write (the socket still corked), half a turn later.
    app.get<{ Querystring: { seed: string } }>("/stream", async (request, reply) => {
      const random = seededRandom(Number(request.query.seed));
      const stream = openSseStream(reply, { heartbeatMs: 0 });
      let sent = 0;
      while (sent < FRAMES) {
        const burst = 1 + Math.floor(random() * 6);
        for (let i = 0; i < burst && sent < FRAMES; i++, sent++) {
          const size = random() < 0.05 ? 20_000 : 1 + Math.floor(random() * 120);
          stream.send({ id: sent, data: { n: sent, pad: "x".repeat(size) } });
        }
        const gap = random();
        if (gap < 0.4) await new Promise((resolve) => setImmediate(resolve));
        else if (gap < 0.8) await Promise.resolve();
        await stream.drain();
      }
      if (Number(request.query.seed) % 2 === 0) await new Promise((resolve) => setImmediate(resolve));
      await stream.end();
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const port = (app.server.address() as { port: number }).port;

    const exchanges = await Promise.all(
      Array.from({ length: CONNECTIONS }, (_, c) =>
        rawExchange(port, [
          { method: "GET", path: `/stream?seed=${2 * c}` },
          { method: "GET", path: `/stream?seed=${2 * c + 1}` },
        ]),
      ),
    );
    for (const responses of exchanges) {
      for (const response of responses) {
        expect(response.status).toBe(200);
        expect(response.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
        const numbers = payloads(response).map((data) => (JSON.parse(data) as { n: number }).n);
        expect(numbers).toEqual(Array.from({ length: FRAMES }, (_, n) => n));
      }
    }
  });

  it("a frame encoded once and written to many streams reaches each intact", async () => {
    const app = Fastify();
    apps.push(app);
    const frames = Array.from({ length: FRAMES }, (_, n) =>
      encodeSseFrame({ id: n, data: `line ${n}\nnext` }),
    );
    app.get("/broadcast", async (_request, reply) => {
      const stream = openSseStream(reply, { heartbeatMs: 0 });
      for (const [n, frame] of frames.entries()) {
        stream.sendEncoded(frame);
        if (n % 7 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      await stream.end();
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const port = (app.server.address() as { port: number }).port;
    const exchanges = await Promise.all(
      Array.from({ length: CONNECTIONS }, () =>
        rawExchange(port, [
          { method: "GET", path: "/broadcast" },
          { method: "GET", path: "/broadcast" },
        ]),
      ),
    );
    for (const responses of exchanges) {
      for (const response of responses) expect(response.body).toBe(frames.join(""));
    }
  });
});

describe("Parley's reply streams, raw, many at once", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("concurrent replies of 200 deltas each, two turns per keep-alive connection: valid framing, every delta", async () => {
    const deltas = (thread: string) => Array.from({ length: 200 }, (_, n) => `${thread}:${n} `);
    const { model } = scriptedModel((options) => {
      const text = JSON.stringify(options.prompt.at(-1));
      const thread = /(c\d+-t\d)/.exec(text)?.[1] ?? "unknown";
      return { chunks: deltas(thread) };
    });
    t = await createTestApp({ modelOverride: () => model });
    const { chat } = await activeChat(t);
    const port = Number(new URL(await listen(t)).port);
    const connections = 24;
    const turn = (connection: number, index: number) => ({
      method: "POST",
      path: `/v1/chats/${chat.id}/threads/c${connection}-t${index}/stream`,
      headers: { authorization: `Bearer ${t!.adminKey}`, "content-type": "application/json" },
      body: JSON.stringify({ messages: [{ role: "user", content: `c${connection}-t${index}` }] }),
    });
    const exchanges = await Promise.all(
      Array.from({ length: connections }, (_, c) => rawExchange(port, [turn(c, 0), turn(c, 1)])),
    );
    for (const [c, responses] of exchanges.entries()) {
      for (const [index, response] of responses.entries()) {
        expect(response.status).toBe(200);
        const events = payloads(response).map((data) => JSON.parse(data) as Record<string, unknown>);
        const text = events
          .filter((event) => event.type === "text-delta")
          .map((event) => event.textDelta)
          .join("");
        expect(text).toBe(deltas(`c${c}-t${index}`).join(""));
        expect(events.at(-1)?.type).toBe("finish");
      }
    }
  });
});
