import http from "node:http";
import https from "node:https";
import type { LookupFunction, Socket } from "node:net";
import { performance } from "node:perf_hooks";
import { hostnameOf, isForbiddenAddress, validateWebhookUrl } from "./address-policy.js";
import { createSafeLookup } from "./safe-lookup.js";
import { DEFAULT_WEBHOOK_USER_AGENT } from "./signature.js";

export interface WebhookSenderOptions {
  /** PARLEY_WEBHOOKS_ALLOW_PRIVATE: deliver to loopback/private targets (development, tests). */
  allowPrivate: boolean;
  /** Whole attempt, connect to the end of the response body. */
  timeoutMs?: number;
  /** Response body bytes kept for the delivery log; the rest is not read. */
  maxResponseBytes?: number;
  userAgent?: string;
  /** The resolver under the address guard; `dns.lookup` unless a test injects one. */
  lookup?: LookupFunction;
}

export interface WebhookRequest {
  url: string;
  /** The raw JSON body, exactly the string that was signed. */
  body: string;
  headers: Record<string, string>;
}

export interface DeliveryAttemptResult {
  /** A 2xx status arrived (with its body, up to the limit) within the timeout. */
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** At most `maxResponseBytes` of the body, decoded as UTF-8. */
  responseBody: string;
  /** 410 Gone: the receiver asks for the endpoint to be disabled. */
  gone: boolean;
}

export interface WebhookSender {
  /** One delivery attempt. Never throws: every failure is an `ok: false` result. */
  send(request: WebhookRequest): Promise<DeliveryAttemptResult>;
  /** Closes the pooled keep-alive sockets. */
  close(): void;
}

export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024;

/**
 * POSTs webhook bodies with node:http/https rather than fetch, because the address guard
 * needs the `lookup` hook and redirects must never be followed.
 *
 * The guard has three layers: IP-literal URLs are checked before connecting (Node does not
 * call `lookup` for them); host names go through the safe lookup, whose answer is the only
 * address the socket connects to; and nothing is written until the connected socket's
 * remote address has been checked once more, so no header or body reaches a forbidden
 * address even if a path skipped the first two.
 */
export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const allowPrivate = options.allowPrivate;
  const timeoutMs = options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const userAgent = options.userAgent ?? DEFAULT_WEBHOOK_USER_AGENT;
  const lookup = createSafeLookup({ allowPrivate, lookup: options.lookup });
  const agentOptions = { keepAlive: true, maxSockets: 50, lookup };
  const httpAgent = new http.Agent(agentOptions);
  const httpsAgent = new https.Agent(agentOptions);

  function send(request: WebhookRequest): Promise<DeliveryAttemptResult> {
    const started = performance.now();
    return new Promise((resolve) => {
      let settled = false;
      let timer: NodeJS.Timeout | undefined;
      let req: http.ClientRequest | undefined;

      const finish = (result: Omit<DeliveryAttemptResult, "durationMs">) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...result, durationMs: Math.round(performance.now() - started) });
      };
      const fail = (error: string, statusCode: number | null = null, responseBody = "") =>
        finish({ ok: false, statusCode, error, responseBody, gone: statusCode === 410 });

      try {
        const checked = validateWebhookUrl(request.url, allowPrivate);
        if (!checked.ok) return fail(checked.reason);
        const url = checked.url;
        const body = Buffer.from(request.body, "utf8");
        const headers: Record<string, string> = {
          "content-type": "application/json",
          "user-agent": userAgent,
        };
        for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
        headers["content-length"] = String(body.length);

        const isHttps = url.protocol === "https:";
        const sent = (isHttps ? https : http).request({
          protocol: url.protocol,
          hostname: hostnameOf(url),
          port: url.port === "" ? undefined : Number(url.port),
          path: `${url.pathname}${url.search}`,
          method: "POST",
          headers,
          agent: isHttps ? httpsAgent : httpAgent,
          lookup,
        });
        req = sent;

        timer = setTimeout(() => {
          fail(`timeout: no complete response within ${timeoutMs} ms`);
          sent.destroy();
        }, timeoutMs);

        sent.on("error", (err) => fail(describeError(err)));
        sent.on("socket", (socket: Socket) => {
          const writeWhenSafe = () => {
            if (settled || socket.destroyed) return;
            const remote = socket.remoteAddress;
            if (!allowPrivate && (remote === undefined || isForbiddenAddress(remote))) {
              fail(`connected to ${remote ?? "an unknown address"}, a forbidden address; nothing was sent`);
              sent.destroy();
              return;
            }
            sent.end(body);
          };
          if (socket.connecting) socket.once("connect", writeWhenSafe);
          else writeWhenSafe();
        });
        sent.on("response", (res) => {
          const status = res.statusCode ?? 0;
          const chunks: Buffer[] = [];
          let size = 0;
          const complete = () => {
            const responseBody = Buffer.concat(chunks).toString("utf8");
            if (status >= 200 && status < 300) {
              finish({ ok: true, statusCode: status, error: null, responseBody, gone: false });
            } else if (status >= 300 && status < 400) {
              fail(`redirect not followed (HTTP ${status})`, status, responseBody);
            } else {
              fail(`HTTP ${status}`, status, responseBody);
            }
          };
          res.on("data", (chunk: Buffer) => {
            if (settled) return;
            const room = maxResponseBytes - size;
            if (chunk.length <= room) {
              chunks.push(chunk);
              size += chunk.length;
              return;
            }
            // Enough: keep what fits and drop the connection instead of draining the rest.
            chunks.push(chunk.subarray(0, room));
            size += room;
            complete();
            res.destroy();
          });
          res.on("end", complete);
          res.on("error", (err) => fail(`response aborted: ${describeError(err)}`, status));
          res.on("close", () => {
            if (!res.complete) fail("response aborted before its end", status);
          });
        });
      } catch (err) {
        // http.request throws synchronously on e.g. an invalid header value.
        fail(describeError(err));
        req?.destroy();
      }
    });
  }

  return {
    send,
    close() {
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
}

function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as NodeJS.ErrnoException).code;
  return code && !err.message.includes(code) ? `${code}: ${err.message}` : err.message || String(code);
}
