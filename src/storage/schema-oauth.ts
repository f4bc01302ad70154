/**
 * OAuth connections of integrations (migration 0017; docs/oauth.md): the pending consent
 * requests (`state`) and the tokens each connected integration holds.
 */
export interface OAuthStatesTable {
  /** SHA-256 (hex) of the state's random part: the state itself is never stored. */
  state_hash: string;
  integration_id: string;
  project_id: string;
  /** Past it the state is refused (10 minutes after the start). */
  expires_at: string;
  created_at: string;
  /** Set by the one callback that used it: a state is single-use. */
  used_at: string | null;
}

export interface OAuthTokensTable {
  integration_id: string;
  vendor: string;
  /**
   * The grant as JSON sealed with the server key (AES-256-GCM): access and refresh token
   * together, so a rotated pair is replaced in one write, with the account it names.
   */
  sealed_grant: string;
  /** When the access token stops working; null when the vendor gave no lifetime. */
  expires_at: string | null;
  /** Incremented by every stored grant: a refresh stores its pair only over the version it read. */
  version: number;
  /** While one process refreshes: until when it holds the right to (others wait and reread). */
  refresh_lease_until: string | null;
  refresh_lease_owner: string | null;
  /** The vendor refused the refresh token: the connection is lost until a new OAuth start. */
  lost_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface OAuthTables {
  oauth_states: OAuthStatesTable;
  oauth_tokens: OAuthTokensTable;
}
