import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, LookupFunction, Socket } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createWebhookSender,
  WEBHOOK_ADDRESS_ERROR_CODE,
  type WebhookSender,
} from "../../../src/modules/webhooks/delivery/http-sender.js";
import {
  buildWebhookHeaders,
  signWebhookBody,
  verifyWebhookSignature,
} from "../../../src/modules/webhooks/delivery/signature.js";
import { answerEndlessly } from "../../helpers/loopback-server.js";

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  raw: Buffer;
  remotePort: number | undefined;
}

type Handler = (req: IncomingMessage, res: ServerResponse, raw: Buffer) => void;

/** A real receiver on 127.0.0.1 whose behaviour each test sets. */
class Receiver {
  readonly received: Received[] = [];
  handler: Handler = (_req, res) => res.end("ok");
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();

  constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const raw = Buffer.concat(chunks);
        this.received.push({
          method: req.method ?? "",
          url: req.url ?? "",
          headers: req.headers,
          raw,
          remotePort: req.socket.remotePort,
        });
        this.handler(req, res, raw);
      });
    });
    this.server.on("connection", (s) => {
      this.sockets.add(s);
      s.on("close", () => this.sockets.delete(s));
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  get connections(): number {
    return this.sockets.size;
  }

  reset(): void {
    this.received.length = 0;
    this.handler = (_req, res) => res.end("ok");
    for (const s of this.sockets) s.destroy();
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const SECRET = "whsec_test_5c1a9e2b7d4f";
const receiver = new Receiver();
const senders: WebhookSender[] = [];

function sender(options: Parameters<typeof createWebhookSender>[0]): WebhookSender {
  const s = createWebhookSender(options);
  senders.push(s);
  return s;
}

function signedRequest(url: string, eventId = "evt_test_0001") {
  const body = JSON.stringify({
    id: eventId,
    type: "thread.created",
    created_at: "2026-11-21T10:00:00.000Z",
    data: { thread_id: "thr_test_0001", text: "Grüße 👋" },
  });
  const headers = buildWebhookHeaders({
    eventId,
    timestamp: new Date("2026-11-21T10:00:00.000Z"),
    signature: signWebhookBody(SECRET, body),
  });
  return { url, body, headers };
}

/** A resolver for made-up names, so tests never touch real DNS or the network. */
function fakeResolver(
  table: Record<string, Array<{ address: string; family: 4 | 6 }>>,
  calls: string[] = [],
) {
  const lookup: LookupFunction = (hostname, options, callback) => {
    calls.push(hostname);
    const addresses = table[hostname];
    setImmediate(() => {
      if (!addresses) return callback(Object.assign(new Error("not found"), { code: "ENOTFOUND" }), []);
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
  return lookup;
}

beforeAll(() => receiver.listen());
afterEach(() => {
  for (const s of senders.splice(0)) s.close();
  receiver.reset();
});
afterAll(() => receiver.close());

describe("webhook sender with private targets allowed", () => {
  it("delivers the raw body and headers, and the receiver verifies the signature from the raw bytes", async () => {
    receiver.handler = (req, res, raw) => {
      const valid = verifyWebhookSignature(SECRET, raw, req.headers["x-service-signature"]);
      res
        .writeHead(valid ? 200 : 401, { "content-type": "text/plain" })
        .end(valid ? "thanks" : "bad signature");
    };
    const request = signedRequest(`http://127.0.0.1:${receiver.port}/hooks/parley?x=1`);
    const result = await sender({ allowPrivate: true }).send(request);

    expect(result).toMatchObject({
      ok: true,
      statusCode: 200,
      error: null,
      responseBody: "thanks",
      gone: false,
    });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    expect(got.method).toBe("POST");
    expect(got.url).toBe("/hooks/parley?x=1");
    expect(got.raw.equals(Buffer.from(request.body, "utf8"))).toBe(true);
    expect(got.headers["content-type"]).toBe("application/json");
    expect(got.headers["content-length"]).toBe(String(Buffer.byteLength(request.body)));
    expect(got.headers["x-service-signature"]).toBe(signWebhookBody(SECRET, request.body));
    expect(got.headers["x-service-event-id"]).toBe("evt_test_0001");
    expect(got.headers["x-service-timestamp"]).toBe("1795255200");
    expect(got.headers["user-agent"]).toMatch(/^Parley-Webhooks\//);
    // and a tampered body fails the same check
    expect(
      verifyWebhookSignature(
        SECRET,
        Buffer.concat([got.raw, Buffer.from(" ")]),
        got.headers["x-service-signature"],
      ),
    ).toBe(false);
  });

  it("reuses a keep-alive connection for the next delivery", async () => {
    const s = sender({ allowPrivate: true });
    const url = `http://127.0.0.1:${receiver.port}/`;
    expect((await s.send(signedRequest(url, "evt_1"))).ok).toBe(true);
    expect((await s.send(signedRequest(url, "evt_2"))).ok).toBe(true);
    expect(receiver.received.map((r) => r.headers["x-service-event-id"])).toEqual(["evt_1", "evt_2"]);
    expect(receiver.received[1]!.remotePort).toBe(receiver.received[0]!.remotePort);
  });

  it("resolves host names through the injected lookup", async () => {
    const calls: string[] = [];
    const lookup = fakeResolver({ "receiver.test": [{ address: "127.0.0.1", family: 4 }] }, calls);
    const result = await sender({ allowPrivate: true, lookup }).send(
      signedRequest(`http://receiver.test:${receiver.port}/`),
    );
    expect(result.ok).toBe(true);
    expect(calls).toEqual(["receiver.test"]);
    expect(receiver.received[0]!.headers.host).toBe(`receiver.test:${receiver.port}`);
  });

  it("does not follow redirects", async () => {
    receiver.handler = (_req, res) => res.writeHead(302, { location: "/elsewhere" }).end("moved");
    const result = await sender({ allowPrivate: true }).send(
      signedRequest(`http://127.0.0.1:${receiver.port}/`),
    );
    expect(result).toMatchObject({ ok: false, statusCode: 302, gone: false, responseBody: "moved" });
    expect(result.error).toContain("redirect not followed");
    expect(receiver.received).toHaveLength(1);
  });

  it("reports a 500 as a failure with its status and body", async () => {
    receiver.handler = (_req, res) => res.writeHead(500).end("oops");
    const result = await sender({ allowPrivate: true }).send(
      signedRequest(`http://127.0.0.1:${receiver.port}/`),
    );
    expect(result).toMatchObject({
      ok: false,
      statusCode: 500,
      error: "HTTP 500",
      responseBody: "oops",
      gone: false,
    });
  });

  it("marks a 410 as gone", async () => {
    receiver.handler = (_req, res) => res.writeHead(410).end();
    const result = await sender({ allowPrivate: true }).send(
      signedRequest(`http://127.0.0.1:${receiver.port}/`),
    );
    expect(result).toMatchObject({ ok: false, statusCode: 410, gone: true });
  });

  it("times out on a receiver that never answers", async () => {
    receiver.handler = () => {};
    // The receiver never answers: that send() returns at all is the timeout at work.
    const result = await sender({ allowPrivate: true, timeoutMs: 200 }).send(
      signedRequest(`http://127.0.0.1:${receiver.port}/`),
    );
    expect(result.ok).toBe(false);
    expect(result.statusCode).toBeNull();
    expect(result.error).toMatch(/timeout/);
    expect(result.durationMs).toBeGreaterThanOrEqual(190);
  });

  it("times out on a receiver that sends its status but trickles the body forever", async () => {
    receiver.handler = (_req, res) => {
      res.writeHead(200);
      res.write("a");
    };
    const result = await sender({ allowPrivate: true, timeoutMs: 200 }).send(
      signedRequest(`http://127.0.0.1:${receiver.port}/`),
    );
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/timeout/);
  });

  it("truncates a huge response body and does not wait for the rest", async () => {
    receiver.handler = (_req, res) => answerEndlessly(res);
    // A timeout longer than the test's own: waiting for the endless rest would fail the test.
    const result = await sender({ allowPrivate: true, maxResponseBytes: 1000, timeoutMs: 60_000 }).send(
      signedRequest(`http://127.0.0.1:${receiver.port}/`),
    );
    expect(result.ok).toBe(true);
    expect(result.statusCode).toBe(200);
    expect(result.responseBody).toBe("x".repeat(1000));
  });

  it("keeps the default 16 KiB of a body", async () => {
    receiver.handler = (_req, res) => res.writeHead(500).end("y".repeat(100_000));
    const result = await sender({ allowPrivate: true }).send(
      signedRequest(`http://127.0.0.1:${receiver.port}/`),
    );
    expect(result.statusCode).toBe(500);
    expect(result.responseBody).toHaveLength(16 * 1024);
  });

  it("reports a refused connection", async () => {
    const probe = new Receiver();
    await probe.listen();
    const port = probe.port;
    await probe.close();
    const result = await sender({ allowPrivate: true }).send(signedRequest(`http://127.0.0.1:${port}/`));
    expect(result).toMatchObject({ ok: false, statusCode: null, gone: false });
    expect(result.error).toMatch(/ECONNREFUSED/);
  });

  it("reports a connection dropped before any answer", async () => {
    receiver.handler = (req) => req.socket.destroy();
    const result = await sender({ allowPrivate: true }).send(
      signedRequest(`http://127.0.0.1:${receiver.port}/`),
    );
    expect(result).toMatchObject({ ok: false, statusCode: null });
    expect(result.error).toMatch(/socket hang up|ECONNRESET/);
  });

  it("never throws: bad URLs and bad header values become failures", async () => {
    const s = sender({ allowPrivate: true });
    for (const url of ["not a url", "ftp://127.0.0.1/", "http://user:pw@127.0.0.1/"]) {
      const result = await s.send(signedRequest(url));
      expect(result.ok, url).toBe(false);
      expect(result.error, url).toBeTruthy();
    }
    const badHeader = await s.send({
      url: `http://127.0.0.1:${receiver.port}/`,
      body: "{}",
      headers: { "x-service-event-id": "evt\r\nx-injected: 1" },
    });
    expect(badHeader.ok).toBe(false);
    expect(badHeader.error).toBeTruthy();
    expect(receiver.received).toHaveLength(0);
  });
});

describe("webhook sender with private targets refused", () => {
  const refusedLiterals = [
    ["loopback IPv4", () => `http://127.0.0.1:${receiver.port}/`],
    ["loopback IPv4, short spelling", () => `http://127.1:${receiver.port}/`],
    ["loopback IPv6", () => `http://[::1]:${receiver.port}/`],
    ["IPv4-mapped loopback", () => `http://[::ffff:127.0.0.1]:${receiver.port}/`],
    ["IPv4-mapped loopback in hex", () => `http://[::ffff:7f00:1]:${receiver.port}/`],
    ["the cloud metadata address", () => "http://169.254.169.254/latest/meta-data/"],
    ["a private address", () => "http://10.0.0.1/"],
  ] as const;

  it.each(refusedLiterals)("refuses %s before connecting", async (_name, url) => {
    const before = receiver.connections;
    // Refused by address, not by a failed connection (which would report the timeout or ECONNREFUSED).
    const result = await sender({ allowPrivate: false, timeoutMs: 60_000 }).send(signedRequest(url()));
    expect(result).toMatchObject({ ok: false, statusCode: null, gone: false, responseBody: "" });
    expect(result.error).toMatch(/PARLEY_WEBHOOKS_ALLOW_PRIVATE/);
    expect(receiver.received).toHaveLength(0);
    expect(receiver.connections).toBe(before);
  });

  it("refuses a host name that resolves to 127.0.0.1 (localhost, real resolver)", async () => {
    const result = await sender({ allowPrivate: false }).send(
      signedRequest(`http://localhost:${receiver.port}/`),
    );
    expect(result).toMatchObject({ ok: false, statusCode: null });
    expect(result.error).toContain(WEBHOOK_ADDRESS_ERROR_CODE);
    expect(result.error).toMatch(/localhost resolves to/);
    // The delivery record's wording, exactly: the code, then the host and the address.
    expect(result.error).toMatch(
      /^EWEBHOOKADDRESS: webhook host localhost resolves to (127\.0\.0\.1|::1), a private, loopback, link-local or reserved address \(allowed only with PARLEY_WEBHOOKS_ALLOW_PRIVATE=true\)$/,
    );
    expect(receiver.received).toHaveLength(0);
    expect(receiver.connections).toBe(0);
  });

  it("refuses a name whose answer mixes a public and a private address (rebinding-style)", async () => {
    const calls: string[] = [];
    const lookup = fakeResolver(
      {
        "rebind.test": [
          { address: "93.184.216.34", family: 4 },
          { address: "127.0.0.1", family: 4 },
        ],
      },
      calls,
    );
    const result = await sender({ allowPrivate: false, lookup }).send(
      signedRequest(`http://rebind.test:${receiver.port}/`),
    );
    expect(calls).toEqual(["rebind.test"]);
    expect(result.ok).toBe(false);
    expect(result.error).toContain(WEBHOOK_ADDRESS_ERROR_CODE);
    expect(result.error).toContain("127.0.0.1");
    expect(receiver.received).toHaveLength(0);
  });

  it("checks the address on every connection, so a name that rebinds later is refused then", async () => {
    let answer = "127.0.0.1";
    const lookup: LookupFunction = (_hostname, options, callback) =>
      setImmediate(() =>
        options.all ? callback(null, [{ address: answer, family: 4 }]) : callback(null, answer, 4),
      );
    // Allowed, the first connection goes to the receiver; then the pool is closed and the
    // name now answers with the metadata address.
    const allowed = sender({ allowPrivate: true, lookup });
    expect((await allowed.send(signedRequest(`http://flip.test:${receiver.port}/`))).ok).toBe(true);
    answer = "169.254.169.254";
    const strict = sender({ allowPrivate: false, lookup });
    const result = await strict.send(signedRequest(`http://flip.test:${receiver.port}/`));
    expect(result.ok).toBe(false);
    expect(result.error).toContain("169.254.169.254");
    expect(receiver.received).toHaveLength(1);
  });
});
