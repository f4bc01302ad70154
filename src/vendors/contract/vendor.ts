import type { z } from "zod";
import type { Channel } from "./channel.js";
import type { OAuthProtocol } from "./oauth-protocol.js";
import type { AdapterProfile, VendorContext } from "./vendor-context.js";
import type { IntegrationTool } from "./vendor-tool.js";

/**
 * A vendor, declared once in its folder's `index.ts` as an object that `satisfies` this type
 * (docs/development.md, "Adding a vendor"):
 * its id, its credentials, the server settings it reads from the environment, and the
 * capabilities it has. The registry (`vendors/registry.ts`) lists the definitions; the vendor
 * enum, the integration request schemas, the configuration and the OAuth table derive from it.
 */
export interface VendorDefinition<Id extends string = string, AuthData = Record<string, unknown>> {
  /** The `vendor` of an integration, in `/hooks/<id>/…` and in `PARLEY_<ID>_…` variables. */
  readonly id: Id;
  /** Validates `auth_data` on create and update (unknown fields refused). */
  readonly authData: z.ZodType<AuthData>;
  /** What the server reads from the environment for this vendor (its API base URL, …). */
  readonly settings?: VendorSettings;
  /** Messages in through the vendor's webhook and replies out; absent for vendors that carry none. */
  readonly channel?: Channel<AuthData>;
  /** Connecting by OAuth (docs/oauth.md); absent for vendors whose `auth_data` holds the credential. */
  readonly oauth?: VendorOAuth;
  /** Checks the stored credentials against the vendor and returns the identity they authenticate. */
  profile?(context: VendorContext<AuthData>): Promise<AdapterProfile>;
  /** Downloads a file the vendor holds (an attachment's or avatar's `ref`). */
  fetchFile?(context: VendorContext<AuthData>, ref: string): Promise<{ bytes: Uint8Array; mimeType: string }>;
  /** Tools the integration gives its project's bots (docs/oauth.md, "Tools"). */
  readonly tools?: readonly IntegrationTool<AuthData>[];
}

/** Environment variables, parsed (strings made into their schema's type; unset ones absent or defaulted). */
export type ParsedEnv = Readonly<Record<string, unknown>>;

/**
 * A vendor's server settings: the variables it reads (their Zod schemas join the configuration's
 * schema, so a bad value stops the server naming the variable) and what it makes of them.
 * Vendors sharing a variable (Meta's Graph API base) declare the same schema for it.
 */
export interface VendorSettings {
  readonly env: z.ZodRawShape;
  /** `problems` collects a misconfiguration that no single variable's schema can see. */
  read(env: ParsedEnv, problems: string[]): VendorServerSettings;
}

export interface VendorServerSettings {
  /** The vendor API's base URL given to every call (`VendorContext.apiBaseUrl`), no trailing slash. */
  apiBaseUrl?: string;
  /** The server's own settings for the vendor (`VendorContext.vendorConfig`), e.g. amoCRM's Chats API channel. */
  vendorConfig?: Readonly<Record<string, string>>;
}

/**
 * How a vendor connects by OAuth. The server's own app is `PARLEY_<ID>_CLIENT_ID` and
 * `_CLIENT_SECRET` for every OAuth vendor; `env` holds the vendor's own hosts and scopes, and
 * `protocol` speaks OAuth over what `endpoints` made of them.
 */
export interface VendorOAuth<Endpoints = unknown> {
  readonly env: z.ZodRawShape;
  endpoints(env: ParsedEnv): Endpoints;
  protocol(endpoints: Endpoints): OAuthProtocol;
}

/** Declares a vendor's OAuth capability, its endpoints' type checked between `endpoints` and `protocol`. */
export function defineOAuth<Endpoints>(oauth: VendorOAuth<Endpoints>): VendorOAuth {
  return oauth as VendorOAuth;
}

/** The common settings: one variable with the vendor API's base URL, trailing slashes dropped. */
export function apiUrlSetting(variable: string, schema: z.ZodType<string | undefined>): VendorSettings {
  return {
    env: { [variable]: schema },
    read: (env) => {
      const url = env[variable];
      return typeof url === "string" ? { apiBaseUrl: url.replace(/\/+$/, "") } : {};
    },
  };
}
