import { z } from "zod";

/**
 * The OAuth settings of the vendors connected by OAuth (docs/oauth.md, docs/configuration.md
 * "OAuth"): the server's own app per vendor (used when an integration's `auth_data` names none)
 * and every vendor host, configurable so a proxy or a test fake can stand in.
 */
export const OAUTH_VENDORS = ["github", "google", "yandex", "amocrm", "bitrix24"] as const;
export type OAuthVendor = (typeof OAUTH_VENDORS)[number];

export function isOAuthVendor(vendor: string): vendor is OAuthVendor {
  return (OAUTH_VENDORS as readonly string[]).includes(vendor);
}

export interface OAuthApp {
  clientId: string;
  clientSecret: string;
}

/** Where one vendor authorizes, exchanges codes and serves its API (full URLs, no trailing slash). */
export interface OAuthEndpoints {
  authorizeUrl: string;
  tokenUrl: string;
  apiUrl: string;
  /** Scopes asked for at the consent page; empty: the scopes configured in the vendor's app. */
  scopes: string[];
}

export interface OAuthConfig {
  /** `<PARLEY_PUBLIC_URL>/oauth/callback`: the redirect URL every vendor's app must list. */
  redirectUrl: string;
  /** The server's own app per vendor, when configured (both id and secret). */
  apps: Partial<Record<OAuthVendor, OAuthApp>>;
  github: OAuthEndpoints;
  google: OAuthEndpoints;
  /** `apiUrl` is Yandex ID's (`login.yandex.ru`), where the profile is read. */
  yandex: OAuthEndpoints;
  amocrm: {
    /** The consent page (amoCRM's `www.amocrm.ru/oauth`, Kommo's `www.kommo.com/oauth`). */
    authorizeUrl: string;
    /**
     * Replaces `https://{referer}` (the account's own host, where amoCRM's token endpoint and
     * API live) for every account: a proxy, or a fake in tests. Unset: the account's host.
     */
    accountUrl: string | undefined;
  };
  bitrix24: {
    /** Bitrix24's token endpoint; consent happens on the portal itself (`auth_data.portal`). */
    tokenUrl: string;
    /** Whether `tokenUrl` is the default: then only public HTTPS portal endpoints are trusted. */
    tokenUrlIsDefault: boolean;
  };
}

const DEFAULT_BITRIX24_TOKEN_URL = "https://oauth.bitrix.info/oauth/token/";

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === "" ? undefined : v));

/** A space- or comma-separated list of scopes. */
const scopeList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((raw) => raw.split(/[\s,]+/).filter(Boolean));

const url = (fallback: string) => z.url().default(fallback);

/** The variables, spread into config.ts's environment schema. */
export const oauthEnvShape = {
  PARLEY_GITHUB_CLIENT_ID: optionalString,
  PARLEY_GITHUB_CLIENT_SECRET: optionalString,
  PARLEY_GOOGLE_CLIENT_ID: optionalString,
  PARLEY_GOOGLE_CLIENT_SECRET: optionalString,
  PARLEY_YANDEX_CLIENT_ID: optionalString,
  PARLEY_YANDEX_CLIENT_SECRET: optionalString,
  PARLEY_AMOCRM_CLIENT_ID: optionalString,
  PARLEY_AMOCRM_CLIENT_SECRET: optionalString,
  PARLEY_BITRIX24_CLIENT_ID: optionalString,
  PARLEY_BITRIX24_CLIENT_SECRET: optionalString,
  PARLEY_GITHUB_AUTHORIZE_URL: url("https://github.com/login/oauth/authorize"),
  PARLEY_GITHUB_TOKEN_URL: url("https://github.com/login/oauth/access_token"),
  PARLEY_GITHUB_API_URL: url("https://api.github.com"),
  PARLEY_GITHUB_OAUTH_SCOPES: scopeList("repo"),
  PARLEY_GOOGLE_AUTHORIZE_URL: url("https://accounts.google.com/o/oauth2/v2/auth"),
  PARLEY_GOOGLE_TOKEN_URL: url("https://oauth2.googleapis.com/token"),
  PARLEY_GOOGLE_API_URL: url("https://www.googleapis.com"),
  PARLEY_GOOGLE_OAUTH_SCOPES: scopeList("openid email profile https://www.googleapis.com/auth/calendar"),
  PARLEY_YANDEX_AUTHORIZE_URL: url("https://oauth.yandex.ru/authorize"),
  PARLEY_YANDEX_TOKEN_URL: url("https://oauth.yandex.ru/token"),
  PARLEY_YANDEX_LOGIN_URL: url("https://login.yandex.ru"),
  PARLEY_YANDEX_OAUTH_SCOPES: scopeList(""),
  PARLEY_AMOCRM_AUTHORIZE_URL: url("https://www.amocrm.ru/oauth"),
  PARLEY_AMOCRM_ACCOUNT_URL: optionalString.pipe(z.url().optional()),
  PARLEY_BITRIX24_TOKEN_URL: url(DEFAULT_BITRIX24_TOKEN_URL),
};

