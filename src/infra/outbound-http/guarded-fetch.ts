import type { LookupFunction } from "node:net";
import type { Readable } from "node:stream";
import { isAddressRefusal } from "./address-refusal.js";
import { createOutboundHttp } from "./outbound-http.js";

/** `fetch` as its callers use it: a URL (or its string) and an init, a web Response. */
export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;

export interface GuardedFetchOptions {
  /** PARLEY_WEBHOOKS_ALLOW_PRIVATE: allow loopback and private addresses (development, tests). */
  allowPrivate: boolean;
  /** `code` of the error a refused address fails with: the caller's own (MCP's `EMCPADDRESS`). */
  refusalCode: string;
  /**
   * A body larger than this is cut off with an error while it is read; an event stream
   * (`text/event-stream`) is read as it comes, unbounded.
   */
  maxBodyBytes: number;
  /** The resolver under the address guard; `dns.lookup` unless a test injects one. */
  lookup?: LookupFunction;
}

interface OutgoingRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
  signal: AbortSignal | undefined;
}

type StaleSocketError = Error & { staleSocket?: boolean };

export interface GuardedFetch {
  fetch: FetchLike;
  /** Closes the pooled keep-alive sockets. */
  close(): void;
}

/**
 * A `fetch` over the outbound guard (outbound-http.ts), for callers that speak fetch: the MCP
 * SDK's transports and vendor calls to addresses taken from a user's data. Public addresses
 * only unless allowed, every address a host name resolves to and the connected socket's
 * checked before a byte is written. Redirects are returned as they are (a caller that follows
 * them calls this fetch again, so every hop is guarded). The web `Response` streams the node
 * response (event streams as they come, other bodies cut at `maxBodyBytes`); aborts by signal;
 * a stale pooled socket is retried once; refusals fail with the caller's `refusalCode`.
 */
export function createGuardedFetch(options: GuardedFetchOptions): GuardedFetch {
  const outbound = createOutboundHttp({
    allowPrivate: options.allowPrivate,
    keepAlive: true,
    lookup: options.lookup,
  });

  const guardedFetch: FetchLike = async (input, init = {}) => {
    const signal = init.signal ?? undefined;
    if (signal?.aborted) throw abortReason(signal);
    const checked = outbound.check(String(input));
    if (!checked.ok) throw addressError(checked.reason, options.refusalCode);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const body = bodyOf(init.body);
    if (body) headers["content-length"] = String(body.length);
    const request: OutgoingRequest = {
      url: checked.url,
      method: (init.method ?? "GET").toUpperCase(),
      headers,
      body,
      signal,
    };
    try {
      return await send(request);
    } catch (error) {
      // A kept-alive socket the server had closed while idle: the request never reached it
      // (Node's advice for reused sockets). Tried once more on a new socket.
      if ((error as StaleSocketError).staleSocket) return send(request);
      throw error;
    }
  };

  function send(outgoing: OutgoingRequest): Promise<Response> {
    const { url, method, headers, body, signal } = outgoing;
    return new Promise<Response>((resolve, reject) => {
      let responded = false;
      const request = outbound.open(url, { method, headers, body });
      const onAbort = () => request.destroy(abortReason(signal));
      signal?.addEventListener("abort", onAbort, { once: true });
      const stopListening = () => signal?.removeEventListener("abort", onAbort);

      request.on("error", (error: NodeJS.ErrnoException) => {
        if (responded) return;
        stopListening();
        const stale = request.reusedSocket && error.code === "ECONNRESET" && !signal?.aborted;
        reject(
          stale ? Object.assign(error, { staleSocket: true }) : describedError(error, options.refusalCode),
        );
      });
      request.on("response", (response) => {
        responded = true;
        response.once("close", stopListening);
        const status = response.statusCode ?? 502;
        const responseHeaders = new Headers();
        const raw = response.rawHeaders;
        for (let i = 0; i + 1 < raw.length; i += 2) responseHeaders.append(raw[i]!, raw[i + 1]!);
        const empty = method === "HEAD" || status === 204 || status === 205 || status === 304;
        if (empty) response.resume();
        const isEventStream = (responseHeaders.get("content-type") ?? "").includes("text/event-stream");
        resolve(
          new Response(
            empty ? null : webStreamOf(response, isEventStream ? undefined : options.maxBodyBytes),
            {
              status,
              statusText: response.statusMessage ?? "",
              headers: responseHeaders,
            },
          ),
        );
      });
    });
  }

  return { fetch: guardedFetch, close: () => outbound.close() };
}

function bodyOf(body: RequestInit["body"]): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return Buffer.from(body, "utf8");
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  throw new TypeError("only string and byte bodies are supported");
}

/**
 * The body as a web stream, with backpressure, at most `limit` bytes. Written out rather than
 * `Readable.toWeb`, which (Node 20) throws from a data event that follows a cancel.
 */
function webStreamOf(source: Readable, limit?: number): ReadableStream<Uint8Array> {
  let done = false;
  let seen = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const fail = (error: Error) => {
        if (done) return;
        done = true;
        controller.error(error);
        source.destroy();
      };
      source.on("data", (chunk: Buffer) => {
        if (done) return;
        seen += chunk.length;
        if (limit !== undefined && seen > limit)
          return fail(new Error(`the response is larger than ${limit} bytes`));
        controller.enqueue(new Uint8Array(chunk));
        if ((controller.desiredSize ?? 0) <= 0) source.pause();
      });
      source.once("end", () => {
        if (done) return;
        done = true;
        controller.close();
      });
      source.once("error", (error) => fail(error));
      source.once("close", () => fail(new Error("the connection closed before the response ended")));
    },
    pull() {
      source.resume();
    },
    cancel() {
      done = true;
      source.destroy();
    },
  });
}

function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new DOMException("This operation was aborted", "AbortError");
}

function addressError(reason: string, code: string): Error {
  return Object.assign(new Error(reason), { code });
}

/** The guard's refusal (a resolved or a connected address) as the caller's address error. */
function describedError(error: Error, code: string): Error {
  return isAddressRefusal(error) ? addressError(error.message, code) : error;
}
