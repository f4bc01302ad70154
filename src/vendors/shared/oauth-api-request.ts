import {
  credentialsRejected,
  permanentFailure,
  rateLimited,
  transientFailure,
} from "../contract/channel-error.js";
import type { OAuthAccess, VendorContext } from "../contract/vendor-context.js";
import { asRecord, type JsonRecord } from "./json-fields.js";

/** A vendor API that has not answered by then is treated as unreachable. */
const API_TIMEOUT_MS = 20_000;

/** The integration's live OAuth access, or a permanent failure when the context has none. */
export async function oauthAccessOf(context: VendorContext<unknown>, vendor: string): Promise<OAuthAccess> {
  if (!context.oauth) {
    throw permanentFailure("oauth_not_connected", `The ${vendor} integration is not connected by OAuth.`);
  }
  return context.oauth();
}

/**
 * One JSON call to an OAuth vendor's API with the integration's token (profiles; docs/oauth.md).
 * 401 is the token refused (`credentials_rejected`); 429, or GitHub's 403 with no rate left,
 * `rate_limited` (Retry-After, or GitHub's reset time); a 5xx or no answer `transient`; any
 * other 4xx `permanent`. Messages carry the status and the vendor's message, never the token.
 */
export async function fetchVendorJson(
  fetcher: typeof fetch,
  vendor: string,
  url: string,
  init: RequestInit = {},
): Promise<JsonRecord> {
  let response: Response;
  try {
    response = await fetcher(url, { ...init, signal: AbortSignal.timeout(API_TIMEOUT_MS) });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    throw transientFailure(
      "vendor_unreachable",
      `${vendor} ${timedOut ? "did not answer in time" : "could not be reached"}`,
    );
  }
  const text = await response.text().catch(() => "");
  let body: JsonRecord | undefined;
  try {
    body = asRecord(JSON.parse(text));
  } catch {
    body = undefined;
  }
  if (response.ok && body) return body;
  const detail = messageOf(body) ?? `HTTP ${response.status}`;
  const status = response.status;
  if (status === 401) throw credentialsRejected("token_rejected", `${vendor} refused the token: ${detail}`);
  const waitMs = retryAfterMs(response);
  if (status === 429 || (status === 403 && response.headers.get("x-ratelimit-remaining") === "0")) {
    throw rateLimited("rate_limited", `${vendor} asks to slow down: ${detail}`, waitMs ?? 60_000);
  }
  if (status >= 500 || response.ok) {
    throw transientFailure(
      "vendor_unavailable",
      `${vendor} answered HTTP ${status}${response.ok ? " without JSON" : ""}`,
    );
  }
  throw permanentFailure(`http_${status}`, `${vendor} refused the request: ${detail}`);
}

function messageOf(body: JsonRecord | undefined): string | undefined {
  if (!body) return undefined;
  const error = asRecord(body.error);
  const candidates = [
    body.message,
    body.error_description,
    error?.message,
    typeof body.error === "string" ? body.error : undefined,
    body.detail,
    body.title,
  ];
  const found = candidates.find((value): value is string => typeof value === "string" && value.length > 0);
  return found?.slice(0, 300);
}

/** Retry-After in seconds, or GitHub's `x-ratelimit-reset` (epoch seconds). */
function retryAfterMs(response: Response): number | undefined {
  const retryAfter = Number(response.headers.get("retry-after"));
  if (Number.isFinite(retryAfter) && retryAfter > 0) return retryAfter * 1000;
  const reset = Number(response.headers.get("x-ratelimit-reset"));
  if (Number.isFinite(reset) && reset > 0) return Math.max(1000, reset * 1000 - Date.now());
  return undefined;
}
