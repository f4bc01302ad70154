import { hostname } from "node:os";
import { SpanKind } from "@opentelemetry/api";
import { ClaimLoop } from "../../../infra/claim-loop.js";
import type { Clock } from "../../../infra/clock.js";
import { type IdGenerator, randomBase62 } from "../../../infra/ids.js";
import type { SecretBox } from "../../../infra/secret-box.js";
import { NO_TELEMETRY, type Telemetry } from "../../../infra/telemetry/telemetry.js";
import { failSpan, withSpan } from "../../../infra/telemetry/with-span.js";
import type { Storage } from "../../../storage/database.js";
import { createRepos, type Repos } from "../../../storage/repos/index.js";
import type {
  AttemptResult,
  ClaimedDelivery,
  DeliveryLease,
  WebhookRepo,
} from "../../../storage/repos/webhooks.repo.js";
import type { DeliveryAttemptResult, WebhookRequest } from "./http-sender.js";
import {
  DEFAULT_WEBHOOK_RETRY_SCHEDULE,
  nextWebhookRetry,
  type WebhookRetrySchedule,
} from "./retry-schedule.js";
import { buildWebhookHeaders, signWebhookBody } from "./signature.js";
import { recordWebhookEvent } from "./webhook-outbox.js";

/** The reasons the dispatcher gives when it disables an endpoint (docs/webhooks.md). */
export const DISABLED_GONE = "gone";
export const DISABLED_FAILING = "failing for over 24 hours";

/** How an attempt ended (metrics): sent, to be retried, given up, or the endpoint answered 410. */
export type WebhookAttemptResult = "delivered" | "retrying" | "failed" | "gone";

export interface WebhookDispatcherLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface WebhookDispatcherDeps {
  storage: Storage;
  /** Opens the endpoints' sealed secrets. */
  secrets: SecretBox;
  /** One attempt per call; never throws (http-sender.ts). */
  sender: { send(request: WebhookRequest): Promise<DeliveryAttemptResult> };
  clock: Clock;
  log: WebhookDispatcherLog;
  newId: IdGenerator;
  /** Time between polls when idle (default 1 s). */
  pollIntervalMs?: number;
  /** Deliveries sent at once by this dispatcher (default 10). */
  concurrency?: number;
  /**
   * How long a claim lasts (default 60 s); must exceed the sender's timeout. A dispatcher that
   * dies mid-send leaves the delivery to be sent again by any dispatcher after this.
   */
  leaseMs?: number;
  /** When failed deliveries are retried (default DEFAULT_WEBHOOK_RETRY_SCHEDULE). */
  schedule?: WebhookRetrySchedule;
  /** Told how each attempt ended, once its outcome is recorded (not when the lease was lost). */
  onAttempt?: (result: WebhookAttemptResult) => void;
  /** Names this dispatcher in locked_by; unique per instance by default. */
  dispatcherId?: string;
  userAgent?: string;
  /** A span per delivery attempt (docs/quality.md, "OpenTelemetry"); none by default. */
  telemetry?: Telemetry;
}

/** How an attempt ended, as its span tells: its result, or `lease_lost` when it was not recorded. */
type DeliveryOutcome = WebhookAttemptResult | "lease_lost";

/**
 * Sends webhook deliveries from the database: claims due ones under a lease, signs and POSTs
 * each, and records the outcome. Everything lives in the database, so any number of
 * dispatchers in any number of processes may share it, and a restart loses nothing.
 * Delivery is at least once: receivers deduplicate on the event id.
 */
export class WebhookDispatcher {
  readonly dispatcherId: string;
  private readonly repos: Repos;
  private readonly repo: WebhookRepo;
  private readonly leaseMs: number;
  private readonly schedule: WebhookRetrySchedule;
  private readonly loop: ClaimLoop<ClaimedDelivery>;

  constructor(private readonly deps: WebhookDispatcherDeps) {
    this.dispatcherId = deps.dispatcherId ?? `${hostname()}:${process.pid}:${randomBase62(8)}`;
    this.repos = createRepos(deps.storage.db);
    this.repo = this.repos.webhooks;
    this.leaseMs = deps.leaseMs ?? 60_000;
    this.schedule = deps.schedule ?? DEFAULT_WEBHOOK_RETRY_SCHEDULE;
    this.loop = new ClaimLoop<ClaimedDelivery>({
      pollIntervalMs: deps.pollIntervalMs ?? 1_000,
      concurrency: deps.concurrency ?? 10,
      claim: (limit) =>
        this.repo.claim({ lockedBy: this.dispatcherId, limit, now: deps.clock.now(), leaseMs: this.leaseMs }),
      run: (claim) => this.deliverInSpan(claim),
      // The next delivery of an ordered endpoint may be due as soon as one finishes.
      wakeAfterEachRun: true,
      onPollError: (error) =>
        deps.log.error({ err: error, dispatcherId: this.dispatcherId }, "webhook poll failed"),
      onRunError: (error, claim) =>
        deps.log.error(
          { err: error, deliveryId: claim.delivery.id, dispatcherId: this.dispatcherId },
          "could not record a webhook delivery's outcome; it is sent again once its lease expires",
        ),
    });
  }

