import type { AuthContext } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import { assertOwned, conflict, notFound, validationFailed } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import { validateOutboundUrl } from "../../infra/outbound-http/address-policy.js";
import type { SecretBox } from "../../infra/secret-box.js";
import type { Repos } from "../../storage/repos/index.js";
import type {
  WebhookDeliveryLogRow,
  WebhookEndpointRow,
  WebhookRepo,
} from "../../storage/repos/webhooks.repo.js";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./event-schemas.js";
import { generateWebhookSecret } from "./generate-secret.js";
import type {
  CreatedWebhookEndpoint,
  CreateWebhookEndpointInput,
  UpdateWebhookEndpointInput,
  WebhookDelivery,
  WebhookEndpoint,
} from "./schemas.js";

export interface WebhooksServiceDeps {
  repos: Repos;
  /** Seals endpoint secrets at rest (AES-256-GCM). */
  secrets: SecretBox;
  clock: Clock;
  newId: IdGenerator;
  /** PARLEY_WEBHOOKS_ALLOW_PRIVATE: accept URLs on private, loopback and link-local addresses. */
  allowPrivate: boolean;
  /** Called after a change that makes deliveries due now (wakes the dispatcher). */
  onDeliveriesDue?: () => void;
}

function parseEvents(events: string | null): WebhookEventType[] | null {
  if (events === null) return null;
  const list = JSON.parse(events) as string[];
  return list.filter((type): type is WebhookEventType =>
    (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type),
  );
}

function toEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    status: row.status,
    events: parseEvents(row.events),
    ordered: row.ordered === 1,
    disabled_reason: row.disabled_reason,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function toDelivery(row: WebhookDeliveryLogRow): WebhookDelivery {
  return {
    id: row.id,
    event_id: row.event_id,
    event_type: row.event_type as WebhookEventType,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    last_response: row.last_response,
    next_attempt_at: row.status === "pending" ? row.next_attempt_at : null,
    delivered_at: row.delivered_at,
    created_at: row.created_at,
  };
}

/** The stored form of an events filter: a JSON array without repeats, or null for every type. */
function eventsColumn(events: WebhookEventType[] | null | undefined): string | null {
  return events ? JSON.stringify([...new Set(events)]) : null;
}

function encodeCursor(seq: number): string {
  return Buffer.from(JSON.stringify({ s: seq })).toString("base64url");
}

function decodeCursor(cursor: string): number | undefined {
  try {
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { s?: unknown } | null;
    // Exactly what the API issued: one key, a positive integer every database can hold.
    const issued = typeof value === "object" && value !== null && Object.keys(value).length === 1;
    if (issued && typeof value.s === "number" && Number.isSafeInteger(value.s) && value.s > 0) return value.s;
  } catch {
    // fall through
  }
  return undefined;
}

/**
 * Webhook endpoints of the caller's project and their delivery log. Secrets are sealed with
 * the server's SecretBox before they reach the database and leave the service only in the
 * response that created them (and, opened, in the dispatcher's signatures).
 */
export class WebhooksService {
  private readonly repos: Repos;
  private readonly repo: WebhookRepo;

  constructor(private readonly deps: WebhooksServiceDeps) {
    this.repos = deps.repos;
    this.repo = this.repos.webhooks;
  }

  async list(auth: AuthContext): Promise<WebhookEndpoint[]> {
    return (await this.repo.listEndpoints(auth.projectId)).map(toEndpoint);
  }

  async get(auth: AuthContext, endpointId: string): Promise<WebhookEndpoint> {
    return toEndpoint(await this.load(auth, endpointId));
  }

  async create(auth: AuthContext, input: CreateWebhookEndpointInput): Promise<CreatedWebhookEndpoint> {
    const url = this.checkUrl(input.url);
    const secret = input.secret ?? generateWebhookSecret();
    const now = this.deps.clock.now().toISOString();
    const row: WebhookEndpointRow = {
      id: this.deps.newId("whe"),
      project_id: auth.projectId,
      url,
      secret: this.deps.secrets.seal(secret),
      events: eventsColumn(input.events),
      status: "active",
      ordered: input.ordered === false ? 0 : 1,
      consecutive_failures: 0,
      disabled_reason: null,
      created_at: now,
      updated_at: now,
    };
    await this.repo.insertEndpoint(row);
    return { ...toEndpoint(row), secret };
  }

