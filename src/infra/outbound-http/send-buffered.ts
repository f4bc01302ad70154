import type { ClientRequest, IncomingHttpHeaders } from "node:http";
import { performance } from "node:perf_hooks";
import { isAddressRefusal, type RefusalStage } from "./address-refusal.js";
import type { OutboundHttp, OutboundRequestInit } from "./outbound-http.js";

export interface BufferedRequest extends OutboundRequestInit {
  url: string;
  /** The whole exchange, from the connect to the end of the response body. */
  timeoutMs: number;
  /** Response body bytes kept; past them the body is cut off (`truncated`) and the rest never read. */
  maxResponseBytes: number;
}

type Outcome =
  | {
      kind: "response";
      /** Any status, 3xx included: redirects are never followed. */
      status: number;
      headers: IncomingHttpHeaders;
      body: Buffer;
      truncated: boolean;
    }
  /** The guard refused the URL or an address (outbound-http.ts); `message` says which and why. */
  | { kind: "refused"; stage: RefusalStage; message: string }
  /** No complete answer within `timeoutMs`. */
  | { kind: "timeout" }
  /** No answer: the resolver or the connection failed, or a header was invalid. */
  | { kind: "failed"; message: string }
  /** The answer broke off before its end: `cause` is the stream's error, null when the connection just closed. */
  | { kind: "broken"; status: number; cause: string | null };

/** What became of one exchange. Each caller words the failures in its own terms. */
export type OutboundResult = Outcome & { durationMs: number };

/**
 * One request through the guard, its response read whole (up to `maxResponseBytes`) within
 * `timeoutMs`: webhook deliveries and custom tools. Never rejects: every failure is a result.
 */
export function sendBuffered(
  outbound: Pick<OutboundHttp, "check" | "open">,
  request: BufferedRequest,
): Promise<OutboundResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: Math.round(performance.now() - started) });
    };

    const checked = outbound.check(request.url);
    if (!checked.ok) return finish({ kind: "refused", stage: "url", message: checked.reason });
    let sent: ClientRequest;
    try {
      sent = outbound.open(checked.url, request);
    } catch (error) {
      // http.request throws synchronously on e.g. an invalid header value.
      return finish({ kind: "failed", message: describeError(error) });
    }

    timer = setTimeout(() => {
      finish({ kind: "timeout" });
      sent.destroy();
    }, request.timeoutMs);

    sent.on("error", (error) =>
      finish(
        isAddressRefusal(error)
          ? { kind: "refused", stage: error.stage, message: error.message }
          : { kind: "failed", message: describeError(error) },
      ),
    );
    sent.on("response", (response) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      const complete = (truncated: boolean) =>
        finish({
          kind: "response",
          status,
          headers: response.headers,
          body: Buffer.concat(chunks),
          truncated,
        });
      response.on("data", (chunk: Buffer) => {
        if (settled) return;
        const room = request.maxResponseBytes - size;
        if (chunk.length <= room) {
          chunks.push(chunk);
          size += chunk.length;
          return;
        }
        // Enough: keep what fits and drop the connection instead of reading the rest.
        chunks.push(chunk.subarray(0, room));
        size += room;
        complete(true);
        response.destroy();
      });
      response.on("end", () => complete(false));
      response.on("error", (error) => finish({ kind: "broken", status, cause: describeError(error) }));
      response.on("close", () => {
        if (!response.complete) finish({ kind: "broken", status, cause: null });
      });
    });
  });
}

/** An error as one line: its message, with its code in front when the message lacks it. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message || String(code);
}
