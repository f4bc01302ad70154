import http from "node:http";
import type { AddressInfo } from "node:net";

export interface LoopbackServer {
  port: number;
  /** `METHOD url` of every request received, in order. */
  seen: string[];
  /** Drops open connections and stops listening. */
  close(): Promise<void>;
}

/** A plain HTTP server on 127.0.0.1, on a free port, for clients under test to call. */
export async function listenOnLoopback(handler: http.RequestListener): Promise<LoopbackServer> {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    seen,
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Answers 200 with a body that never ends, written as fast as the client reads, until it hangs up. */
export function answerEndlessly(res: http.ServerResponse): void {
  res.writeHead(200, { "content-type": "text/plain" });
  const chunk = Buffer.alloc(64 * 1024, "x");
  let stop = false;
  res.on("close", () => {
    stop = true;
  });
  const pump = () => {
    while (!stop && !res.destroyed && res.write(chunk)) {}
    if (!stop && !res.destroyed) res.once("drain", pump);
  };
  pump();
}
