import { z } from "zod";
import { permanentFailure } from "../contract/channel-error.js";
import type { OAuthGrant, OAuthProtocol } from "../contract/oauth-protocol.js";
import { defineOAuth } from "../contract/vendor.js";
import { grantOf, requestToken } from "../shared/oauth-token-request.js";

/** An amoCRM or Kommo account host, as the callback's `referer` names it. */
const ACCOUNT_HOST = /^([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)\.(amocrm\.ru|amocrm\.com|kommo\.com)$/;

/**
 * amoCRM / Kommo OAuth (docs/oauth.md, "amoCRM"). Consent on `www.amocrm.ru/oauth` (the
 * integration's own redirect URI applies); the callback names the account host in `referer`,
 * and the code is exchanged — and later refreshed — on that host (`https://{referer}`,
 * replaced by PARLEY_AMOCRM_ACCOUNT_URL when set). The referer must be an amoCRM or Kommo
 * host of the integration's `subdomain`, so a forged callback cannot send the code and the
 * app's secret elsewhere. Tokens: access 24 h, refresh rotated on every refresh.
 * `account`: `referer` and `subdomain`.
 */
export interface AmocrmOAuthEndpoints {
  /** The consent page (amoCRM's `www.amocrm.ru/oauth`, Kommo's `www.kommo.com/oauth`). */
  authorizeUrl: string;
  /**
   * Replaces `https://{referer}` (the account's own host, where amoCRM's token endpoint and
   * API live) for every account: a proxy, or a fake in tests. Unset: the account's host.
   */
  accountUrl: string | undefined;
}

function amocrmProtocol(config: AmocrmOAuthEndpoints): OAuthProtocol {
  const baseOf = (referer: string) => config.accountUrl ?? `https://${referer}`;
  const tokenUrl = (grant: Pick<OAuthGrant, "account">) =>
    `${baseOf(grant.account.referer ?? "")}/oauth2/access_token`;
  return {
    vendor: "amocrm",
    authorizeUrl({ client, state }) {
      const url = new URL(config.authorizeUrl);
      url.searchParams.set("client_id", client.clientId);
      url.searchParams.set("state", state);
      return url.toString();
    },
    async exchangeCode({ client, redirectUri, code, query, authData, fetch }) {
      const account = accountOf(query.referer, authData.subdomain);
      const body = await requestToken(fetch, {
        vendor: "amoCRM",
        url: tokenUrl({ account }),
        json: {
          client_id: client.clientId,
          client_secret: client.clientSecret,
          grant_type: "authorization_code",
          code,
          redirect_uri: redirectUri,
        },
      });
      return grantOf(body, { account });
    },
    async refresh({ client, redirectUri, refreshToken, previous, fetch }) {
      const body = await requestToken(fetch, {
        vendor: "amoCRM",
        url: tokenUrl(previous),
        json: {
          client_id: client.clientId,
          client_secret: client.clientSecret,
          grant_type: "refresh_token",
          refresh_token: refreshToken,
          redirect_uri: redirectUri,
        },
      });
      return grantOf(body, { account: previous.account }, previous);
    },
    apiBase: (grant) => baseOf(grant.account.referer ?? ""),
  };
}

/** The account the callback names, checked against the integration's subdomain. */
function accountOf(referer: string | undefined, subdomain: unknown): Record<string, string> {
  const host = (referer ?? "").trim().toLowerCase();
  const match = ACCOUNT_HOST.exec(host);
  if (!match?.[1]) {
    throw permanentFailure(
      "invalid_referer",
      "The callback did not name an amoCRM or Kommo account host (referer).",
    );
  }
  const expected = typeof subdomain === "string" ? subdomain.toLowerCase() : undefined;
  if (expected !== undefined && match[1] !== expected) {
    throw permanentFailure(
      "account_mismatch",
      `The account ${host} was authorised, but this integration is for the subdomain "${expected}": ` +
        "authorise that account, or change auth_data.subdomain first.",
    );
  }
  return { referer: host, subdomain: match[1] };
}

/** amoCRM connects by OAuth: `PARLEY_AMOCRM_AUTHORIZE_URL`, `PARLEY_AMOCRM_ACCOUNT_URL`. */
export const amocrmOAuth = defineOAuth({
  env: {
    PARLEY_AMOCRM_AUTHORIZE_URL: z.url().default("https://www.amocrm.ru/oauth"),
    PARLEY_AMOCRM_ACCOUNT_URL: z.url().optional(),
  },
  endpoints: (env): AmocrmOAuthEndpoints => {
    const accountUrl = env.PARLEY_AMOCRM_ACCOUNT_URL as string | undefined;
    return {
      authorizeUrl: env.PARLEY_AMOCRM_AUTHORIZE_URL as string,
      accountUrl: accountUrl ? accountUrl.replace(/\/+$/, "") : undefined,
    };
  },
  protocol: amocrmProtocol,
});
