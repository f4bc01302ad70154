// The benchmark's floor: the least a server must do to serve a turn, so Parley's numbers can be
// read as ratios to it. Plain JavaScript on node:http, no dependencies and no tsx, so its cost is
// only this: accept `POST /turn` with a JSON body like Parley's stream endpoint takes
// (`{"messages":[...]}`), parse it, send a streaming chat completion to the model at MODEL_URL
// (e.g. http://127.0.0.1:PORT/v1) over kept-alive connections, and pipe the SSE reply back as it
// arrives. Listens on 127.0.0.1:PORT (0 = any free port) and prints `listening <port>` once ready.
import http from "node:http";

const model = new URL(`${process.env.MODEL_URL}/chat/completions`);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

const server = http.createServer((req, res) => {
  if (req.method !== "POST" || req.url !== "/turn") {
    res.writeHead(404).end();
    return;
  }
  const parts = [];
  req.on("data", (part) => parts.push(part));
  req.on("end", () => {
    let messages;
    try {
      messages = JSON.parse(Buffer.concat(parts).toString("utf8")).messages;
    } catch {
      res.writeHead(400).end();
      return;
    }
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
  });
});

server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  console.log(`listening ${server.address().port}`);
});
process.on("SIGTERM", () => {
  server.close();
  server.closeAllConnections();
  agent.destroy();
});
