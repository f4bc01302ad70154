import type { Transactor } from "../../events/unit-of-work.js";
import type { Clock } from "../../infra/clock.js";
import { ApiError } from "../../infra/errors.js";
import { jobOf } from "../../job-queue/job-definition.js";
import type { Repos } from "../../storage/repos/index.js";
import type { IntegrationRow } from "../../storage/repos/integrations.repo.js";
import { ChannelError } from "../../vendors/contract/channel-error.js";
import type { IntegrationProfile } from "../../vendors/contract/vendor-context.js";
import { type Connectors, hookUrlOf } from "./connectors.js";
import type { IntegrationLifecycle } from "./integrations-service.js";
import { CONNECT_MAX_ATTEMPTS, connectIntegrationJob } from "./jobs.js";

export interface ConnectionDeps {
  repos: Repos;
  transactor: Transactor;
  connectors: Connectors;
  /** `PARLEY_PUBLIC_URL`, for hook URLs. */
  publicUrl: string;
  clock: Clock;
  log: { warn(object: unknown, message: string): void };
  /** Builds the proxied URL of an avatar the vendor serves only with a credential in its URL. */
  mediaUrl(integrationId: string, ref: string): string;
}

/** How long deleting an integration waits for the vendor to forget its webhook. */
const TEARDOWN_TIMEOUT_MS = 5_000;

const errorJson = (code: string, message: string) => JSON.stringify({ code, message });

/**
 * An integration's standing with its vendor (docs/channels.md, "Connecting"): registering and
 * removing the webhook, checking the credentials, and what happens when the vendor stops
 * accepting them: the integration and its active chats go to `error` and
 * `integration.auth_lost` is raised once; new credentials (or activating it again) restore them.
 */
export class ConnectionService implements IntegrationLifecycle {
  constructor(private readonly deps: ConnectionDeps) {}

  /**
   * The connect job: registers the webhook. Credentials refused → auth lost; a permanent refusal
   * is recorded as the connection's error; anything else is thrown, so the job is retried.
   */
  async connect(integrationId: string, lastAttempt: boolean): Promise<void> {
    const row = await this.deps.repos.integrations.findById(integrationId);
    if (row?.status !== "active") return;
    const now = () => this.deps.clock.now().toISOString();
    try {
      await this.deps.connectors.use(row, async ({ channel, context }) => {
        await channel.setUpWebhook?.(context);
        // A server-wide webhook URL (amoCRM's chat channel) names the integration by this key.
        const hookKey = channel.hookKey?.(context);
        if (hookKey) await this.deps.repos.integrations.claimHookKey(row.vendor, hookKey, row.id, now());
      });
      await this.deps.repos.integrations.update(row.id, {
        connection_status: "connected",
        connection_error: null,
        connection_checked_at: now(),
      });
    } catch (error) {
      if (error instanceof ChannelError && error.kind === "credentials_rejected") {
        await this.authLost(row, error.message);
        return;
      }
      const permanent = error instanceof ChannelError && error.kind === "permanent";
      if (!permanent && !lastAttempt) throw error;
      const code = error instanceof ChannelError ? error.code : "vendor_unreachable";
      await this.deps.repos.integrations.update(row.id, {
        connection_status: "failed",
        connection_error: errorJson(code, describe(error)),
        connection_checked_at: now(),
      });
    }
  }

  /** Best effort before a delete: the vendor stops posting to a hook that will answer 404. */
  async disconnect(row: IntegrationRow): Promise<void> {
    const connector = this.deps.connectors.open(row);
    if (!connector.channel.tearDownWebhook) return;
    try {
      await withTimeout(connector.channel.tearDownWebhook(connector.context), TEARDOWN_TIMEOUT_MS);
    } catch (error) {
      this.deps.log.warn(
        { integrationId: row.id, vendor: row.vendor, err: describe(error) },
        "could not remove the vendor webhook",
      );
    }
  }

