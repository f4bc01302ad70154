import type { OAuthEndpoints, OAuthProtocol } from "../contract/oauth-protocol.js";
import { defineOAuth } from "../contract/vendor.js";
import { fixedHostsOAuthEnv } from "../shared/oauth-endpoints.js";
import { grantOf, requestToken } from "../shared/oauth-token-request.js";

/**
 * GitHub's OAuth (docs/oauth.md, "GitHub"): an OAuth app's tokens do not expire and come
 * without a refresh token; a GitHub App with expiring user tokens gives `expires_in` and a
 * `refresh_token`, refreshed at the same endpoint. Errors come with HTTP 200 and an `error`
 * body (requestToken checks it). `account` holds the granted `scope`.
 */
function githubProtocol(endpoints: OAuthEndpoints): OAuthProtocol {
  const account = (scope: string | undefined): Record<string, string> =>
    scope !== undefined ? { scope } : {};
  return {
    vendor: "github",
    authorizeUrl({ client, redirectUri, state }) {
      const url = new URL(endpoints.authorizeUrl);
      url.searchParams.set("client_id", client.clientId);
      url.searchParams.set("redirect_uri", redirectUri);
      if (endpoints.scopes.length > 0) url.searchParams.set("scope", endpoints.scopes.join(" "));
      url.searchParams.set("state", state);
      url.searchParams.set("allow_signup", "false");
      return url.toString();
    },
    async exchangeCode({ client, redirectUri, code, fetch }) {
      const body = await requestToken(fetch, {
        vendor: "GitHub",
        url: endpoints.tokenUrl,
        form: {
          client_id: client.clientId,
          client_secret: client.clientSecret,
          code,
          redirect_uri: redirectUri,
        },
      });
      return grantOf(body, { account: account(typeof body.scope === "string" ? body.scope : undefined) });
    },
    async refresh({ client, refreshToken, previous, fetch }) {
      const body = await requestToken(fetch, {
        vendor: "GitHub",
        url: endpoints.tokenUrl,
        form: {
          client_id: client.clientId,
          client_secret: client.clientSecret,
          grant_type: "refresh_token",
          refresh_token: refreshToken,
        },
      });
      return grantOf(body, { account: previous.account }, previous);
    },
    apiBase: () => endpoints.apiUrl,
  };
}

const hosts = fixedHostsOAuthEnv("PARLEY_GITHUB", {
  authorizeUrl: "https://github.com/login/oauth/authorize",
  tokenUrl: "https://github.com/login/oauth/access_token",
  apiUrl: "https://api.github.com",
  scopes: "repo",
});

/** Github connects by OAuth over its configured hosts. */
export const githubOAuth = defineOAuth({ ...hosts, protocol: githubProtocol });
