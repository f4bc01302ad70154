import type { OAuthEndpoints, OAuthProtocol } from "../contract/oauth-protocol.js";
import { defineOAuth } from "../contract/vendor.js";
import { asRecord, asString } from "../shared/json-fields.js";
import { fixedHostsOAuthEnv } from "../shared/oauth-endpoints.js";
import { grantOf, requestToken } from "../shared/oauth-token-request.js";

/**
 * Google's OAuth 2.0 / OpenID Connect (docs/oauth.md, "Google"): offline access with forced
 * consent, so a refresh token is issued every time; a refresh answer carries no new refresh
 * token (the stored one is kept). `account` holds `sub` and `email` from the ID token and the
 * granted `scope`.
 */
function googleProtocol(endpoints: OAuthEndpoints): OAuthProtocol {
  return {
    vendor: "google",
    authorizeUrl({ client, redirectUri, state }) {
      const url = new URL(endpoints.authorizeUrl);
      url.searchParams.set("client_id", client.clientId);
      url.searchParams.set("redirect_uri", redirectUri);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("scope", endpoints.scopes.join(" "));
      url.searchParams.set("state", state);
      url.searchParams.set("access_type", "offline");
      url.searchParams.set("prompt", "consent");
      url.searchParams.set("include_granted_scopes", "true");
      return url.toString();
    },
    async exchangeCode({ client, redirectUri, code, fetch }) {
      const body = await requestToken(fetch, {
        vendor: "Google",
        url: endpoints.tokenUrl,
        form: {
          code,
          client_id: client.clientId,
          client_secret: client.clientSecret,
          redirect_uri: redirectUri,
          grant_type: "authorization_code",
        },
      });
      const account: Record<string, string> = { ...identityOf(asString(body.id_token)) };
      const scope = asString(body.scope);
      if (scope) account.scope = scope;
      return grantOf(body, { account });
    },
    async refresh({ client, refreshToken, previous, fetch }) {
      const body = await requestToken(fetch, {
        vendor: "Google",
        url: endpoints.tokenUrl,
        form: {
          client_id: client.clientId,
          client_secret: client.clientSecret,
          refresh_token: refreshToken,
          grant_type: "refresh_token",
        },
      });
      return grantOf(body, { account: previous.account }, previous);
    },
    apiBase: () => endpoints.apiUrl,
  };
}

/**
 * `sub` and `email` from the ID token's payload. It came straight from Google's token endpoint
 * over TLS, so its signature need not be checked (OpenID Connect Core 3.1.3.7); it only
 * labels the account and authorizes nothing.
 */
function identityOf(idToken: string | undefined): Record<string, string> {
  const payload = idToken?.split(".")[1];
  if (!payload) return {};
  try {
    const claims = asRecord(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
    const sub = asString(claims?.sub);
    const email = asString(claims?.email);
    return { ...(sub ? { sub } : {}), ...(email ? { email } : {}) };
  } catch {
    return {};
  }
}

const hosts = fixedHostsOAuthEnv("PARLEY_GOOGLE", {
  authorizeUrl: "https://accounts.google.com/o/oauth2/v2/auth",
  tokenUrl: "https://oauth2.googleapis.com/token",
  apiUrl: "https://www.googleapis.com",
  scopes: "openid email profile https://www.googleapis.com/auth/calendar",
});

/** Google connects by OAuth over its configured hosts. */
export const googleOAuth = defineOAuth({ ...hosts, protocol: googleProtocol });