  /**
   * Fields not sent are unchanged. Disabling keeps the endpoint's pending deliveries waiting
   * (no new ones are created meanwhile); re-enabling resets the failure count and gives the
   * waiting deliveries a fresh retry run, due at once.
   */
  async update(
    auth: AuthContext,
    endpointId: string,
    input: UpdateWebhookEndpointInput,
  ): Promise<WebhookEndpoint> {
    const url = input.url !== undefined ? this.checkUrl(input.url) : undefined;
    const now = this.deps.clock.now().toISOString();
    let resumed = false;
    const updated = await this.repos.transaction(async (trx) => {
      const repo = trx.webhooks;
      // A status change must not interleave with an event being recorded for the project:
      // disabled means no delivery for any event committed after this change.
      if (input.status !== undefined) await trx.lockProjectEvents(auth.projectId);
      const row = assertOwned(
        await repo.findEndpoint(endpointId),
        auth.projectId,
        "webhook endpoint",
        endpointId,
      );
      const statusChange =
        input.status !== undefined && input.status !== row.status ? input.status : undefined;
      const patch = {
        ...(url !== undefined ? { url } : {}),
        ...(input.secret !== undefined ? { secret: this.deps.secrets.seal(input.secret) } : {}),
        ...(input.events !== undefined ? { events: eventsColumn(input.events) } : {}),
        ...(input.ordered !== undefined ? { ordered: input.ordered ? 1 : 0 } : {}),
        ...(statusChange === "active"
          ? { status: "active" as const, consecutive_failures: 0, disabled_reason: null }
          : {}),
        ...(statusChange === "disabled" ? { status: "disabled" as const, disabled_reason: null } : {}),
        updated_at: now,
      };
      await repo.updateEndpoint(row.id, patch);
      if (statusChange === "active") {
        await repo.restartPending(row.id, now);
        resumed = true;
      }
      return { ...row, ...patch };
    });
    if (resumed) this.deps.onDeliveriesDue?.();
    return toEndpoint(updated);
  }

  /** Deletes the endpoint and its delivery log; pending deliveries are dropped. */
  async delete(auth: AuthContext, endpointId: string): Promise<{ id: string; deleted: true }> {
    const row = await this.load(auth, endpointId);
    await this.repo.deleteEndpoint(row.id);
    return { id: row.id, deleted: true };
  }

  /** The endpoint's deliveries, newest first. */
  async listDeliveries(
    auth: AuthContext,
    endpointId: string,
    query: { limit: number; cursor?: string | undefined },
  ): Promise<{ data: WebhookDelivery[]; next_cursor: string | null }> {
    const endpoint = await this.load(auth, endpointId);
    let before: number | undefined;
    if (query.cursor !== undefined) {
      before = decodeCursor(query.cursor);
      if (before === undefined)
        throw validationFailed([{ path: "query.cursor", message: "is not a cursor this API issued" }]);
    }
    const rows = await this.repo.listDeliveries(endpoint.id, query.limit + 1, before);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      data: page.map(toDelivery),
      next_cursor: rows.length > query.limit && last ? encodeCursor(last.seq) : null,
    };
  }

  /**
   * Sends a delivery again as soon as possible, whatever its status (a failed or cancelled one
   * is retried, a succeeded one replayed), with a fresh retry run. The endpoint must be active.
   */
  async retryDelivery(auth: AuthContext, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
    const endpoint = await this.load(auth, endpointId);
    const delivery = await this.repo.findDelivery(deliveryId);
    if (!delivery || delivery.endpoint_id !== endpoint.id) throw notFound("webhook delivery", deliveryId);
    if (endpoint.status !== "active") {
      throw conflict(
        "webhook_endpoint_disabled",
        `The webhook endpoint '${endpoint.id}' is disabled; enable it (PUT status active) to send deliveries.`,
      );
    }
    const now = this.deps.clock.now().toISOString();
    await this.repo.reschedule(delivery.id, now);
    // Read before waking the dispatcher, so the answer shows the delivery as rescheduled.
    const updated = await this.repo.findDelivery(delivery.id);
    this.deps.onDeliveriesDue?.();
    if (!updated) throw notFound("webhook delivery", deliveryId);
    return toDelivery(updated);
  }

  private checkUrl(url: string): string {
    const checked = validateOutboundUrl(url, this.deps.allowPrivate);
    if (!checked.ok) throw validationFailed([{ path: "url", message: checked.reason }]);
    return url;
  }

  private async load(auth: AuthContext, endpointId: string): Promise<WebhookEndpointRow> {
    return assertOwned(
      await this.repo.findEndpoint(endpointId),
      auth.projectId,
      "webhook endpoint",
      endpointId,
    );
  }
}
