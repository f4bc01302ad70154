import { credentialsRejected, transientFailure } from "../contract/channel-error.js";
import { asNumber, asString, parseJsonObject } from "../shared/json-fields.js";
import { avitoHttpError } from "./errors.js";
import { type AvitoContext, readAvitoState } from "./state.js";

/** A cached token is renewed this long before it expires, so no call carries one about to lapse. */
export const TOKEN_RENEWAL_MARGIN_MS = 5 * 60_000;

/** Avito documents 24 hours; used when the answer names no lifetime. */
const DEFAULT_LIFETIME_SECONDS = 86_400;

export interface AccessToken {
  value: string;
  expiresAt: number;
}

/** The token saved in state, while it is good for more than the renewal margin. */
export function cachedAccessToken(context: AvitoContext): AccessToken | undefined {
  const state = readAvitoState(context);
  if (!state.access_token || !state.access_token_expires_at) return undefined;
  const expiresAt = Date.parse(state.access_token_expires_at);
  if (!Number.isFinite(expiresAt) || expiresAt - TOKEN_RENEWAL_MARGIN_MS <= Date.now()) return undefined;
  return { value: state.access_token, expiresAt };
}

/**
 * A new token by the client_credentials grant (`POST /token`, form-encoded), saved in state.
 * A refusal of the client id and secret (400, 401, 403, or an OAuth `error` in the answer) is
 * `credentials_rejected`; the credentials never appear in an error message.
 */
export async function requestAccessToken(context: AvitoContext): Promise<AccessToken> {
  const form = new URLSearchParams({
    grant_type: "client_credentials",
    client_id: context.authData.client_id,
    client_secret: context.authData.client_secret,
  });
  const response = await context.fetch(`${context.apiBaseUrl}/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: form.toString(),
  });
  const text = await response.text();
  if (response.status === 400 || response.status === 401 || response.status === 403) {
    throw credentialsRejected(
      "credentials_rejected",
      `Avito /token refused the client credentials: HTTP ${response.status}`,
    );
  }
  if (!response.ok)
    throw avitoHttpError("/token", response.status, text, response.headers.get("retry-after"));
  const body = parseJsonObject(text);
  const value = asString(body?.access_token);
  if (!value) {
    if (body?.error !== undefined) {
      throw credentialsRejected("credentials_rejected", "Avito /token refused the client credentials");
    }
    throw transientFailure("vendor_unavailable", "Avito /token answered without an access token");
  }
  const lifetime = asNumber(body?.expires_in) ?? DEFAULT_LIFETIME_SECONDS;
  const token = { value, expiresAt: Date.now() + lifetime * 1000 };
  context.saveState({
    access_token: token.value,
    access_token_expires_at: new Date(token.expiresAt).toISOString(),
  });
  return token;
}
