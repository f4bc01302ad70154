import { z } from "zod";
import type { OAuthApp } from "./vendors/contract/oauth-protocol.js";
import type { ParsedEnv } from "./vendors/contract/vendor.js";
import { OAUTH_VENDORS, type OAuthVendorId } from "./vendors/registry.js";

/**
 * The OAuth settings of the vendors connected by OAuth (docs/oauth.md, docs/configuration.md
 * "OAuth"): the server's own app per vendor (used when an integration's `auth_data` names none)
 * and every vendor host, configurable so a proxy or a test fake can stand in. The vendors and
 * their host variables come from the registry (`VendorDefinition.oauth`).
 */
export interface OAuthConfig {
  /** `<PARLEY_PUBLIC_URL>/oauth/callback`: the redirect URL every vendor's app must list. */
  redirectUrl: string;
  /** The server's own app per vendor, when configured (both id and secret). */
  apps: Partial<Record<OAuthVendorId, OAuthApp>>;
  /** Each vendor's hosts and scopes, as its `oauth.endpoints` read them; its `oauth.protocol` takes them. */
  endpoints: Record<OAuthVendorId, unknown>;
}

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === "" ? undefined : v));

/** `PARLEY_<VENDOR>_CLIENT_ID` and `_CLIENT_SECRET`: the server's own app. */
const appVariables = (vendor: string) => {
  const name = `PARLEY_${vendor.toUpperCase()}`;
  return { id: `${name}_CLIENT_ID`, secret: `${name}_CLIENT_SECRET` };
};

/** The variables, spread into config.ts's environment schema. */
export const oauthEnvShape: z.ZodRawShape = Object.assign(
  {},
  ...OAUTH_VENDORS.map(({ id, oauth }) => {
    const app = appVariables(id);
    return { [app.id]: optionalString, [app.secret]: optionalString, ...oauth.env };
  }),
);

/** The OAuth settings; a vendor whose app has only one of id and secret is a problem. */
export function oauthConfigOf(env: ParsedEnv, publicUrl: string, problems: string[]): OAuthConfig {
  const apps: OAuthConfig["apps"] = {};
  const endpoints = {} as Record<OAuthVendorId, unknown>;
  for (const { id, oauth } of OAUTH_VENDORS) {
    const app = appVariables(id);
    const clientId = env[app.id] as string | undefined;
    const clientSecret = env[app.secret] as string | undefined;
    if (Boolean(clientId) !== Boolean(clientSecret)) {
      problems.push(`${app.id} and ${app.secret}: set both or neither`);
    } else if (clientId && clientSecret) {
      apps[id] = { clientId, clientSecret };
    }
    endpoints[id] = oauth.endpoints(env);
  }
  return { redirectUrl: `${publicUrl}/oauth/callback`, apps, endpoints };
}
