import type { OAuthConfig } from "../../../config-oauth.js";
import type { OAuthProtocol } from "../../../vendors/contract/oauth-protocol.js";
import { OAUTH_VENDORS, type OAuthVendorId } from "../../../vendors/registry.js";

export type OAuthProtocols = Record<OAuthVendorId, OAuthProtocol>;

/** Each OAuth vendor's protocol over its configured hosts (docs/oauth.md). */
export function oauthProtocols(config: Pick<OAuthConfig, "endpoints">): OAuthProtocols {
  return Object.fromEntries(
    OAUTH_VENDORS.map(({ id, oauth }) => [id, oauth.protocol(config.endpoints[id])]),
  ) as OAuthProtocols;
}