  /**
   * After a create or update (IntegrationLifecycle): chats that lost access with the integration
   * are active again once it is, and a `pending` connection gets its connect job, in one
   * transaction.
   */
  async saved(row: IntegrationRow, change: { previous?: IntegrationRow }): Promise<void> {
    const restored = change.previous?.status === "error" && row.status === "active";
    const connect = row.status === "active" && row.connection_status === "pending";
    if (!restored && !connect) return;
    await this.deps.transactor.run(row.project_id, async (unit) => {
      if (restored) {
        await unit.repos.chats.moveStatusForIntegration(
          row.id,
          "error",
          "active",
          this.deps.clock.now().toISOString(),
        );
      }
      if (connect) {
        await unit.enqueue({
          ...jobOf(connectIntegrationJob, { projectId: row.project_id, integrationId: row.id }),
          dedupeKey: `connect:${row.id}:${row.updated_at}`,
          maxAttempts: CONNECT_MAX_ATTEMPTS,
        });
      }
    });
  }

  /**
   * Housekeeping: a connection left `pending` without its job (the process died between storing
   * the integration and queueing the job) gets it now; the dedupe key makes this a no-op while
   * the job exists.
   */
  async resumePendingConnections(): Promise<void> {
    for (const row of await this.deps.repos.integrations.listPendingConnections()) await this.saved(row, {});
  }

  /** Before a delete (IntegrationLifecycle). */
  deleting(row: IntegrationRow): Promise<void> {
    return this.disconnect(row);
  }

  hookUrl(row: IntegrationRow): string {
    return hookUrlOf(this.deps.publicUrl, row.vendor, row.id);
  }

  /**
   * The vendor refused the credentials: once per loss, the integration and its active chats go
   * to `error` (the bot stops answering there) and `integration.auth_lost` is recorded.
   */
  async authLost(row: IntegrationRow, reason: string): Promise<void> {
    const now = this.deps.clock.now().toISOString();
    await this.deps.transactor.run(row.project_id, async (unit) => {
      if (!(await unit.repos.integrations.moveStatus(row.id, "active", "error", now))) return;
      await unit.repos.chats.moveStatusForIntegration(row.id, "active", "error", now);
      await unit.repos.integrations.update(row.id, {
        connection_status: "failed",
        connection_error: errorJson("credentials_rejected", reason),
        connection_checked_at: now,
      });
      unit.record({ type: "integration.auth_lost", integrationId: row.id, vendor: row.vendor, reason });
    });
    row.status = "error";
  }

  /** Checks the stored credentials with the vendor and returns the identity (GET …/profile). */
  async profile(row: IntegrationRow): Promise<IntegrationProfile> {
    try {
      const profile = await this.deps.connectors.use(row, async ({ vendor, context }) => {
        if (!vendor.profile) {
          throw new ApiError(
            422,
            "profile_not_supported",
            `The ${row.vendor} integration has no profile to check yet.`,
          );
        }
        return vendor.profile(context);
      });
      const { avatarRef, ...identity } = profile;
      return avatarRef ? { ...identity, avatar_url: this.deps.mediaUrl(row.id, avatarRef) } : identity;
    } catch (error) {
      throw await this.vendorCallError(row, error);
    }
  }

  /**
   * A vendor call the API made on a client's behalf failed: what the client is answered. Refused
   * credentials put the integration in `error` (422 `credentials_rejected`); a permanent
   * refusal is 422 with the vendor's code; anything else 502 `vendor_unavailable`.
   */
  async vendorCallError(row: IntegrationRow, error: unknown): Promise<ApiError> {
    if (!(error instanceof ChannelError)) {
      if (error instanceof ApiError) return error;
      return new ApiError(
        502,
        "vendor_unavailable",
        `${row.vendor} could not be reached: ${describe(error)}`,
      );
    }
    if (error.kind === "credentials_rejected") {
      await this.authLost(row, error.message);
      return new ApiError(
        422,
        "credentials_rejected",
        `${row.vendor} refused the stored credentials: ${error.message}`,
      );
    }
    if (error.kind === "permanent") return new ApiError(422, error.code, error.message);
    return new ApiError(502, "vendor_unavailable", `${row.vendor} did not answer: ${error.message}`);
  }
}

/** A vendor error's message for a person; never a stack, never a credential (adapters keep them out). */
export function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
  }
  return String(error);
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
