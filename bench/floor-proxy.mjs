// The benchmark's floor: the least a server must do to serve a turn, so Parley's numbers can be
// read as ratios to it. Plain JavaScript on node:http, no dependencies and no tsx, so its cost is
// only this: parse the turn's body (turn-proxy.mjs), send a streaming chat completion to the
// model at MODEL_URL (e.g. http://127.0.0.1:PORT/v1) over kept-alive connections, and pipe the
// SSE reply back as it arrives.
import http from "node:http";
import { serveTurns } from "./turn-proxy.mjs";

const model = new URL(`${process.env.MODEL_URL}/chat/completions`);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

serveTurns(
  (messages, res) => {
    const body = JSON.stringify({ model: "gpt-5", stream: true, messages });
    const upstream = http.request(model, {
      method: "POST",
      agent,
      headers: {
        authorization: "Bearer sk-bench",
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
      },
    });
    upstream.on("response", (reply) => {
      res.writeHead(reply.statusCode ?? 502, {
        "content-type": reply.headers["content-type"] ?? "text/event-stream",
        "cache-control": "no-cache",
      });
      res.flushHeaders();
      reply.pipe(res);
    });
    upstream.on("error", () => {
      if (res.headersSent) res.destroy();
      else res.writeHead(502).end();
    });
    upstream.end(body);
  },
  { onClose: () => agent.destroy() },
);
