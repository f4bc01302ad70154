import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../../../src/config.js";
import { createSecretBox } from "../../../../src/infra/secret-box.js";
import {
  newState,
  parseState,
  stateSignatureMatches,
} from "../../../../src/modules/integrations/oauth/oauth-state.js";
import { refreshMarginMs } from "../../../../src/modules/integrations/oauth/oauth-tokens.js";
import { oauthProtocols } from "../../../../src/modules/integrations/oauth/protocols.js";
import type { OAuthStateRow } from "../../../../src/storage/repos/oauth.repo.js";
import { ChannelError } from "../../../../src/vendors/contract/channel-error.js";
import type { OAuthEndpoints, OAuthGrant } from "../../../../src/vendors/contract/oauth-protocol.js";
import { requestToken } from "../../../../src/vendors/shared/oauth-token-request.js";
import { testConfig } from "../../../helpers/test-config.js";

/** A fetch that answers every request with one canned response, recording what was asked. */
function cannedFetch(status: number, body: string, contentType = "application/json") {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetcher = (async (url: string | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    return new Response(body, { status, headers: { "content-type": contentType } });
  }) as typeof fetch;
  return { fetcher, calls };
}

async function failureOf(work: Promise<unknown>): Promise<ChannelError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof ChannelError) return error;
    throw error;
  }
  throw new Error("expected a ChannelError");
}

const client = { clientId: "cid", clientSecret: "csecret" };
const base = { client, redirectUri: "https://parley.test/modules/integrations/oauth/callback", authData: {} };

describe("token endpoint answers (docs/oauth.md, Failures)", () => {
  const call = (fetcher: typeof fetch) =>
    requestToken(fetcher, { vendor: "GitHub", url: "https://x.test/token", form: { code: "c" } });

  it("GitHub's error in an HTTP 200 is a refusal naming the vendor's code", async () => {
    const { fetcher } = cannedFetch(
      200,
      JSON.stringify({
        error: "bad_verification_code",
        error_description: "The code passed is incorrect or expired.",
      }),
    );
    const error = await failureOf(call(fetcher));
    expect(error.kind).toBe("credentials_rejected");
    expect(error.code).toBe("bad_verification_code");
    expect(error.message).toContain("The code passed is incorrect or expired.");
  });

  it("reads a form-encoded answer (GitHub without Accept) and sends Accept: application/json", async () => {
    const { fetcher, calls } = cannedFetch(
      200,
      "access_token=gho_abc&scope=repo&token_type=bearer",
      "application/x-www-form-urlencoded",
    );
    expect(await call(fetcher)).toMatchObject({ access_token: "gho_abc", scope: "repo" });
    expect(new Headers(calls[0]?.init?.headers).get("accept")).toBe("application/json");
    expect(String(calls[0]?.init?.body)).toBe("code=c");
  });

  it("5xx, 429 and no answer are transient; 4xx refusals; a 200 without a token is permanent", async () => {
    expect((await failureOf(call(cannedFetch(503, "{}").fetcher))).kind).toBe("transient");
    expect((await failureOf(call(cannedFetch(429, "{}").fetcher))).kind).toBe("transient");
    const down = (async () => {
      throw new TypeError("fetch failed");
    }) as typeof fetch;
    expect((await failureOf(call(down))).kind).toBe("transient");
    const refused = await failureOf(
      call(cannedFetch(400, JSON.stringify({ error: "invalid_grant" })).fetcher),
    );
    expect([refused.kind, refused.code]).toEqual(["credentials_rejected", "invalid_grant"]);
    const unauthorized = await failureOf(call(cannedFetch(401, "").fetcher));
    expect([unauthorized.kind, unauthorized.code]).toEqual(["credentials_rejected", "http_401"]);
    expect(
      (await failureOf(call(cannedFetch(200, JSON.stringify({ token_type: "bearer" })).fetcher))).kind,
    ).toBe("permanent");
  });

  it("amoCRM's problem+json refusal carries its hint", async () => {
    const body = JSON.stringify({
      hint: "Token has been revoked",
      title: "Некорректный запрос",
      type: "https://httpstatus.es/400",
      status: 400,
      detail: "Некорректные данные",
    });
    const error = await failureOf(call(cannedFetch(400, body, "application/problem+json").fetcher));
    expect([error.kind, error.code]).toEqual(["credentials_rejected", "http_400"]);
    expect(error.message).toContain("Token has been revoked");
  });
});

