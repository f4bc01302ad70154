import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A loopback HTTP server for one file, as a model hub serves it: Range requests, and a first response cut short on demand. */
export interface FileServer {
  url: (path?: string) => string;
  /** Request headers, in order. */
  requests: IncomingHttpHeaders[];
  /** The next full response stops after this many bytes and the connection is destroyed. */
  cutNextAfter(bytes: number): void;
  close(): Promise<void>;
}

export async function serveFile(bytes: Buffer, options: { ranges?: boolean } = {}): Promise<FileServer> {
  const requests: IncomingHttpHeaders[] = [];
  let cutAfter: number | undefined;
  const server: Server = createServer((request, response) => {
    requests.push(request.headers);
    const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? "");
    const start = range && options.ranges !== false ? Number(range[1]) : 0;
    if (start >= bytes.length && range) {
      response.writeHead(416).end();
      return;
    }
    const body = bytes.subarray(start);
    response.writeHead(start > 0 ? 206 : 200, {
      "content-length": String(body.length),
      "content-type": "application/octet-stream",
      ...(start > 0 ? { "content-range": `bytes ${start}-${bytes.length - 1}/${bytes.length}` } : {}),
    });
    if (cutAfter !== undefined) {
      const cut = cutAfter;
      cutAfter = undefined;
      response.write(body.subarray(0, cut), () => response.destroy());
      return;
    }
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = "/model.gguf") => `http://127.0.0.1:${port}${path}`,
    requests,
    cutNextAfter: (n) => {
      cutAfter = n;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
