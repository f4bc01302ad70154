import http from "node:http";

/**
 * The load generator's client: one streamed POST over kept-alive node:http connections, timing
 * the first SSE `data:` line that `isText` accepts (TTFT) and the end of the stream (total), in
 * ms. Not fetch: its web streams cost the bench process (which also hosts the fake model) about
 * twice the CPU per turn, and at the floor's rate that core, not the server, would set the pace.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

export function streamTurn(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  isText: (data: string) => boolean,
): Promise<{ ttft: number | null; total: number }> {
  const payload = JSON.stringify(body);
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: "POST",
      agent,
      headers: {
        ...headers,
        "content-type": "application/json",
        "content-length": Buffer.byteLength(payload),
      },
    });
    request.on("error", reject);
    request.on("response", (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`HTTP ${response.statusCode}`));
        return;
      }
      response.setEncoding("utf8");
      let buffer = "";
      let first: number | null = null;
      response.on("data", (chunk: string) => {
        if (first !== null) return;
        buffer += chunk;
        let end = buffer.indexOf("\n");
        while (end !== -1) {
          const line = buffer.slice(0, end);
          if (line.startsWith("data:") && isText(line.slice(5).trim())) {
            first = performance.now() - start;
            return;
          }
          buffer = buffer.slice(end + 1);
          end = buffer.indexOf("\n");
        }
      });
      response.on("error", reject);
      response.on("end", () => resolve({ ttft: first, total: performance.now() - start }));
    });
    request.end(payload);
  });
}
