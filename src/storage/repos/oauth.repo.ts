import { type Kysely, type Selectable, sql } from "kysely";
import type { Database } from "../schema.js";
import type { OAuthStatesTable, OAuthTokensTable } from "../schema-oauth.js";

export type OAuthStateRow = Selectable<OAuthStatesTable>;
/** A stored grant; `sealed_grant` is encrypted JSON, never plaintext. */
export type OAuthTokensRow = Selectable<OAuthTokensTable>;

/** A newly obtained grant, as it is stored (sealed) over whatever the integration held before. */
export interface NewOAuthGrant {
  integration_id: string;
  vendor: string;
  sealed_grant: string;
  expires_at: string | null;
}

/**
 * OAuth states and tokens (docs/oauth.md). Every change that must happen once (using a state,
 * taking the refresh lease, storing a refreshed pair) is a conditional update that reports
 * whether this call made it, so concurrent processes agree on a single winner.
 */
export class OAuthRepo {
  constructor(private readonly db: Kysely<Database>) {}

  withTransaction(trx: Kysely<Database>): OAuthRepo {
    return new OAuthRepo(trx);
  }

  async insertState(row: OAuthStateRow): Promise<void> {
    await this.db.insertInto("oauth_states").values(row).execute();
  }

  findState(stateHash: string): Promise<OAuthStateRow | undefined> {
    return this.db
      .selectFrom("oauth_states")
      .selectAll()
      .where("state_hash", "=", stateHash)
      .executeTakeFirst();
  }

  /** Marks an unused, unexpired state used; true only for the one call that did. */
  async consumeState(stateHash: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable("oauth_states")
      .set({ used_at: now })
      .where("state_hash", "=", stateHash)
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Forgets states that expired before `before` (used or not). */
  async pruneStates(before: string): Promise<void> {
    await this.db.deleteFrom("oauth_states").where("expires_at", "<", before).execute();
  }

  findTokens(integrationId: string): Promise<OAuthTokensRow | undefined> {
    return this.db
      .selectFrom("oauth_tokens")
      .selectAll()
      .where("integration_id", "=", integrationId)
      .executeTakeFirst();
  }

  /**
   * Stores a grant from a new consent over any earlier one: the version moves on (so refreshes
   * and jobs of the old grant find themselves superseded), the lease and any loss are cleared.
   * Returns the new version.
   */
  async replaceTokens(grant: NewOAuthGrant, now: string): Promise<number> {
    const row = await this.db
      .insertInto("oauth_tokens")
      .values({
        ...grant,
        version: 1,
        refresh_lease_until: null,
        refresh_lease_owner: null,
        lost_reason: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.column("integration_id").doUpdateSet({
          vendor: grant.vendor,
          sealed_grant: grant.sealed_grant,
          expires_at: grant.expires_at,
          version: sql<number>`oauth_tokens.version + 1`,
          refresh_lease_until: null,
          refresh_lease_owner: null,
          lost_reason: null,
          updated_at: now,
        }),
      )
      .returning("version")
      .executeTakeFirstOrThrow();
    return Number(row.version);
  }

  /**
   * Takes the right to refresh the grant of `version`: only while that version is current,
   * not lost, and nobody holds an unexpired lease. True when this call took it.
   */
  async takeRefreshLease(
    integrationId: string,
    version: number,
    owner: string,
    until: string,
    now: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable("oauth_tokens")
      .set({ refresh_lease_until: until, refresh_lease_owner: owner })
      .where("integration_id", "=", integrationId)
      .where("version", "=", version)
      .where("lost_reason", "is", null)
      .where((eb) => eb.or([eb("refresh_lease_until", "is", null), eb("refresh_lease_until", "<=", now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Gives the lease back (the refresh failed and may be tried again). */
  async releaseRefreshLease(integrationId: string, owner: string): Promise<void> {
    await this.db
      .updateTable("oauth_tokens")
      .set({ refresh_lease_until: null, refresh_lease_owner: null })
      .where("integration_id", "=", integrationId)
      .where("refresh_lease_owner", "=", owner)
      .execute();
  }

  /**
   * Stores a refreshed grant (the whole pair in one write) over the version it was refreshed
   * from, and clears the lease; false when another grant was stored meanwhile.
   */
  async storeRefreshed(
    integrationId: string,
    fromVersion: number,
    grant: { sealed_grant: string; expires_at: string | null },
    now: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable("oauth_tokens")
      .set({
        ...grant,
        version: fromVersion + 1,
        refresh_lease_until: null,
        refresh_lease_owner: null,
        updated_at: now,
      })
      .where("integration_id", "=", integrationId)
      .where("version", "=", fromVersion)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Records that the vendor refused the grant of `version`; false when it was replaced meanwhile. */
  async markLost(integrationId: string, version: number, reason: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable("oauth_tokens")
      .set({ lost_reason: reason, refresh_lease_until: null, refresh_lease_owner: null, updated_at: now })
      .where("integration_id", "=", integrationId)
      .where("version", "=", version)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
