import type { LookupFunction } from "node:net";
import { createOutboundHttp } from "../../infra/outbound-http/outbound-http.js";
import { type OutboundResult, sendBuffered } from "../../infra/outbound-http/send-buffered.js";

/**
 * One HTTP request of a custom tool, through the outbound guard shared with webhooks and MCP
 * (infra/outbound-http/): public addresses only unless allowed, checked again at connect time,
 * redirects never followed (call-tool.ts tells the model), the answer cut at the tool's
 * limit. A socket of its own per call: no pool to keep between a project's calls.
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
  const outbound = createOutboundHttp({
    allowPrivate: options.allowPrivate,
    keepAlive: false,
    lookup: options.lookup,
  });

  return async (request) => {
    const body = Buffer.from(request.body, "utf8");
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
    if (body.length > 0) headers["content-length"] = String(body.length);
    const result = await sendBuffered(outbound, { ...request, headers, body });
    return resultOf(result, request.timeoutMs);
  };
}

function resultOf(result: OutboundResult, timeoutMs: number): ToolHttpResult {
  const { durationMs } = result;
  const failed = (
    reason: "refused_address" | "timeout" | "network_error",
    message: string,
  ): ToolHttpResult => ({
    kind: "failed",
    reason,
    message,
    durationMs,
  });
  switch (result.kind) {
    case "response":
      return {
        kind: "response",
        status: result.status,
        contentType: result.headers["content-type"] ?? null,
        body: result.body,
        truncated: result.truncated,
        durationMs,
      };
    case "refused":
      return failed("refused_address", result.message);
    case "timeout":
      return failed("timeout", `no complete answer within ${timeoutMs} ms`);
    case "failed":
      return failed("network_error", result.message);
    case "broken":
      return failed(
        "network_error",
        result.cause === null ? "answer aborted before its end" : `answer aborted: ${result.cause}`,
      );
  }
}
