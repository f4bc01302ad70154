/**
 * How one vendor speaks OAuth (docs/oauth.md): the consent URL, the code exchange and the
 * refresh. Each vendor's `vendors/<vendor>/oauth.ts` implements it over its configured hosts.
 * Failures are ChannelErrors: `credentials_rejected` when the vendor refused the code or the
 * refresh token (or the app's credentials), `transient` when it could not be reached or
 * faulted, `permanent` when the callback itself is unusable (an implausible amoCRM host).
 */
export interface OAuthProtocol {
  readonly vendor: string;
  /** The vendor's consent page for this integration. */
  authorizeUrl(input: AuthorizeInput): string;
  /** Trades the callback's `code` (with what else the callback carried) for a grant. */
  exchangeCode(input: ExchangeInput): Promise<OAuthGrant>;
  /** A new grant from the stored one's refresh token (the pair may be rotated). */
  refresh(input: RefreshInput): Promise<OAuthGrant>;
  /** The API base adapters call with the grant's token, no trailing slash. */
  apiBase(grant: OAuthGrant): string;
}

/** What the vendor granted, as Parley keeps it (sealed at rest). */
export interface OAuthGrant {
  accessToken: string;
  /** Absent when the vendor issues none (a GitHub OAuth app's tokens do not expire). */
  refreshToken?: string;
  tokenType?: string;
  /** The scopes granted, as the vendor listed them. */
  scope?: string;
  /** Seconds the access token lives, as the vendor said; absent: it does not expire. */
  expiresIn?: number;
  /** Where the account's API lives when the vendor names it per account (Bitrix24's `client_endpoint`). */
  endpoint?: string;
  /** What the exchange told about the account (OAuthAccess.account). */
  account: Record<string, string>;
}

interface CallBase {
  client: OAuthApp;
  redirectUri: string;
  /** The integration's auth_data (the amoCRM subdomain, the Bitrix24 portal). */
  authData: Record<string, unknown>;
  fetch: typeof fetch;
}

export interface AuthorizeInput {
  client: OAuthApp;
  redirectUri: string;
  state: string;
  authData: Record<string, unknown>;
}

export interface ExchangeInput extends CallBase {
  code: string;
  /** Every query parameter of the callback (amoCRM's `referer`, Bitrix24's `member_id`). */
  query: Record<string, string>;
}

export interface RefreshInput extends CallBase {
  refreshToken: string;
  /** The grant being refreshed: what a vendor does not send again is kept from it. */
  previous: OAuthGrant;
}

/** An OAuth app's credentials: the server's own (`PARLEY_<VENDOR>_CLIENT_ID`/`_SECRET`) or an integration's. */
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
