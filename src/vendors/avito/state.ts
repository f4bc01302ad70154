import type { VendorContext } from "../contract/vendor-context.js";
import { asNumber, asString } from "../shared/json-fields.js";
import type { AvitoAuthData } from "./auth-data.js";

export type AvitoContext = VendorContext<AvitoAuthData>;

/**
 * What the Avito adapter keeps in the integration's connector state (docs/channels.md, "Avito"):
 * - `access_token`, `access_token_expires_at` (ISO 8601): the client_credentials token, reused
 *   until five minutes before it expires;
 * - `user_id`: the account id (`/core/v1/accounts/self`), part of every messenger path;
 * - `webhook_token`: the secret in the registered hook URL's `token` query parameter.
 */
export interface AvitoState {
  access_token?: string;
  access_token_expires_at?: string;
  user_id?: string;
  webhook_token?: string;
}

export function readAvitoState(context: AvitoContext): AvitoState {
  const state = context.state;
  const userId = asString(state.user_id) ?? asNumber(state.user_id)?.toString();
  return {
    access_token: asString(state.access_token) || undefined,
    access_token_expires_at: asString(state.access_token_expires_at),
    user_id: userId || undefined,
    webhook_token: asString(state.webhook_token) || undefined,
  };
}
