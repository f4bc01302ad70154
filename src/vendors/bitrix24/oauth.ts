import { isIP } from "node:net";
import { z } from "zod";
import { permanentFailure } from "../contract/channel-error.js";
import type { OAuthGrant, OAuthProtocol } from "../contract/oauth-protocol.js";
import { defineOAuth } from "../contract/vendor.js";
import { asNumber, asString, type JsonRecord } from "../shared/json-fields.js";
import { grantOf, requestToken } from "../shared/oauth-token-request.js";

/**
 * Bitrix24's OAuth (docs/oauth.md, "Bitrix24"). Consent happens on the portal itself
 * (`https://{auth_data.portal}/oauth/authorize/`); the code lives 30 s and is exchanged at
 * oauth.bitrix.info (PARLEY_BITRIX24_TOKEN_URL) with a GET. A refresh kills the old pair, so
 * the new one must be stored at once (OAuthTokens does, one refresh at a time). The token
 * answer names the portal's REST endpoint (`client_endpoint`), the API base of the grant.
 * `account`: `member_id`, `domain` (the portal host), `user_id`.
 */
const DEFAULT_TOKEN_URL = "https://oauth.bitrix.info/oauth/token/";

export interface Bitrix24OAuthEndpoints {
  /** Bitrix24's token endpoint; consent happens on the portal itself (`auth_data.portal`). */
  tokenUrl: string;
  /** Whether `tokenUrl` is the default: then only public HTTPS portal endpoints are trusted. */
  tokenUrlIsDefault: boolean;
}

function bitrix24Protocol(config: Bitrix24OAuthEndpoints): OAuthProtocol {
  const grantFrom = (body: JsonRecord, previous?: OAuthGrant): OAuthGrant => {
    const endpoint =
      endpointOf(asString(body.client_endpoint), config.tokenUrlIsDefault) ?? previous?.endpoint;
    if (!endpoint) {
      throw permanentFailure(
        "invalid_token_response",
        "Bitrix24's token answer named no usable client_endpoint",
      );
    }
    const memberId = asString(body.member_id) ?? previous?.account.member_id;
    const userId = asNumber(body.user_id) ?? previous?.account.user_id;
    const account: Record<string, string> = { domain: new URL(endpoint).host };
    if (memberId) account.member_id = memberId;
    if (userId !== undefined) account.user_id = String(userId);
    return grantOf(body, { account, endpoint }, previous);
  };
  return {
    vendor: "bitrix24",
    authorizeUrl({ client, redirectUri, state, authData }) {
      if (typeof authData.portal !== "string") {
        throw permanentFailure("portal_missing", "auth_data.portal must name the Bitrix24 portal");
      }
      const url = new URL(`https://${authData.portal}/oauth/authorize/`);
      url.searchParams.set("client_id", client.clientId);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("redirect_uri", redirectUri);
      url.searchParams.set("state", state);
      return url.toString();
    },
    async exchangeCode({ client, code, fetch }) {
      const body = await requestToken(fetch, {
        vendor: "Bitrix24",
        url: config.tokenUrl,
        method: "GET",
        form: {
          grant_type: "authorization_code",
          client_id: client.clientId,
          client_secret: client.clientSecret,
          code,
        },
      });
      return grantFrom(body);
    },
    async refresh({ client, refreshToken, previous, fetch }) {
      const body = await requestToken(fetch, {
        vendor: "Bitrix24",
        url: config.tokenUrl,
        method: "GET",
        form: {
          grant_type: "refresh_token",
          client_id: client.clientId,
          client_secret: client.clientSecret,
          refresh_token: refreshToken,
        },
      });
      return grantFrom(body, previous);
    },
    apiBase: (grant) => grant.endpoint ?? `https://${grant.account.domain}/rest`,
  };
}

/**
 * The portal's REST endpoint without its trailing slash. Against the real token server only a
 * public HTTPS host is trusted (never a loopback or private address); an operator who points
 * PARLEY_BITRIX24_TOKEN_URL elsewhere (a proxy, a test fake) trusts what it names.
 */
function endpointOf(value: string | undefined, strict: boolean): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const local =
    isIP(host) !== 0 || host === "localhost" || host.endsWith(".localhost") || !host.includes(".");
  if (url.protocol !== "https:" && (strict || url.protocol !== "http:")) return undefined;
  if (strict && local) return undefined;
  return url.toString().replace(/\/+$/, "");
}

/** Bitrix24 connects by OAuth: `PARLEY_BITRIX24_TOKEN_URL`. */
export const bitrix24OAuth = defineOAuth({
  env: { PARLEY_BITRIX24_TOKEN_URL: z.url().default(DEFAULT_TOKEN_URL) },
  endpoints: (env): Bitrix24OAuthEndpoints => ({
    tokenUrl: env.PARLEY_BITRIX24_TOKEN_URL as string,
    tokenUrlIsDefault: env.PARLEY_BITRIX24_TOKEN_URL === DEFAULT_TOKEN_URL,
  }),
  protocol: bitrix24Protocol,
});