type OAuthEnv = z.output<z.ZodObject<typeof oauthEnvShape>>;

const trimSlash = (value: string) => value.replace(/\/+$/, "");

/** The OAuth settings; a vendor whose app has only one of id and secret is a problem. */
export function oauthConfigOf(env: OAuthEnv, publicUrl: string, problems: string[]): OAuthConfig {
  const apps: OAuthConfig["apps"] = {};
  const pairs: Record<OAuthVendor, [string | undefined, string | undefined]> = {
    github: [env.PARLEY_GITHUB_CLIENT_ID, env.PARLEY_GITHUB_CLIENT_SECRET],
    google: [env.PARLEY_GOOGLE_CLIENT_ID, env.PARLEY_GOOGLE_CLIENT_SECRET],
    yandex: [env.PARLEY_YANDEX_CLIENT_ID, env.PARLEY_YANDEX_CLIENT_SECRET],
    amocrm: [env.PARLEY_AMOCRM_CLIENT_ID, env.PARLEY_AMOCRM_CLIENT_SECRET],
    bitrix24: [env.PARLEY_BITRIX24_CLIENT_ID, env.PARLEY_BITRIX24_CLIENT_SECRET],
  };
  for (const vendor of OAUTH_VENDORS) {
    const [clientId, clientSecret] = pairs[vendor];
    const name = `PARLEY_${vendor.toUpperCase()}`;
    if (Boolean(clientId) !== Boolean(clientSecret)) {
      problems.push(`${name}_CLIENT_ID and ${name}_CLIENT_SECRET: set both or neither`);
    } else if (clientId && clientSecret) {
      apps[vendor] = { clientId, clientSecret };
    }
  }
  return {
    redirectUrl: `${publicUrl}/oauth/callback`,
    apps,
    github: {
      authorizeUrl: env.PARLEY_GITHUB_AUTHORIZE_URL,
      tokenUrl: env.PARLEY_GITHUB_TOKEN_URL,
      apiUrl: trimSlash(env.PARLEY_GITHUB_API_URL),
      scopes: env.PARLEY_GITHUB_OAUTH_SCOPES,
    },
    google: {
      authorizeUrl: env.PARLEY_GOOGLE_AUTHORIZE_URL,
      tokenUrl: env.PARLEY_GOOGLE_TOKEN_URL,
      apiUrl: trimSlash(env.PARLEY_GOOGLE_API_URL),
      scopes: env.PARLEY_GOOGLE_OAUTH_SCOPES,
    },
    yandex: {
      authorizeUrl: env.PARLEY_YANDEX_AUTHORIZE_URL,
      tokenUrl: env.PARLEY_YANDEX_TOKEN_URL,
      apiUrl: trimSlash(env.PARLEY_YANDEX_LOGIN_URL),
      scopes: env.PARLEY_YANDEX_OAUTH_SCOPES,
    },
    amocrm: {
      authorizeUrl: env.PARLEY_AMOCRM_AUTHORIZE_URL,
      accountUrl: env.PARLEY_AMOCRM_ACCOUNT_URL ? trimSlash(env.PARLEY_AMOCRM_ACCOUNT_URL) : undefined,
    },
    bitrix24: {
      tokenUrl: env.PARLEY_BITRIX24_TOKEN_URL,
      tokenUrlIsDefault: env.PARLEY_BITRIX24_TOKEN_URL === DEFAULT_BITRIX24_TOKEN_URL,
    },
  };
}
