/**
 * What every vendor call is given for one integration (docs/development.md, "Adding a vendor"):
 * credentials, a base URL and `fetch` injected, never a database; what a vendor must remember
 * between calls (a generated webhook secret, a cached access token, a callback server id) it hands
 * back through `saveState`.
 */

/** Connector-managed values kept for the integration (sealed at rest, never returned by the API). */
export type ConnectorState = Record<string, unknown>;

/** What an adapter is given for one integration: never a database, only what it needs. */
export interface VendorContext<AuthData> {
  integration: { id: string; name: string };
  authData: AuthData;
  /** What earlier calls saved with `saveState` (empty at first). */
  state: ConnectorState;
  /**
   * Merges values into `state` and stores them; the call's result waits for the store. Await it
   * when the vendor may call back before the call returns (a webhook secret: the first update
   * can arrive before setWebhook answers).
   */
  saveState(patch: ConnectorState): void | Promise<void>;
  /** The integration's `settings`. */
  settings: Record<string, unknown>;
  /** The vendor API's base URL (configurable, so a proxy or a test fake can stand in); no trailing slash. */
  apiBaseUrl: string;
  /** Where the vendor must post inbound webhooks for this integration (`<PARLEY_PUBLIC_URL>/hooks/<vendor>/<id>`). */
  hookUrl: string;
  /**
   * The server's own settings for the vendor, beside the integration's credentials: amoCRM's
   * Chats API channel (`channel_id`, `channel_secret`; docs/channels.md, "amoCRM"). Absent or
   * empty for most vendors.
   */
  vendorConfig?: Readonly<Record<string, string>>;
  fetch: typeof fetch;
  /**
   * For vendors connected by OAuth (docs/oauth.md): a token valid for at least a minute more,
   * refreshed first when needed. Throws a ChannelError `credentials_rejected` when the
   * connection is lost (the integration then moves to `error`). Absent for other vendors.
   */
  oauth?(options?: OAuthAccessOptions): Promise<OAuthAccess>;
}

export interface OAuthAccessOptions {
  /** The access token the vendor just refused as expired: refreshed at once if it is still the stored one. */
  rejected?: string;
}

/** A live OAuth credential of an integration (docs/oauth.md). */
export interface OAuthAccess {
  accessToken: string;
  /**
   * The account's API base as the token exchange named it, no trailing slash: amoCRM
   * `https://{referer}`, Bitrix24 the `client_endpoint` (`https://{portal}/rest`); for GitHub,
   * Google and Yandex their configured API base.
   */
  apiBase: string;
  /** What the token exchange told about the account: amoCRM `referer`, Bitrix24 `member_id` and `domain`, … */
  account: Record<string, string>;
}

export interface IntegrationProfile {
  id: string;
  name: string;
  username?: string;
  /** A URL without secrets in it; see `avatarRef` for avatars that must be proxied. */
  avatar_url?: string;
}

/** A profile as an adapter reads it: an avatar whose URL embeds a credential is given as a file ref instead. */
export interface AdapterProfile extends IntegrationProfile {
  /** Fetched through `fetchFile` by Parley's media proxy, never shown as the vendor's URL. */
  avatarRef?: string;
}
