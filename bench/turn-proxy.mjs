// What both floor proxies share (floor-proxy.mjs, sdk-proxy.mjs): a node:http server on
// 127.0.0.1:PORT (0 = any free port) that accepts `POST /turn` with a JSON body like Parley's
// stream endpoint takes (`{"messages":[...]}`), parses it, and hands the messages and the
// response to `turn`; it prints `listening <port>` once ready and closes on SIGTERM.
import http from "node:http";

export function serveTurns(turn, { onClose } = {}) {
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
      turn(messages, res);
    });
  });
  server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
    console.log(`listening ${server.address().port}`);
  });
  process.on("SIGTERM", () => {
    server.close();
    server.closeAllConnections();
    onClose?.();
  });
}
