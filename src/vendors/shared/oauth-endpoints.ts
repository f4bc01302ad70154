import { z } from "zod";
import type { OAuthEndpoints } from "../contract/oauth-protocol.js";
import type { ParsedEnv } from "../contract/vendor.js";

/** A space- or comma-separated list of scopes. */
export const scopeList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((raw) => raw.split(/[\s,]+/).filter(Boolean));

const trimSlash = (value: string) => value.replace(/\/+$/, "");

/**
 * The variables of a vendor whose OAuth hosts are fixed (GitHub, Google, Yandex):
 * `PARLEY_<ID>_AUTHORIZE_URL`, `_TOKEN_URL`, the API host (`apiVariable`) and `_OAUTH_SCOPES`,
 * each with its default (docs/configuration.md, "OAuth").
 */
export function fixedHostsOAuthEnv(
  prefix: string,
  defaults: { authorizeUrl: string; tokenUrl: string; apiUrl: string; scopes: string },
  apiVariable = `${prefix}_API_URL`,
) {
  const env = {
    [`${prefix}_AUTHORIZE_URL`]: z.url().default(defaults.authorizeUrl),
    [`${prefix}_TOKEN_URL`]: z.url().default(defaults.tokenUrl),
    [apiVariable]: z.url().default(defaults.apiUrl),
    [`${prefix}_OAUTH_SCOPES`]: scopeList(defaults.scopes),
  };
  const endpoints = (parsed: ParsedEnv): OAuthEndpoints => ({
    authorizeUrl: parsed[`${prefix}_AUTHORIZE_URL`] as string,
    tokenUrl: parsed[`${prefix}_TOKEN_URL`] as string,
    apiUrl: trimSlash(parsed[apiVariable] as string),
    scopes: parsed[`${prefix}_OAUTH_SCOPES`] as string[],
  });
  return { env, endpoints };
}
