import type { OAuthEndpoints, OAuthProtocol } from "../contract/oauth-protocol.js";
import { defineOAuth } from "../contract/vendor.js";
import { fixedHostsOAuthEnv } from "../shared/oauth-endpoints.js";
import { grantOf, requestToken } from "../shared/oauth-token-request.js";

/**
 * Yandex ID's OAuth (docs/oauth.md, "Yandex"): tokens live long (about a year) and come with
 * a refresh token. Without configured scopes the app's own permission list applies.
 * `account` holds the granted `scope` when Yandex names it.
 */
function yandexProtocol(endpoints: OAuthEndpoints): OAuthProtocol {
  return {
    vendor: "yandex",
    authorizeUrl({ client, redirectUri, state }) {
      const url = new URL(endpoints.authorizeUrl);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("client_id", client.clientId);
      url.searchParams.set("redirect_uri", redirectUri);
      if (endpoints.scopes.length > 0) url.searchParams.set("scope", endpoints.scopes.join(" "));
      url.searchParams.set("state", state);
      url.searchParams.set("force_confirm", "yes");
      return url.toString();
    },
    async exchangeCode({ client, code, fetch }) {
      const body = await requestToken(fetch, {
        vendor: "Yandex",
        url: endpoints.tokenUrl,
        form: {
          grant_type: "authorization_code",
          code,
          client_id: client.clientId,
          client_secret: client.clientSecret,
        },
      });
      return grantOf(body, { account: typeof body.scope === "string" ? { scope: body.scope } : {} });
    },
    async refresh({ client, refreshToken, previous, fetch }) {
      const body = await requestToken(fetch, {
        vendor: "Yandex",
        url: endpoints.tokenUrl,
        form: {
          grant_type: "refresh_token",
          refresh_token: refreshToken,
          client_id: client.clientId,
          client_secret: client.clientSecret,
        },
      });
      return grantOf(body, { account: previous.account }, previous);
    },
    apiBase: () => endpoints.apiUrl,
  };
}

const hosts = fixedHostsOAuthEnv(
  "PARLEY_YANDEX",
  {
    authorizeUrl: "https://oauth.yandex.ru/authorize",
    tokenUrl: "https://oauth.yandex.ru/token",
    apiUrl: "https://login.yandex.ru",
    scopes: "",
  },
  // Yandex ID's host, where the profile is read.
  "PARLEY_YANDEX_LOGIN_URL",
);

/** Yandex connects by OAuth over its configured hosts. */
export const yandexOAuth = defineOAuth({ ...hosts, protocol: yandexProtocol });
