import { permanentFailure, transientFailure } from "../contract/channel-error.js";
import type { OAuthAccess } from "../contract/vendor-context.js";
import { parseJsonObject } from "../shared/json-fields.js";
import { bitrix24Error, bitrix24ErrorOf } from "./errors.js";
import type { Bitrix24Context } from "./state.js";

/** How long one REST call may take before it counts as failed (and is retried where that is safe). */
export const BITRIX24_REQUEST_TIMEOUT_MS = 30_000;

/**
 * Calls a portal's REST API (docs/channels.md, "Bitrix24") with the integration's OAuth token:
 * `POST {client_endpoint}{method}.json` (or on PARLEY_BITRIX24_API_URL when configured), the parameters as JSON with the token in `auth` (never
 * in a URL), the answer's `result` returned. When the portal calls the token expired although
 * the OAuth connection handed it out as valid (clocks apart, revoked early), the connection is
 * asked once more: a different token is tried once; the same one, or a second refusal, is
 * `credentials_rejected`.
 */
export async function callBitrix24(
  context: Bitrix24Context,
  method: string,
  params: Record<string, unknown> = {},
): Promise<unknown> {
  let access = await oauthAccess(context);
  let response = await post(context, access, method, params);
  if (response.status === 401 && bitrix24ErrorOf(response.text).code === "expired_token") {
    const renewed = await oauthAccess(context, access.accessToken);
    if (renewed.accessToken !== access.accessToken) {
      access = renewed;
      response = await post(context, access, method, params);
    }
  }
  const body = parseJsonObject(response.text);
  if (response.status >= 200 && response.status < 300 && body && body.error === undefined) {
    if (!("result" in body)) {
      throw transientFailure("vendor_unavailable", `Bitrix24 ${method} answered without a result`);
    }
    return body.result;
  }
  if (!body && response.status >= 200 && response.status < 300) {
    throw transientFailure("vendor_unavailable", `Bitrix24 ${method} failed: the answer is not JSON`);
  }
  // An error in a 2xx answer is read as a refusal of the call.
  const status = response.status >= 200 && response.status < 300 ? 400 : response.status;
  throw bitrix24Error(method, status, response.text);
}

/** The integration's live OAuth token; without an OAuth connection nothing can be called. */
export async function oauthAccess(context: Bitrix24Context, rejected?: string): Promise<OAuthAccess> {
  if (!context.oauth) {
    throw permanentFailure(
      "oauth_not_connected",
      "The Bitrix24 integration is not connected by OAuth yet (docs/oauth.md).",
    );
  }
  return context.oauth(rejected !== undefined ? { rejected } : undefined);
}

async function post(
  context: Bitrix24Context,
  access: OAuthAccess,
  method: string,
  params: Record<string, unknown>,
): Promise<{ status: number; text: string }> {
  // PARLEY_BITRIX24_API_URL, when the operator set it, stands in for every portal's endpoint.
  const base = (context.apiBaseUrl || access.apiBase).replace(/\/+$/, "");
  const response = await context.fetch(`${base}/${method}.json`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ ...params, auth: access.accessToken }),
    signal: AbortSignal.timeout(BITRIX24_REQUEST_TIMEOUT_MS),
  });
  return { status: response.status, text: await response.text() };
}
