import { connect } from "node:net";

/** One response as it crossed the wire, its chunked body decoded strictly. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `requests` one after another on one keep-alive connection (the last with
 * `connection: close`), reading the raw bytes; resolves once the server closed it. Throws when a
 * byte is out of place: a bad chunk size line, a chunk not followed by CRLF, anything after the
 * last response's terminating `0\r\n\r\n`, or a response that is not chunked.
 */
export async function rawExchange(
  port: number,
  requests: Array<{ method: string; path: string; headers?: Record<string, string>; body?: string }>,
): Promise<RawResponse[]> {
  const socket = connect(port, "127.0.0.1");
  const received: Buffer[] = [];
  let pending = Buffer.alloc(0);
  const responses: RawResponse[] = [];
  let resolveResponse: (() => void) | undefined;

  const send = (index: number) => {
    const request = requests[index]!;
    const last = index === requests.length - 1;
    const body = request.body ?? "";
    const headers = {
      host: `127.0.0.1:${port}`,
      connection: last ? "close" : "keep-alive",
      ...(body ? { "content-length": String(Buffer.byteLength(body)) } : {}),
      ...request.headers,
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("");
    socket.write(`${request.method} ${request.path} HTTP/1.1\r\n${head}\r\n${body}`);
  };

  const closed = new Promise<void>((resolve, reject) => {
    socket.on("data", (chunk: Buffer) => {
      received.push(chunk);
      pending = Buffer.concat([pending, chunk]);
      try {
        for (;;) {
          const parsed = parseChunkedResponse(pending);
          if (!parsed) break;
          responses.push(parsed.response);
          pending = pending.subarray(parsed.length);
          resolveResponse?.();
        }
      } catch (error) {
        socket.destroy();
        reject(error);
      }
    });
    socket.on("error", reject);
    socket.on("close", () => resolve());
  });

  for (let index = 0; index < requests.length; index++) {
    const answered = new Promise<void>((resolve) => {
      resolveResponse = resolve;
    });
    send(index);
    await Promise.race([answered, closed]);
    if (responses.length <= index) break;
  }
  await closed;
  if (pending.length > 0) {
    throw new Error(
      `${pending.length} bytes after the last response: ${JSON.stringify(pending.toString().slice(0, 80))}`,
    );
  }
  if (responses.length !== requests.length) {
    throw new Error(
      `${responses.length} of ${requests.length} responses; raw: ${JSON.stringify(Buffer.concat(received).toString().slice(-200))}`,
    );
  }
  return responses;
}

/** A whole response at the start of `bytes` and its length, or undefined while incomplete. */
function parseChunkedResponse(bytes: Buffer): { response: RawResponse; length: number } | undefined {
  const headEnd = bytes.indexOf("\r\n\r\n");
  if (headEnd === -1) return undefined;
  const [statusLine, ...headerLines] = bytes.subarray(0, headEnd).toString("latin1").split("\r\n");
  const status = /^HTTP\/1\.1 (\d{3}) /.exec(statusLine ?? "");
  if (!status) throw new Error(`not a status line: ${JSON.stringify(statusLine)}`);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  if (headers["transfer-encoding"] !== "chunked") {
    throw new Error(`not chunked: ${JSON.stringify(headers)}`);
  }
  const parts: Buffer[] = [];
  let offset = headEnd + 4;
  for (;;) {
    const lineEnd = bytes.indexOf("\r\n", offset);
    if (lineEnd === -1) return undefined;
    const sizeLine = bytes.subarray(offset, lineEnd).toString("latin1");
    if (!/^[0-9a-fA-F]{1,8}$/.test(sizeLine))
      throw new Error(`bad chunk size line: ${JSON.stringify(sizeLine)}`);
    const size = Number.parseInt(sizeLine, 16);
    const dataStart = lineEnd + 2;
    if (size === 0) {
      // No trailers are sent: the terminator is `0\r\n\r\n`.
      if (bytes.length < dataStart + 2) return undefined;
      if (bytes.subarray(dataStart, dataStart + 2).toString("latin1") !== "\r\n") {
        throw new Error("the last chunk is not followed by CRLF");
      }
      const body = Buffer.concat(parts).toString("utf8");
      return { response: { status: Number(status[1]), headers, body }, length: dataStart + 2 };
    }
    if (bytes.length < dataStart + size + 2) return undefined;
    if (bytes.subarray(dataStart + size, dataStart + size + 2).toString("latin1") !== "\r\n") {
      throw new Error(`a chunk of ${size} bytes is not followed by CRLF`);
    }
    parts.push(bytes.subarray(dataStart, dataStart + size));
    offset = dataStart + size + 2;
  }
}
