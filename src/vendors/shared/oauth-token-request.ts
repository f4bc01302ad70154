import { credentialsRejected, permanentFailure, transientFailure } from "../contract/channel-error.js";
import type { OAuthGrant } from "../contract/oauth-protocol.js";
import { asNumber, asRecord, asString, type JsonRecord } from "./json-fields.js";

/** A token endpoint that has not answered by then is treated as unreachable (and retried). */
export const TOKEN_REQUEST_TIMEOUT_MS = 15_000;

export interface TokenRequest {
  /** For messages: "GitHub", "amoCRM", … */
  vendor: string;
  url: string;
  method?: "GET" | "POST";
  /** Sent form-encoded (POST) or as the query (GET). */
  form?: Record<string, string>;
  /** Sent as JSON (amoCRM). */
  json?: Record<string, string>;
}

/**
 * Calls a vendor's token endpoint and returns its answer, or throws how it failed
 * (docs/oauth.md, "Failures"): a 4xx, or a 200 carrying `error` (GitHub's way), is the vendor
 * refusing (`credentials_rejected`: a bad or used code, a revoked refresh token, wrong app
 * credentials); a 5xx, 408, 429 or no answer is `transient`. Messages quote the vendor's
 * error code and description, never a token, code or secret.
 */
export async function requestToken(fetcher: typeof fetch, request: TokenRequest): Promise<JsonRecord> {
  const method = request.method ?? "POST";
  let target = request.url;
  const init: RequestInit = {
    method,
    headers: { accept: "application/json" },
    signal: AbortSignal.timeout(TOKEN_REQUEST_TIMEOUT_MS),
    redirect: "error",
  };
  if (method === "GET" && request.form) {
    const url = new URL(request.url);
    for (const [name, value] of Object.entries(request.form)) url.searchParams.set(name, value);
    target = url.toString();
  } else if (request.json) {
    init.body = JSON.stringify(request.json);
    init.headers = { ...init.headers, "content-type": "application/json" };
  } else if (request.form) {
    init.body = new URLSearchParams(request.form).toString();
    init.headers = { ...init.headers, "content-type": "application/x-www-form-urlencoded" };
  }
  let response: Response;
  try {
    response = await fetcher(target, init);
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    throw transientFailure(
      "vendor_unreachable",
      `${request.vendor}'s token endpoint ${timedOut ? "did not answer in time" : "could not be reached"}`,
    );
  }
  const text = await response.text().catch(() => "");
  const body = parseAnswer(text, response.headers.get("content-type"));
  if (response.status >= 500 || response.status === 408 || response.status === 429) {
    throw transientFailure(
      "vendor_unavailable",
      `${request.vendor}'s token endpoint answered HTTP ${response.status}`,
    );
  }
  const error = body ? vendorError(body, response.status) : undefined;
  if (response.status >= 400 || error) {
    throw credentialsRejected(
      error?.code ?? `http_${response.status}`,
      `${request.vendor} refused: ${error?.text ?? `HTTP ${response.status}`}`,
    );
  }
  if (!body || !asString(body.access_token)) {
    throw permanentFailure(
      "invalid_token_response",
      `${request.vendor}'s token endpoint gave no access_token`,
    );
  }
  return body;
}

/** JSON, or the form-encoded answer GitHub gives when it ignores `Accept`. */
function parseAnswer(text: string, contentType: string | null): JsonRecord | undefined {
  if (contentType?.includes("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    return asRecord(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/**
 * The vendor's error: OAuth's `error` / `error_description` (also in a 200 from GitHub), or
 * amoCRM's problem+json `title` / `hint` / `detail` on a 4xx.
 */
function vendorError(body: JsonRecord, status: number): { code: string; text: string } | undefined {
  const oauthCode = asString(body.error);
  const title = status >= 400 ? asString(body.title) : undefined;
  if (!oauthCode && !title) return undefined;
  const description = asString(body.error_description) ?? asString(body.hint) ?? asString(body.detail);
  const code = oauthCode?.replace(/[^A-Za-z0-9_.-]/g, "_").slice(0, 60) || `http_${status}`;
  const label = oauthCode ?? title ?? code;
  return { code, text: description ? `${label}: ${description.slice(0, 300)}` : label };
}

/** The common fields of a token answer; `previous` fills what a refresh answer leaves out. */
export function grantOf(
  body: JsonRecord,
  extra: { account: Record<string, string>; endpoint?: string },
  previous?: OAuthGrant,
): OAuthGrant {
  const expiresIn = asNumber(body.expires_in);
  const refreshToken = asString(body.refresh_token) ?? previous?.refreshToken;
  const scope = asString(body.scope) ?? previous?.scope;
  const tokenType = asString(body.token_type);
  return {
    accessToken: asString(body.access_token) ?? "",
    ...(refreshToken ? { refreshToken } : {}),
    ...(tokenType ? { tokenType } : {}),
    ...(scope ? { scope } : {}),
    ...(expiresIn !== undefined && expiresIn > 0 ? { expiresIn } : {}),
    ...(extra.endpoint ? { endpoint: extra.endpoint } : {}),
    account: extra.account,
  };
}
