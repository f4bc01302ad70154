import type { OAuthConfig } from "../../../config-oauth.js";
import type { OAuthApp } from "../../../vendors/contract/oauth-protocol.js";
import type { OAuthVendorId as OAuthVendor } from "../../../vendors/registry.js";

/**
 * The OAuth app an integration connects through: the one its `auth_data` names
 * (`client_id` / `client_secret`), else the server's configured app for the vendor
 * (PARLEY_<VENDOR>_CLIENT_ID / _SECRET); undefined when neither exists.
 */
export function oauthAppOf(
  vendor: OAuthVendor,
  authData: Record<string, unknown>,
  apps: OAuthConfig["apps"],
): OAuthApp | undefined {
  const { client_id: clientId, client_secret: clientSecret } = authData;
  if (typeof clientId === "string" && typeof clientSecret === "string" && clientId && clientSecret) {
    return { clientId, clientSecret };
  }
  return apps[vendor];
}
