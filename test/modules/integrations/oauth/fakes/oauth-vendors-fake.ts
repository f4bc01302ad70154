import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The OAuth side of the five OAuth vendors on one loopback server (docs/oauth.md), each under
 * its own path prefix and speaking its wire format as vendors.md records it:
 *
 * - GitHub  `/github`: consent `GET /authorize`, `POST /token` (form; errors with HTTP 200 and
 *   an `error` body; a form-encoded answer unless `Accept: application/json`), `GET /api/user`
 *   (a User-Agent is required). Tokens do not expire unless `lifetimeSeconds.github` is set
 *   (a GitHub App's expiring tokens, with a refresh token).
 * - Google  `/google`: `GET /auth` (needs `access_type=offline`, `prompt=consent`), `POST /token`
 *   (form; a refresh answer has no new refresh token; an ID token names the user),
 *   `GET /api/oauth2/v3/userinfo`.
 * - Yandex  `/yandex`: `GET /authorize`, `POST /token` (form), `GET /login/info` with
 *   `Authorization: OAuth <token>` (Bearer is refused).
 * - amoCRM  `/amocrm`: consent `GET /oauth` redirects to the app's registered redirect URI with
 *   `code`, `referer`, `state`; the account host `/amocrm/account`: `POST /oauth2/access_token`
 *   (JSON; errors problem+json; the pair rotates on refresh), `GET /api/v4/account`.
 * - Bitrix24 `/bitrix24`: the portal `/bitrix24/portal` (`GET /oauth/authorize/`, REST
 *   `POST /rest/profile.json` with `auth` in the JSON body), the token server
 *   `GET /bitrix24/oauth/token/` (query parameters; a refresh kills the old pair, access and
 *   refresh token alike).
 *
 * Codes are single-use; tokens are random; the fake records every token request.
 */

export type FakeOAuthVendor = "github" | "google" | "yandex" | "amocrm" | "bitrix24";

interface Issued {
  vendor: FakeOAuthVendor;
  valid: boolean;
}

export interface TokenRequestRecord {
  vendor: FakeOAuthVendor;
  grantType: string;
  params: Record<string, string>;
}

const PORTAL_ORIGIN = "https://acme.bitrix24.ru";
export const BITRIX24_MEMBER_ID = "a223c6b3710f85df22e9377d6c4f7553";
export const AMOCRM_REFERER = "acme.amocrm.ru";

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function sendJson(response: ServerResponse, status: number, body: unknown, type = "application/json"): void {
  response.writeHead(status, { "content-type": type });
  response.end(JSON.stringify(body));
}

const token = (prefix: string) => `${prefix}_${randomBytes(18).toString("base64url")}`;

export class OAuthVendorsFake {
  baseUrl = "";
  /** Each vendor's app, as registered with the vendor. */
  readonly apps: Record<FakeOAuthVendor, { clientId: string; clientSecret: string }> = {
    github: { clientId: "Iv1.fake_github_app", clientSecret: `gh_secret_${randomBytes(8).toString("hex")}` },
    google: {
      clientId: "fake.apps.googleusercontent.com",
      clientSecret: `g_secret_${randomBytes(8).toString("hex")}`,
    },
    yandex: { clientId: "fake_yandex_app", clientSecret: `ya_secret_${randomBytes(8).toString("hex")}` },
    amocrm: {
      clientId: "9f0b3c0e-2d4a-4b7e-9a61-1c2d3e4f5a6b",
      clientSecret: `amo_secret_${randomBytes(8).toString("hex")}`,
    },
    bitrix24: {
      clientId: "local.fake0123456789",
      clientSecret: `bx_secret_${randomBytes(8).toString("hex")}`,
    },
  };
  /** Access-token lifetime per vendor in seconds; undefined: the token does not expire (GitHub). */
  readonly lifetimeSeconds: Record<FakeOAuthVendor, number | undefined> = {
    github: undefined,
    google: 3599,
    yandex: 31_536_000,
    amocrm: 86_400,
    bitrix24: 3600,
  };
  /** The redirect URI amoCRM's integration was registered with (amoCRM takes none in the URL). */
  amocrmRedirectUri = "";
  /** Every token request, in order. */
  readonly tokenRequests: TokenRequestRecord[] = [];
  /** Refresh requests answered with a refusal (`invalid_grant` in the vendor's shape). */
  readonly refuseRefresh = new Set<FakeOAuthVendor>();
  /** The next N token requests of a vendor are answered 503. */
  readonly failNext = new Map<FakeOAuthVendor, number>();
  /** How long a refresh takes to answer (concurrency tests widen the window). */
  refreshDelayMs = 0;
  /** Each issued access token: whether it is still accepted. */
  private readonly accessTokens = new Map<string, Issued>();
  private readonly refreshTokens = new Map<string, Issued>();
  private readonly codes = new Map<string, { vendor: FakeOAuthVendor; redirectUri: string; used: boolean }>();
  /** Access token → its refresh token (a Bitrix24 or amoCRM refresh kills both). */
  private readonly pairs = new Map<string, string>();
  private server: Server | undefined;

  static async start(): Promise<OAuthVendorsFake> {
    const fake = new OAuthVendorsFake();
    fake.server = createServer((request, response) => {
      fake.handle(request, response).catch((error) => {
        response.writeHead(500, { "content-type": "text/plain" });
        response.end(String(error));
      });
    });
    await new Promise<void>((resolve) => fake.server?.listen(0, "127.0.0.1", resolve));
    fake.baseUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  /** Configuration pointing Parley at this fake (the apps are not set: tests choose). */
  get env(): Record<string, string> {
    const b = this.baseUrl;
    return {
      PARLEY_GITHUB_AUTHORIZE_URL: `${b}/github/authorize`,
      PARLEY_GITHUB_TOKEN_URL: `${b}/github/token`,
      PARLEY_GITHUB_API_URL: `${b}/github/api`,
      PARLEY_GOOGLE_AUTHORIZE_URL: `${b}/google/auth`,
      PARLEY_GOOGLE_TOKEN_URL: `${b}/google/token`,
      PARLEY_GOOGLE_API_URL: `${b}/google/api`,
      PARLEY_YANDEX_AUTHORIZE_URL: `${b}/yandex/authorize`,
      PARLEY_YANDEX_TOKEN_URL: `${b}/yandex/token`,
      PARLEY_YANDEX_LOGIN_URL: `${b}/yandex/login`,
      PARLEY_AMOCRM_AUTHORIZE_URL: `${b}/amocrm/oauth`,
      PARLEY_AMOCRM_ACCOUNT_URL: `${b}/amocrm/account`,
      PARLEY_BITRIX24_TOKEN_URL: `${b}/bitrix24/oauth/token/`,
    };
  }

  /** The server's own app for a vendor, as PARLEY_<VENDOR>_CLIENT_ID / _SECRET. */
  serverApp(vendor: FakeOAuthVendor): Record<string, string> {
    const name = `PARLEY_${vendor.toUpperCase()}`;
    return {
      [`${name}_CLIENT_ID`]: this.apps[vendor].clientId,
      [`${name}_CLIENT_SECRET`]: this.apps[vendor].clientSecret,
    };
  }

  /**
   * The user consents at the URL Parley gave: the consent page answers with the redirect to
   * Parley's callback. Bitrix24's portal URL is served here under `/bitrix24/portal`.
   */
  async consent(url: string): Promise<URL> {
    const target = url.startsWith(PORTAL_ORIGIN)
      ? `${this.baseUrl}/bitrix24/portal${url.slice(PORTAL_ORIGIN.length)}`
      : url;
    const response = await fetch(target, { redirect: "manual" });
    const location = response.headers.get("location");
    if (response.status !== 302 || !location) {
      throw new Error(`consent refused: HTTP ${response.status} ${await response.text()}`);
    }
    return new URL(location);
  }

  refreshCount(vendor: FakeOAuthVendor): number {
    return this.tokenRequests.filter((r) => r.vendor === vendor && r.grantType === "refresh_token").length;
  }

  /** Whether an access token is accepted by the vendor's API now. */
  accepts(accessToken: string): boolean {
    return this.accessTokens.get(accessToken)?.valid === true;
  }

  /** Every token and code the fake issued (for "never in a response or a log" checks). */
  issuedSecrets(): string[] {
    return [...this.accessTokens.keys(), ...this.refreshTokens.keys(), ...this.codes.keys()];
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", this.baseUrl);
    const path = url.pathname;
    const query = Object.fromEntries(url.searchParams);
    const raw = request.method === "POST" ? await readBody(request) : "";
    const contentType = request.headers["content-type"] ?? "";
    const body: Record<string, string> = contentType.includes("application/json")
      ? (JSON.parse(raw || "{}") as Record<string, string>)
      : Object.fromEntries(new URLSearchParams(raw));
    const auth = request.headers.authorization ?? "";

    // Consent pages.
    if (request.method === "GET" && path === "/github/authorize")
      return this.consentPage(response, "github", query, query.redirect_uri);
    if (request.method === "GET" && path === "/google/auth") {
      if (query.access_type !== "offline" || query.prompt !== "consent" || query.response_type !== "code") {
        return sendJson(response, 400, { error: "invalid_request" });
      }
      return this.consentPage(response, "google", query, query.redirect_uri);
    }
    if (request.method === "GET" && path === "/yandex/authorize")
      return this.consentPage(response, "yandex", query, query.redirect_uri);
    if (request.method === "GET" && path === "/amocrm/oauth") {
      return this.consentPage(response, "amocrm", query, this.amocrmRedirectUri, {
        referer: AMOCRM_REFERER,
        platform: "1",
      });
    }
    if (request.method === "GET" && path === "/bitrix24/portal/oauth/authorize/") {
      return this.consentPage(response, "bitrix24", query, query.redirect_uri, {
        domain: "acme.bitrix24.ru",
        member_id: BITRIX24_MEMBER_ID,
        scope: "imbot,crm,user",
        server_domain: "oauth.bitrix.info",
      });
    }

    // Token endpoints.
    if (request.method === "POST" && path === "/github/token") {
      return this.token(response, "github", body, request.headers.accept ?? "");
    }
    if (request.method === "POST" && path === "/google/token") return this.token(response, "google", body);
    if (request.method === "POST" && path === "/yandex/token") return this.token(response, "yandex", body);
    if (request.method === "POST" && path === "/amocrm/account/oauth2/access_token") {
      if (!contentType.includes("application/json"))
        return sendJson(response, 415, { title: "Unsupported Media Type" });
      return this.token(response, "amocrm", body);
    }
    if (request.method === "GET" && path === "/bitrix24/oauth/token/")
      return this.token(response, "bitrix24", query);

    // APIs.
    if (request.method === "GET" && path === "/github/api/user") {
      if (!request.headers["user-agent"]) {
        return sendJson(response, 403, {
          message:
            "Request forbidden by administrative rules. Please make sure your request has a User-Agent header",
        });
      }
      if (!this.bearerValid(auth, "github")) return sendJson(response, 401, { message: "Bad credentials" });
      return sendJson(response, 200, {
        login: "octocat",
        id: 583231,
        avatar_url: "https://avatars.githubusercontent.com/u/583231?v=4",
        name: "The Octocat",
      });
    }
    if (request.method === "GET" && path === "/google/api/oauth2/v3/userinfo") {
      if (!this.bearerValid(auth, "google")) {
        return sendJson(response, 401, {
          error: "invalid_request",
          error_description: "Invalid Credentials",
        });
      }
      return sendJson(response, 200, {
        sub: "110169484474386276334",
        name: "Ann Lee",
        email: "ann@example.com",
        email_verified: true,
        picture: "https://lh3.googleusercontent.com/a/fake",
      });
    }
    if (request.method === "GET" && path === "/yandex/login/info") {
      const [scheme, value] = auth.split(" ");
      if (
        scheme !== "OAuth" ||
        !value ||
        this.accessTokens.get(value)?.vendor !== "yandex" ||
        !this.accepts(value)
      ) {
        return sendJson(response, 401, { error: "invalid_token" });
      }
      return sendJson(response, 200, {
        id: "1000034426",
        login: "ivan.petrov",
        display_name: "Ivan",
        real_name: "Ivan Petrov",
        default_avatar_id: "131652443",
        is_avatar_empty: false,
      });
    }
    if (request.method === "GET" && path === "/amocrm/account/api/v4/account") {
      if (!this.bearerValid(auth, "amocrm")) {
        return sendJson(
          response,
          401,
          {
            title: "Unauthorized",
            type: "https://httpstatus.es/401",
            status: 401,
            detail: "Необходима авторизация",
          },
          "application/problem+json",
        );
      }
      return sendJson(response, 200, {
        id: 30_222_222,
        name: "Acme Trading",
        subdomain: "acme",
        current_user_id: 777,
        currency: "RUB",
      });
    }
    if (request.method === "POST" && path.startsWith("/bitrix24/portal/rest/")) {
      const method = path.slice("/bitrix24/portal/rest/".length).replace(/\.json$/, "");
      const accessToken = body.auth ?? "";
      if (this.accessTokens.get(accessToken)?.vendor !== "bitrix24") {
        return sendJson(response, 401, {
          error: "NO_AUTH_FOUND",
          error_description: "Wrong authorization data",
        });
      }
      if (!this.accepts(accessToken)) {
        return sendJson(response, 401, {
          error: "expired_token",
          error_description: "The access token provided has expired.",
        });
      }
      if (method !== "profile")
        return sendJson(response, 404, {
          error: "ERROR_METHOD_NOT_FOUND",
          error_description: "Method not found!",
        });
      return sendJson(response, 200, {
        result: {
          ID: "1",
          ADMIN: true,
          NAME: "Anna",
          LAST_NAME: "Petrova",
          PERSONAL_PHOTO: "https://cdn.bitrix24.ru/fake.png",
        },
        time: { start: 0, finish: 0 },
      });
    }
    sendJson(response, 404, { error: "not_found", path });
  }

  private consentPage(
    response: ServerResponse,
    vendor: FakeOAuthVendor,
    query: Record<string, string>,
    redirectUri: string | undefined,
    extra: Record<string, string> = {},
  ): void {
    if (query.client_id !== this.apps[vendor].clientId || !query.state || !redirectUri) {
      sendJson(response, 400, { error: "invalid_client" });
      return;
    }
    const code = token(`${vendor}_code`);
    this.codes.set(code, { vendor, redirectUri, used: false });
    const location = new URL(redirectUri);
    location.searchParams.set("code", code);
    location.searchParams.set("state", query.state);
    for (const [name, value] of Object.entries(extra)) location.searchParams.set(name, value);
    response.writeHead(302, { location: location.toString() });
    response.end();
  }

  private async token(
    response: ServerResponse,
    vendor: FakeOAuthVendor,
    params: Record<string, string>,
    accept = "application/json",
  ): Promise<void> {
    const grantType = params.grant_type ?? (params.code ? "authorization_code" : "");
    this.tokenRequests.push({ vendor, grantType, params });
    const failures = this.failNext.get(vendor) ?? 0;
    if (failures > 0) {
      this.failNext.set(vendor, failures - 1);
      return sendJson(response, 503, { error: "temporarily_unavailable" });
    }
    const app = this.apps[vendor];
    if (params.client_id !== app.clientId || params.client_secret !== app.clientSecret) {
      return this.refuse(
        response,
        vendor,
        "incorrect_client_credentials",
        "The client_id and/or client_secret passed are incorrect.",
      );
    }
    let rotatedFrom: string | undefined;
    if (grantType === "refresh_token") {
      if (this.refreshDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.refreshDelayMs));
      const issued = this.refreshTokens.get(params.refresh_token ?? "");
      if (this.refuseRefresh.has(vendor) || issued?.vendor !== vendor || !issued.valid) {
        return this.refuse(response, vendor, "invalid_grant", "The refresh token is invalid or was revoked.");
      }
      rotatedFrom = params.refresh_token;
    } else {
      const code = this.codes.get(params.code ?? "");
      if (!code || code.vendor !== vendor || code.used) {
        return this.refuse(
          response,
          vendor,
          vendor === "github" ? "bad_verification_code" : "invalid_grant",
          "The code passed is incorrect or expired.",
        );
      }
      code.used = true;
      if (
        (vendor === "github" || vendor === "google" || vendor === "amocrm") &&
        params.redirect_uri !== code.redirectUri
      ) {
        return this.refuse(response, vendor, "redirect_uri_mismatch", "The redirect_uri does not match.");
      }
    }
    const accessToken = token(`${vendor}_at`);
    const lifetime = this.lifetimeSeconds[vendor];
    // Google gives a new refresh token only on consent; the others rotate it.
    const refreshToken =
      lifetime === undefined || (vendor === "google" && rotatedFrom) ? undefined : token(`${vendor}_rt`);
    this.accessTokens.set(accessToken, { vendor, valid: true });
    if (refreshToken) {
      this.refreshTokens.set(refreshToken, { vendor, valid: true });
      this.pairs.set(accessToken, refreshToken);
    }
    if (rotatedFrom && vendor !== "google" && vendor !== "yandex") {
      // The old pair dies: its refresh token, and (Bitrix24) its access token.
      const old = this.refreshTokens.get(rotatedFrom);
      if (old) old.valid = false;
      for (const [access, refresh] of this.pairs) {
        if (refresh === rotatedFrom && vendor === "bitrix24") {
          const issued = this.accessTokens.get(access);
          if (issued) issued.valid = false;
        }
      }
    }
    const answer: Record<string, unknown> = { access_token: accessToken };
    if (vendor === "github") {
      Object.assign(answer, { token_type: "bearer", scope: "repo" });
      if (lifetime !== undefined)
        Object.assign(answer, {
          expires_in: lifetime,
          refresh_token: refreshToken,
          refresh_token_expires_in: 15_897_600,
        });
      if (!accept.includes("application/json")) {
        response.writeHead(200, { "content-type": "application/x-www-form-urlencoded; charset=utf-8" });
        response.end(new URLSearchParams(answer as Record<string, string>).toString());
        return;
      }
    } else if (vendor === "google") {
      const claims = Buffer.from(
        JSON.stringify({ sub: "110169484474386276334", email: "ann@example.com" }),
      ).toString("base64url");
      Object.assign(answer, {
        expires_in: lifetime,
        token_type: "Bearer",
        scope:
          "openid https://www.googleapis.com/auth/calendar https://www.googleapis.com/auth/userinfo.email",
        ...(rotatedFrom
          ? {}
          : { refresh_token: refreshToken, id_token: `eyJhbGciOiJSUzI1NiJ9.${claims}.sig` }),
      });
    } else if (vendor === "yandex") {
      Object.assign(answer, { expires_in: lifetime, refresh_token: refreshToken, token_type: "bearer" });
    } else if (vendor === "amocrm") {
      Object.assign(answer, { token_type: "Bearer", expires_in: lifetime, refresh_token: refreshToken });
    } else {
      Object.assign(answer, {
        expires: Math.floor(Date.now() / 1000) + (lifetime ?? 3600),
        expires_in: lifetime,
        scope: "app",
        domain: "oauth.bitrix.info",
        server_endpoint: "https://oauth.bitrix.info/rest/",
        client_endpoint: `${this.baseUrl}/bitrix24/portal/rest/`,
        member_id: BITRIX24_MEMBER_ID,
        user_id: 1,
        status: "L",
        refresh_token: refreshToken,
      });
    }
    sendJson(response, 200, answer);
  }

  /** A refusal in the vendor's own shape. */
  private refuse(
    response: ServerResponse,
    vendor: FakeOAuthVendor,
    error: string,
    description: string,
  ): void {
    if (vendor === "github") {
      sendJson(response, 200, {
        error,
        error_description: description,
        error_uri: "https://docs.github.com",
      });
      return;
    }
    if (vendor === "amocrm") {
      sendJson(
        response,
        400,
        {
          hint: description,
          title: "Некорректный запрос",
          type: "https://httpstatus.es/400",
          status: 400,
          detail: "Некорректные данные",
        },
        "application/problem+json",
      );
      return;
    }
    sendJson(response, 400, { error, error_description: description });
  }

  private bearerValid(auth: string, vendor: FakeOAuthVendor): boolean {
    const [scheme, value] = auth.split(" ");
    return (
      scheme === "Bearer" &&
      value !== undefined &&
      this.accessTokens.get(value)?.vendor === vendor &&
      this.accepts(value)
    );
  }
}
