import type { LookupFunction } from "node:net";
import { createOutboundHttp } from "../../../infra/outbound-http/outbound-http.js";
import { type OutboundResult, sendBuffered } from "../../../infra/outbound-http/send-buffered.js";
import { DEFAULT_WEBHOOK_USER_AGENT } from "./signature.js";

/**
 * The `error` of a delivery whose host name resolved to a refused address starts with this
 * code (`EWEBHOOKADDRESS: webhook host … resolves to …`), as delivery records show it.
 */
export const WEBHOOK_ADDRESS_ERROR_CODE = "EWEBHOOKADDRESS";

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
 * POSTs webhook bodies through the outbound guard (infra/outbound-http/): public addresses
 * only unless allowed, checked at connect time, redirects never followed, the answer cut at
 * `maxResponseBytes`. What is the webhooks' own: the JSON content type, the user agent, a
 * 2xx as the only success, 410 as "gone", and the wording of failures in delivery records.
 */
export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const timeoutMs = options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const userAgent = options.userAgent ?? DEFAULT_WEBHOOK_USER_AGENT;
  const outbound = createOutboundHttp({
    allowPrivate: options.allowPrivate,
    keepAlive: true,
    lookup: options.lookup,
  });

  async function send(request: WebhookRequest): Promise<DeliveryAttemptResult> {
    const body = Buffer.from(request.body, "utf8");
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "user-agent": userAgent,
    };
    for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
    headers["content-length"] = String(body.length);
    const result = await sendBuffered(outbound, {
      url: request.url,
      method: "POST",
      headers,
      body,
      timeoutMs,
      maxResponseBytes,
    });
    return { ...attemptOf(result, timeoutMs), durationMs: result.durationMs };
  }

  return { send, close: () => outbound.close() };
}

function attemptOf(result: OutboundResult, timeoutMs: number): Omit<DeliveryAttemptResult, "durationMs"> {
  const failed = (error: string, statusCode: number | null = null, responseBody = "") => ({
    ok: false,
    statusCode,
    error,
    responseBody,
    gone: statusCode === 410,
  });
  switch (result.kind) {
    case "response": {
      const { status } = result;
      const responseBody = result.body.toString("utf8");
      if (status >= 200 && status < 300) {
        return { ok: true, statusCode: status, error: null, responseBody, gone: false };
      }
      if (status >= 300 && status < 400)
        return failed(`redirect not followed (HTTP ${status})`, status, responseBody);
      return failed(`HTTP ${status}`, status, responseBody);
    }
    case "refused":
      return failed(
        result.stage === "dns"
          ? `${WEBHOOK_ADDRESS_ERROR_CODE}: webhook host ${result.message}`
          : result.message,
      );
    case "timeout":
      return failed(`timeout: no complete response within ${timeoutMs} ms`);
    case "failed":
      return failed(result.message);
    case "broken":
      return failed(
        result.cause === null ? "response aborted before its end" : `response aborted: ${result.cause}`,
        result.status,
      );
  }
}
