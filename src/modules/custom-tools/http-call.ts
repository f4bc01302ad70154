import http from "node:http";
import https from "node:https";
import type { LookupFunction, Socket } from "node:net";
import { performance } from "node:perf_hooks";
import { hostnameOf, isForbiddenAddress, validateWebhookUrl } from "../webhooks/delivery/address-policy.js";
import { createSafeLookup, WEBHOOK_ADDRESS_ERROR_CODE } from "../webhooks/delivery/safe-lookup.js";

/**
 * One HTTP request of a custom tool, through the same address guard as webhooks
 * (webhooks/delivery/address-policy.ts and safe-lookup.ts): an IP-literal URL is checked before
 * connecting, a host name through the safe lookup (the socket connects only to an address it
 * returned), and nothing is written before the connected socket's address is checked once
 * more. Redirects are never followed. node:http rather than fetch: fetch has no lookup hook.
 */

export interface ToolHttpRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Exactly the bytes signed; empty for GET and DELETE. */
  body: string;
  timeoutMs: number;
  /** Response bytes kept; beyond them the response is cut and `truncated` set. */
  maxResponseBytes: number;
}

export type ToolHttpResult =
  | {
      kind: "response";
      status: number;
      contentType: string | null;
      body: Buffer;
      truncated: boolean;
      durationMs: number;
    }
  | {
      kind: "failed";
      /** `refused_address` (the guard), `timeout`, `network_error`. */
      reason: "refused_address" | "timeout" | "network_error";
      message: string;
      durationMs: number;
    };

export interface ToolHttpOptions {
  /** Reach private, loopback and link-local addresses (PARLEY_WEBHOOKS_ALLOW_PRIVATE; tests). */
  allowPrivate: boolean;
  /** The resolver under the guard; `dns.lookup` unless a test injects one. */
  lookup?: LookupFunction;
}

export type ToolHttpClient = (request: ToolHttpRequest) => Promise<ToolHttpResult>;

export function createToolHttpClient(options: ToolHttpOptions): ToolHttpClient {
  const { allowPrivate } = options;
  const lookup = createSafeLookup({ allowPrivate, lookup: options.lookup });

  return (request) => {
    const started = performance.now();
    return new Promise((resolve) => {
      let settled = false;
      let timer: NodeJS.Timeout | undefined;
      const elapsed = () => Math.round(performance.now() - started);
      const finish = (result: ToolHttpResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
      };
      const fail = (reason: "refused_address" | "timeout" | "network_error", message: string) =>
        finish({ kind: "failed", reason, message, durationMs: elapsed() });

      const checked = validateWebhookUrl(request.url, allowPrivate);
      if (!checked.ok) {
        fail("refused_address", checked.reason);
        return;
      }
      const url = checked.url;
      const body = Buffer.from(request.body, "utf8");
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
      if (body.length > 0) headers["content-length"] = String(body.length);

      let sent: http.ClientRequest;
      try {
        const isHttps = url.protocol === "https:";
        sent = (isHttps ? https : http).request({
          protocol: url.protocol,
          hostname: hostnameOf(url),
          port: url.port === "" ? undefined : Number(url.port),
          path: `${url.pathname}${url.search}`,
          method: request.method,
          headers,
          // A socket of its own: the lookup below decides every connection.
          agent: false,
          lookup,
        });
      } catch (error) {
        // http.request throws synchronously on e.g. an invalid header value.
        fail("network_error", describeError(error));
        return;
      }

      timer = setTimeout(() => {
        fail("timeout", `no complete answer within ${request.timeoutMs} ms`);
        sent.destroy();
      }, request.timeoutMs);

      sent.on("error", (error) => {
        const refused = error as NodeJS.ErrnoException & { hostname?: string; address?: string };
        if (refused.code !== WEBHOOK_ADDRESS_ERROR_CODE) return fail("network_error", describeError(error));
        fail(
          "refused_address",
          `${refused.hostname} resolves to ${refused.address}, a private, loopback, link-local or reserved address (allowed only with PARLEY_WEBHOOKS_ALLOW_PRIVATE=true)`,
        );
      });
      sent.on("socket", (socket: Socket) => {
        const writeWhenSafe = () => {
          if (settled || socket.destroyed) return;
          const remote = socket.remoteAddress;
          if (!allowPrivate && (remote === undefined || isForbiddenAddress(remote))) {
            fail(
              "refused_address",
              `connected to ${remote ?? "an unknown address"}, a forbidden address; nothing was sent`,
            );
            sent.destroy();
            return;
          }
          sent.end(body);
        };
        if (socket.connecting) socket.once("connect", writeWhenSafe);
        else writeWhenSafe();
      });
      sent.on("response", (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const complete = (truncated: boolean) =>
          finish({
            kind: "response",
            status: response.statusCode ?? 0,
            contentType: response.headers["content-type"] ?? null,
            body: Buffer.concat(chunks),
            truncated,
            durationMs: elapsed(),
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
        response.on("error", (error) => fail("network_error", `answer aborted: ${describeError(error)}`));
        response.on("close", () => {
          if (!response.complete) fail("network_error", "answer aborted before its end");
        });
      });
    });
  };
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message || String(code);
}