  /** Starts polling, the first time at once. The timers do not keep the process alive. */
  start(): void {
    this.loop.start();
  }

  /** Polls soon instead of at the next interval (e.g. after a commit that recorded events). */
  wake(): void {
    this.loop.wake();
  }

  /** Stops polling; resolves once every send under way has finished and its outcome is recorded. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /**
   * Sends every delivery due now, `concurrency` at a time, and resolves with how many attempts
   * were made (tests, start-up). The next delivery of an ordered endpoint goes in the same call
   * once the one before it succeeded; retries wait for their time. After stop() it sends nothing.
   */
  runDue(): Promise<number> {
    return this.loop.runDue();
  }

  /**
   * The attempt's CLIENT span: the endpoint, the event and the status code; never the URL's
   * path or query (they may hold a token), the body or the signature.
   */
  private deliverInSpan(claim: ClaimedDelivery): Promise<void> {
    const { delivery } = claim;
    const target = serverOf(claim.url);
    return withSpan(
      this.deps.telemetry ?? NO_TELEMETRY,
      `webhook ${claim.eventType}`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          "http.request.method": "POST",
          ...(target ? { "server.address": target.address, "server.port": target.port } : {}),
          "parley.project.id": delivery.project_id,
          "parley.webhook.endpoint.id": delivery.endpoint_id,
          "parley.webhook.delivery.id": delivery.id,
          "parley.webhook.event.id": delivery.event_id,
          "parley.webhook.event.type": claim.eventType,
          "parley.webhook.attempt": delivery.attempts,
        },
      },
      async (span) => {
        const { outcome, result } = await this.deliver(claim);
        span.setAttribute("parley.webhook.outcome", outcome);
        if (result.statusCode !== null) span.setAttribute("http.response.status_code", result.statusCode);
        if (!result.ok)
          failSpan(span, result.statusCode !== null ? String(result.statusCode) : "no_response");
      },
    );
  }

  private async deliver(
    claim: ClaimedDelivery,
  ): Promise<{ outcome: DeliveryOutcome; result: DeliveryAttemptResult }> {
    const { delivery } = claim;
    const lease: DeliveryLease = {
      id: delivery.id,
      lockedBy: this.dispatcherId,
      attempts: delivery.attempts,
    };
    const result = await this.send(claim);
    const attempt: AttemptResult = {
      statusCode: result.statusCode,
      error: result.error,
      response: result.responseBody === "" ? null : result.responseBody,
    };
    const context = {
      deliveryId: delivery.id,
      endpointId: delivery.endpoint_id,
      eventId: delivery.event_id,
      attempts: delivery.attempts,
      statusCode: result.statusCode,
      durationMs: result.durationMs,
    };
    const now = this.deps.clock.now();
    const at = now.toISOString();

    if (result.ok) {
      const held = await this.repos.transaction(async (trx) => {
        const repo = trx.webhooks;
        if (!(await repo.succeed(lease, attempt, at))) return false;
        await repo.resetFailures(delivery.endpoint_id);
        return true;
      });
      if (!held) this.leaseLost(context);
      else this.deps.onAttempt?.("delivered");
      return { outcome: held ? "delivered" : "lease_lost", result };
    }

    if (result.gone || result.statusCode === 410) {
      const outcome = await this.repos.transaction(async (trx) => {
        const repo = trx.webhooks;
        // First, so that no event being recorded concurrently adds a delivery after the cancelling.
        await trx.lockProjectEvents(delivery.project_id);
        if (!(await repo.fail(lease, attempt, at))) return "lost" as const;
        await repo.countFailure(delivery.endpoint_id);
        if (!(await repo.disableEndpoint(delivery.endpoint_id, DISABLED_GONE, at))) return "failed" as const;
        await repo.cancelPending(delivery.endpoint_id, at);
        await this.recordDisabled(trx, delivery.project_id, delivery.endpoint_id, claim.url, DISABLED_GONE);
        return "disabled" as const;
      });
      if (outcome !== "lost") this.deps.onAttempt?.("gone");
      if (outcome === "lost") this.leaseLost(context);
      else if (outcome === "disabled")
        this.deps.log.warn(
          context,
          "webhook endpoint answered 410 Gone; disabled, its pending deliveries cancelled",
        );
      return { outcome: outcome === "lost" ? "lease_lost" : "gone", result };
    }

    const firstAttemptAt = new Date(delivery.first_attempt_at ?? at);
    const failures = delivery.schedule_step + 1;
    const decision = nextWebhookRetry(this.schedule, failures, firstAttemptAt, now);
    if ("retryAt" in decision) {
      const retryAt = decision.retryAt.toISOString();
      const held = await this.repos.transaction(async (trx) => {
        const repo = trx.webhooks;
        if (!(await repo.retryLater(lease, attempt, { retryAt, scheduleStep: failures, now: at })))
          return false;
        await repo.countFailure(delivery.endpoint_id);
        return true;
      });
      if (!held) this.leaseLost(context);
      else {
        this.deps.onAttempt?.("retrying");
        this.deps.log.info(
          { ...context, error: result.error, retryAt },
          "webhook delivery failed; will retry",
        );
      }
      return { outcome: held ? "retrying" : "lease_lost", result };
    }

    const outcome = await this.repos.transaction(async (trx) => {
      const repo = trx.webhooks;
      await trx.lockProjectEvents(delivery.project_id);
      if (!(await repo.fail(lease, attempt, at))) return "lost" as const;
      await repo.countFailure(delivery.endpoint_id);
      if (!(await repo.disableEndpoint(delivery.endpoint_id, DISABLED_FAILING, at))) return "failed" as const;
      await this.recordDisabled(trx, delivery.project_id, delivery.endpoint_id, claim.url, DISABLED_FAILING);
      return "disabled" as const;
    });
    if (outcome !== "lost") this.deps.onAttempt?.("failed");
    if (outcome === "lost") this.leaseLost(context);
    else
      this.deps.log.warn(
        { ...context, error: result.error, endpointDisabled: outcome === "disabled" },
        "webhook delivery failed for good",
      );
    return { outcome: outcome === "lost" ? "lease_lost" : "failed", result };
  }

  /** Signs and sends; a secret that cannot be opened is a failed attempt like any other. */
  private async send(claim: ClaimedDelivery): Promise<DeliveryAttemptResult> {
    const { delivery } = claim;
    // Serialized once; the signature covers exactly these bytes. `data` is stored as JSON.
    const body = `{"id":${JSON.stringify(delivery.event_id)},"type":${JSON.stringify(claim.eventType)},"created_at":${JSON.stringify(claim.eventCreatedAt)},"data":${claim.eventData}}`;
    let secret: string;
    try {
      secret = this.deps.secrets.open(claim.sealedSecret);
    } catch {
      return {
        ok: false,
        statusCode: null,
        error: "the endpoint's secret cannot be decrypted with this server's key",
        durationMs: 0,
        responseBody: "",
        gone: false,
      };
    }
    const headers = buildWebhookHeaders({
      eventId: delivery.event_id,
      timestamp: this.deps.clock.now(),
      signature: signWebhookBody(secret, body),
      ...(this.deps.userAgent ? { userAgent: this.deps.userAgent } : {}),
    });
    return this.deps.sender.send({ url: claim.url, body, headers });
  }

  /** The endpoint.disabled event goes to the project's other active endpoints. */
  private async recordDisabled(
    trx: Repos,
    projectId: string,
    endpointId: string,
    url: string,
    reason: string,
  ): Promise<void> {
    await recordWebhookEvent(
      trx,
      { projectId, type: "webhook_endpoint.disabled", data: { endpoint_id: endpointId, url, reason } },
      { clock: this.deps.clock, newId: this.deps.newId },
    );
  }

  private leaseLost(context: object): void {
    this.deps.log.warn(
      { ...context, dispatcherId: this.dispatcherId },
      "webhook delivery lease was lost before its outcome was recorded; the outcome is dropped",
    );
  }
}

/** The host and port a delivery goes to; nothing else of its URL. */
function serverOf(url: string): { address: string; port: number } | undefined {
  try {
    const parsed = new URL(url);
    return {
      address: parsed.hostname,
      port: parsed.port ? Number(parsed.port) : parsed.protocol === "https:" ? 443 : 80,
    };
  } catch {
    return undefined;
  }
}
