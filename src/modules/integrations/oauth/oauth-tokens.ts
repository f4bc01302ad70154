import { setTimeout as sleep } from "node:timers/promises";
import type { OAuthConfig } from "../../../config-oauth.js";
import type { Transactor, UnitOfWork } from "../../../events/unit-of-work.js";
import type { Clock } from "../../../infra/clock.js";
import type { SecretBox } from "../../../infra/secret-box.js";
import { jobOf } from "../../../job-queue/job-definition.js";
import type { Repos } from "../../../storage/repos/index.js";
import type { IntegrationRow } from "../../../storage/repos/integrations.repo.js";
import type { OAuthTokensRow } from "../../../storage/repos/oauth.repo.js";
import {
  ChannelError,
  credentialsRejected,
  permanentFailure,
  transientFailure,
} from "../../../vendors/contract/channel-error.js";
import type { OAuthGrant } from "../../../vendors/contract/oauth-protocol.js";
import type { OAuthAccess, OAuthAccessOptions } from "../../../vendors/contract/vendor-context.js";
import { isOAuthVendor } from "../../../vendors/registry.js";
import { TOKEN_REQUEST_TIMEOUT_MS } from "../../../vendors/shared/oauth-token-request.js";
import { REFRESH_JOB_ATTEMPTS, refreshOAuthJob } from "./jobs.js";
import { oauthAppOf } from "./oauth-app.js";
import type { OAuthProtocols } from "./protocols.js";

/** `oauth()` refreshes first when the token has less than this left. */
export const ON_DEMAND_MARGIN_MS = 60_000;
/** A refresh holds its lease this long: well past the token request's own timeout. */
const REFRESH_LEASE_MS = TOKEN_REQUEST_TIMEOUT_MS * 3;
/** After the refresh job's last attempt failed for a passing reason, it is tried again this much later. */
const REFRESH_RETRY_LATER_MS = 60 * 60 * 1000;

/**
 * When the refresh job runs: this long before the token expires, a fifth of its lifetime,
 * at least a minute and at most ten (Bitrix24's hour-long token: 10 min before).
 */
export function refreshMarginMs(lifetimeMs: number): number {
  return Math.min(10 * 60_000, Math.max(60_000, Math.round(lifetimeMs / 5)));
}

export interface OAuthTokensDeps {
  repos: Repos;
  transactor: Transactor;
  secrets: SecretBox;
  clock: Clock;
  protocols: OAuthProtocols;
  config: Pick<OAuthConfig, "apps" | "redirectUrl">;
  /** Names this process as the holder of a refresh lease. */
  owner: string;
  /** The vendor refused the refresh: the integration goes to `error` (ConnectionService.authLost). */
  authLost(row: IntegrationRow, reason: string): Promise<void>;
  log: { warn(object: unknown, message: string): void };
  fetch?: typeof fetch;
  /** How long to wait before rereading while another process refreshes (tests shorten it). */
  pollMs?: number;
}

interface StoredGrant {
  row: OAuthTokensRow;
  grant: OAuthGrant;
}

/**
 * The OAuth tokens of integrations (docs/oauth.md, "Staying connected"): stored sealed, one
 * row per integration holding access and refresh token together, so a rotated pair is
 * replaced in one write. A refresh runs in one process at a time per integration: it takes a
 * lease on the row's current version (compare-and-swap) and stores the new pair only over that
 * version; everyone else (other processes through the database, this one through a shared
 * promise) waits and rereads. Bitrix24, whose refresh kills the old pair, thus never loses it.
 * Refreshes run from a job scheduled before expiry, and on demand when less than a minute is
 * left. A refused refresh records the loss and moves the integration to `error` once.
 */
export class OAuthTokens {
  private readonly inflight = new Map<string, Promise<StoredGrant>>();

  constructor(private readonly deps: OAuthTokensDeps) {}

  /**
   * A live token for an integration (VendorContext.oauth): refreshed first when less than a
   * minute is left. Throws ChannelError: `permanent` `oauth_not_connected` before the first
   * consent, `credentials_rejected` once the connection is lost.
   */
  async access(row: IntegrationRow, options: OAuthAccessOptions = {}): Promise<OAuthAccess> {
    const tokens = await this.deps.repos.oauth.findTokens(row.id);
    if (!tokens) {
      throw permanentFailure(
        "oauth_not_connected",
        `The ${row.vendor} account is not connected yet: POST /v1/integrations/${row.id}/oauth/start.`,
      );
    }
    let stored: StoredGrant = { row: tokens, grant: this.open(tokens) };
    if (tokens.lost_reason) throw this.lostError(row, tokens.lost_reason);
    // A token the vendor has just refused although it looked valid (clocks apart, revoked early)
    // is refreshed at once; one that was refreshed meanwhile is simply handed out.
    const refused = options.rejected !== undefined && stored.grant.accessToken === options.rejected;
    if (refused || this.expiresWithin(tokens, ON_DEMAND_MARGIN_MS)) stored = await this.refresh(row, tokens);
    return {
      accessToken: stored.grant.accessToken,
      apiBase: this.protocolOf(row).apiBase(stored.grant),
      account: { ...stored.grant.account },
    };
  }