describe("vendor protocols", () => {
  const config = testConfig({ PARLEY_AMOCRM_ACCOUNT_URL: "" }).oauth;
  const protocols = oauthProtocols(config);

  it("amoCRM exchanges the code on the referer's host, and only on an amoCRM or Kommo host of the account", async () => {
    const answer = JSON.stringify({
      token_type: "Bearer",
      expires_in: 86400,
      access_token: "at",
      refresh_token: "rt",
    });
    const { fetcher, calls } = cannedFetch(200, answer);
    const exchange = (referer: string, subdomain = "acme") =>
      protocols.amocrm.exchangeCode({
        ...base,
        authData: { subdomain },
        fetch: fetcher,
        code: "c",
        query: { referer },
      });
    const grant = await exchange("ACME.amocrm.ru");
    expect(calls[0]?.url).toBe("https://acme.amocrm.ru/oauth2/access_token");
    expect(JSON.parse(String(calls[0]?.init?.body))).toMatchObject({
      grant_type: "authorization_code",
      code: "c",
      redirect_uri: base.redirectUri,
    });
    expect(grant).toMatchObject({
      accessToken: "at",
      refreshToken: "rt",
      expiresIn: 86400,
      account: { referer: "acme.amocrm.ru", subdomain: "acme" },
    });
    expect(protocols.amocrm.apiBase(grant)).toBe("https://acme.amocrm.ru");
    await exchange("acme.kommo.com");
    expect(calls[1]?.url).toBe("https://acme.kommo.com/oauth2/access_token");
    for (const [referer, code] of [
      ["evil.example.com", "invalid_referer"],
      ["acme.amocrm.ru:8443", "invalid_referer"],
      ["acme.amocrm.ru/x", "invalid_referer"],
      ["other.amocrm.ru", "account_mismatch"],
    ] as const) {
      const error = await failureOf(exchange(referer));
      expect([error.kind, error.code]).toEqual(["permanent", code]);
    }
    expect(calls).toHaveLength(2);
  });

  it("Bitrix24 trusts only a public HTTPS client_endpoint from the real token server", async () => {
    const answer = (endpoint: string) =>
      JSON.stringify({
        access_token: "at",
        refresh_token: "rt",
        expires_in: 3600,
        client_endpoint: endpoint,
        member_id: "m1",
        user_id: 7,
        domain: "oauth.bitrix.info",
      });
    const exchange = (endpoint: string) =>
      protocols.bitrix24.exchangeCode({
        ...base,
        authData: { portal: "acme.bitrix24.ru" },
        fetch: cannedFetch(200, answer(endpoint)).fetcher,
        code: "c",
        query: {},
      });
    // The test configuration points the token URL elsewhere; the default is strict.
    const strict = oauthProtocols(
      testConfig({ PARLEY_BITRIX24_TOKEN_URL: "https://oauth.bitrix.info/oauth/token/" }).oauth,
    );
    const strictExchange = (endpoint: string) =>
      strict.bitrix24.exchangeCode({
        ...base,
        authData: { portal: "acme.bitrix24.ru" },
        fetch: cannedFetch(200, answer(endpoint)).fetcher,
        code: "c",
        query: {},
      });
    const grant = await strictExchange("https://acme.bitrix24.ru/rest/");
    expect(strict.bitrix24.apiBase(grant)).toBe("https://acme.bitrix24.ru/rest");
    expect(grant.account).toEqual({ domain: "acme.bitrix24.ru", member_id: "m1", user_id: "7" });
    for (const endpoint of [
      "http://acme.bitrix24.ru/rest/",
      "https://127.0.0.1/rest/",
      "https://10.1.2.3/rest/",
      "https://localhost/rest/",
      "not a url",
    ]) {
      expect((await failureOf(strictExchange(endpoint))).code).toBe("invalid_token_response");
    }
    // An operator-configured token server (a proxy, a fake) is trusted with what it names.
    expect(protocols.bitrix24.apiBase(await exchange("http://127.0.0.1:8099/rest/"))).toBe(
      "http://127.0.0.1:8099/rest",
    );
  });

  it("Bitrix24's authorize URL is on the portal; its token request is a GET", async () => {
    const url = new URL(
      protocols.bitrix24.authorizeUrl({
        client,
        redirectUri: base.redirectUri,
        state: "s",
        authData: { portal: "acme.bitrix24.ru" },
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe("https://acme.bitrix24.ru/oauth/authorize/");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "cid",
      response_type: "code",
      redirect_uri: base.redirectUri,
      state: "s",
    });
    const { fetcher, calls } = cannedFetch(
      200,
      JSON.stringify({
        access_token: "at2",
        refresh_token: "rt2",
        expires_in: 3600,
        client_endpoint: "https://acme.bitrix24.ru/rest/",
      }),
    );
    const previous: OAuthGrant = {
      accessToken: "at",
      refreshToken: "rt",
      endpoint: "https://acme.bitrix24.ru/rest",
      account: { member_id: "m1", domain: "acme.bitrix24.ru" },
    };
    const grant = await protocols.bitrix24.refresh({ ...base, fetch: fetcher, refreshToken: "rt", previous });
    expect(calls[0]?.init?.method).toBe("GET");
    expect(Object.fromEntries(new URL(calls[0]?.url ?? "").searchParams)).toEqual({
      grant_type: "refresh_token",
      client_id: "cid",
      client_secret: "csecret",
      refresh_token: "rt",
    });
    expect(grant).toMatchObject({ accessToken: "at2", refreshToken: "rt2", account: { member_id: "m1" } });
  });

  it("Google reads sub and email from the ID token and keeps the refresh token a refresh does not repeat", async () => {
    const claims = Buffer.from(JSON.stringify({ sub: "42", email: "a@b.c" })).toString("base64url");
    const answer = JSON.stringify({
      access_token: "at",
      expires_in: 3599,
      refresh_token: "rt",
      scope: "openid email",
      id_token: `h.${claims}.s`,
    });
    const grant = await protocols.google.exchangeCode({
      ...base,
      fetch: cannedFetch(200, answer).fetcher,
      code: "c",
      query: {},
    });
    expect(grant.account).toEqual({ sub: "42", email: "a@b.c", scope: "openid email" });
    const refreshed = await protocols.google.refresh({
      ...base,
      fetch: cannedFetch(200, JSON.stringify({ access_token: "at2", expires_in: 3599 })).fetcher,
      refreshToken: "rt",
      previous: grant,
    });
    expect(refreshed).toMatchObject({ accessToken: "at2", refreshToken: "rt", account: grant.account });
  });
});

describe("the OAuth state", () => {
  const secrets = createSecretBox(randomBytes(32));
  const binding = { integrationId: "int_1", projectId: "prj_1", expiresAt: "2026-11-21T10:10:00.000Z" };
  const rowOf = (stateHash: string, overrides: Partial<OAuthStateRow> = {}): OAuthStateRow => ({
    state_hash: stateHash,
    integration_id: binding.integrationId,
    project_id: binding.projectId,
    expires_at: binding.expiresAt,
    created_at: "2026-11-21T10:00:00.000Z",
    used_at: null,
    ...overrides,
  });

  it("is signed over its integration, project and expiry: changing any of them breaks it", () => {
    const { state, stateHash } = newState(secrets, binding);
    const parsed = parseState(state);
    expect(parsed).toBeDefined();
    if (!parsed) return;
    expect(stateSignatureMatches(secrets, parsed, rowOf(stateHash))).toBe(true);
    expect(stateSignatureMatches(secrets, parsed, rowOf(stateHash, { integration_id: "int_2" }))).toBe(false);
    expect(stateSignatureMatches(secrets, parsed, rowOf(stateHash, { project_id: "prj_2" }))).toBe(false);
    expect(
      stateSignatureMatches(secrets, parsed, rowOf(stateHash, { expires_at: "2026-11-21T11:10:00.000Z" })),
    ).toBe(false);
    expect(stateSignatureMatches(createSecretBox(randomBytes(32)), parsed, rowOf(stateHash))).toBe(false);
    expect(stateHash).not.toContain(parsed.nonce);
    for (const bad of [undefined, "", "a.b", `${state}x`, state.replace(".", ":")])
      expect(parseState(bad)).toBeUndefined();
  });
});

describe("OAuth configuration", () => {
  it("an app needs both id and secret; scopes are lists; the redirect URL follows PARLEY_PUBLIC_URL", () => {
    expect(() => testConfig({ PARLEY_GITHUB_CLIENT_ID: "x" })).toThrow(ConfigError);
    const config = testConfig({
      PARLEY_PUBLIC_URL: "https://parley.example/",
      PARLEY_GOOGLE_CLIENT_ID: "g",
      PARLEY_GOOGLE_CLIENT_SECRET: "s",
      PARLEY_GITHUB_OAUTH_SCOPES: "repo, read:user",
    }).oauth;
    expect(config.redirectUrl).toBe("https://parley.example/oauth/callback");
    expect(config.apps).toEqual({ google: { clientId: "g", clientSecret: "s" } });
    expect((config.endpoints.github as OAuthEndpoints).scopes).toEqual(["repo", "read:user"]);
    expect((config.endpoints.yandex as OAuthEndpoints).scopes).toEqual([]);
  });

  it("refreshes run a fifth of the lifetime early, at least a minute and at most ten", () => {
    expect(refreshMarginMs(3600_000)).toBe(600_000);
    expect(refreshMarginMs(120_000)).toBe(60_000);
    expect(refreshMarginMs(1_500_000)).toBe(300_000);
  });
});