  /**
   * Stores the grant of a new consent over any earlier one, in the caller's unit of work, and
   * schedules its refresh.
   */
  async storeNew(unit: UnitOfWork, row: IntegrationRow, grant: OAuthGrant): Promise<void> {
    const now = this.deps.clock.now();
    const expiresAt = this.expiryOf(grant, now);
    const version = await unit.repos.oauth.replaceTokens(
      {
        integration_id: row.id,
        vendor: row.vendor,
        sealed_grant: this.deps.secrets.seal(JSON.stringify(grant)),
        expires_at: expiresAt,
      },
      now.toISOString(),
    );
    await this.scheduleRefresh(unit, row, version, grant, now);
  }

  /**
   * The refresh job: refreshes the grant of `version` unless it was replaced or refreshed
   * since. A refusal is recorded (the integration goes to `error`) and ends the job; a passing
   * failure is retried by the queue, and after the last attempt a new job tries again an hour
   * later, so a long vendor outage does not end the connection.
   */
  async refreshScheduled(
    integrationId: string,
    version: number,
    job: { id: string; lastAttempt: boolean },
  ): Promise<void> {
    const row = await this.deps.repos.integrations.findById(integrationId);
    const tokens = row ? await this.deps.repos.oauth.findTokens(integrationId) : undefined;
    if (!row || !tokens || tokens.version !== version || tokens.lost_reason || !tokens.expires_at) return;
    try {
      await this.refresh(row, tokens);
    } catch (error) {
      if (error instanceof ChannelError && error.kind === "credentials_rejected") return;
      if (error instanceof ChannelError && error.kind === "permanent") {
        this.deps.log.warn(
          { integrationId, vendor: row.vendor, code: error.code },
          "OAuth refresh impossible",
        );
        return;
      }
      if (!job.lastAttempt) throw error;
      await this.deps.transactor.run(row.project_id, async (unit) => {
        await unit.enqueue({
          ...jobOf(refreshOAuthJob, { projectId: row.project_id, integrationId, version }),
          runAt: new Date(this.deps.clock.now().getTime() + REFRESH_RETRY_LATER_MS),
          dedupeKey: `oauth.refresh:${integrationId}:${version}:after:${job.id}`,
          maxAttempts: REFRESH_JOB_ATTEMPTS,
        });
      });
    }
  }

  /** One refresh per integration in this process at a time: concurrent callers share it. */
  private refresh(row: IntegrationRow, seen: OAuthTokensRow): Promise<StoredGrant> {
    const running = this.inflight.get(row.id);
    if (running) return running;
    const work = this.refreshAcrossProcesses(row, seen).finally(() => this.inflight.delete(row.id));
    this.inflight.set(row.id, work);
    return work;
  }

  /**
   * Takes the refresh lease of the version seen, or waits for whoever holds it and uses what
   * they stored. A lease whose holder died expires and is taken over.
   */
  private async refreshAcrossProcesses(row: IntegrationRow, seen: OAuthTokensRow): Promise<StoredGrant> {
    const giveUpAt = Date.now() + REFRESH_LEASE_MS + 5_000;
    let current = seen;
    for (;;) {
      if (current.lost_reason) throw this.lostError(row, current.lost_reason);
      if (current.version !== seen.version) return { row: current, grant: this.open(current) };
      const now = this.deps.clock.now();
      const until = new Date(now.getTime() + REFRESH_LEASE_MS).toISOString();
      if (
        await this.deps.repos.oauth.takeRefreshLease(
          row.id,
          current.version,
          this.deps.owner,
          until,
          now.toISOString(),
        )
      ) {
        return this.refreshHoldingLease(row, current);
      }
      if (Date.now() > giveUpAt) {
        throw transientFailure(
          "refresh_in_progress",
          `Another process is refreshing the ${row.vendor} token.`,
        );
      }
      await sleep(this.deps.pollMs ?? 200);
      const reread = await this.deps.repos.oauth.findTokens(row.id);
      if (!reread)
        throw permanentFailure("oauth_not_connected", `The ${row.vendor} account is not connected.`);
      current = reread;
    }
  }

  private async refreshHoldingLease(row: IntegrationRow, current: OAuthTokensRow): Promise<StoredGrant> {
    const previous = this.open(current);
    const release = () => this.deps.repos.oauth.releaseRefreshLease(row.id, this.deps.owner).catch(() => {});
    const authData = JSON.parse(this.deps.secrets.open(row.auth_data)) as Record<string, unknown>;
    const client = isOAuthVendor(row.vendor)
      ? oauthAppOf(row.vendor, authData, this.deps.config.apps)
      : undefined;
    if (!previous.refreshToken || !client) {
      await release();
      if (!previous.refreshToken && this.expiresWithin(current, 0)) {
        await this.lose(row, current.version, "the token expired and the vendor gave no refresh token");
        throw this.lostError(row, "the token expired and the vendor gave no refresh token");
      }
      if (!client) {
        throw permanentFailure(
          "oauth_not_configured",
          `No ${row.vendor} OAuth app is configured to refresh with.`,
        );
      }
      return { row: current, grant: previous };
    }
    let fresh: OAuthGrant;
    try {
      fresh = await this.protocolOf(row).refresh({
        client,
        redirectUri: this.deps.config.redirectUrl,
        authData,
        fetch: this.deps.fetch ?? globalThis.fetch,
        refreshToken: previous.refreshToken,
        previous,
      });
    } catch (error) {
      if (error instanceof ChannelError && error.kind === "credentials_rejected") {
        // A grant stored meanwhile (our lease outlived) is the live one; else the loss is real.
        const reread = await this.deps.repos.oauth.findTokens(row.id);
        if (reread && reread.version !== current.version && !reread.lost_reason) {
          return { row: reread, grant: this.open(reread) };
        }
        await this.lose(row, current.version, error.message);
        throw this.lostError(row, error.message);
      }
      await release();
      throw error;
    }
    return this.storeRefreshed(row, current, fresh);
  }

  /**
   * Stores the new pair over the version it came from, with the next refresh job, in one
   * transaction; tried three times, since the vendor may already have killed the old pair.
   */
  private async storeRefreshed(
    row: IntegrationRow,
    from: OAuthTokensRow,
    grant: OAuthGrant,
  ): Promise<StoredGrant> {
    const sealed = this.deps.secrets.seal(JSON.stringify(grant));
    for (let attempt = 1; ; attempt++) {
      try {
        const now = this.deps.clock.now();
        const expiresAt = this.expiryOf(grant, now);
        const stored = await this.deps.transactor.run(row.project_id, async (unit) => {
          const ok = await unit.repos.oauth.storeRefreshed(
            row.id,
            from.version,
            { sealed_grant: sealed, expires_at: expiresAt },
            now.toISOString(),
          );
          if (ok) await this.scheduleRefresh(unit, row, from.version + 1, grant, now);
          return ok;
        });
        const reread = await this.deps.repos.oauth.findTokens(row.id);
        if (!reread)
          throw permanentFailure("oauth_not_connected", `The ${row.vendor} account is not connected.`);
        return stored ? { row: reread, grant } : { row: reread, grant: this.open(reread) };
      } catch (error) {
        if (attempt >= 3 || error instanceof ChannelError) throw error;
        this.deps.log.warn(
          { integrationId: row.id, attempt },
          "could not store a refreshed OAuth grant; retrying",
        );
        await sleep(100 * attempt);
      }
    }
  }

  /** Records the loss of the grant of `version` and moves the integration to `error` (once). */
  private async lose(row: IntegrationRow, version: number, reason: string): Promise<void> {
    const now = this.deps.clock.now().toISOString();
    if (!(await this.deps.repos.oauth.markLost(row.id, version, reason, now))) return;
    const fresh = (await this.deps.repos.integrations.findById(row.id)) ?? row;
    await this.deps.authLost(fresh, `OAuth refresh refused: ${reason}`);
  }

  private async scheduleRefresh(
    unit: UnitOfWork,
    row: IntegrationRow,
    version: number,
    grant: OAuthGrant,
    now: Date,
  ): Promise<void> {
    if (!grant.refreshToken || grant.expiresIn === undefined) return;
    const lifetimeMs = grant.expiresIn * 1000;
    const runAt = new Date(now.getTime() + Math.max(0, lifetimeMs - refreshMarginMs(lifetimeMs)));
    await unit.enqueue({
      ...jobOf(refreshOAuthJob, { projectId: row.project_id, integrationId: row.id, version }),
      runAt,
      dedupeKey: `oauth.refresh:${row.id}:${version}`,
      maxAttempts: REFRESH_JOB_ATTEMPTS,
    });
  }

  private lostError(row: IntegrationRow, reason: string): ChannelError {
    return credentialsRejected(
      "oauth_connection_lost",
      `The ${row.vendor} connection was lost (${reason}); connect again: POST /v1/integrations/${row.id}/oauth/start.`,
    );
  }

  private expiresWithin(tokens: OAuthTokensRow, ms: number): boolean {
    return tokens.expires_at !== null && Date.parse(tokens.expires_at) - this.deps.clock.now().getTime() < ms;
  }

  private expiryOf(grant: OAuthGrant, now: Date): string | null {
    return grant.expiresIn === undefined
      ? null
      : new Date(now.getTime() + grant.expiresIn * 1000).toISOString();
  }

  private open(tokens: OAuthTokensRow): OAuthGrant {
    return JSON.parse(this.deps.secrets.open(tokens.sealed_grant)) as OAuthGrant;
  }

  private protocolOf(row: IntegrationRow) {
    if (!isOAuthVendor(row.vendor)) {
      throw permanentFailure("oauth_not_supported", `${row.vendor} does not connect by OAuth.`);
    }
    return this.deps.protocols[row.vendor];
  }
}
