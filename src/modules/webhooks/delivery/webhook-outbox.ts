import type { Clock } from "../../../infra/clock.js";
import type { IdGenerator } from "../../../infra/ids.js";
import type { Repos } from "../../../storage/repos/index.js";
import type { NewWebhookDelivery } from "../../../storage/repos/webhooks.repo.js";
import type { WebhookEventData, WebhookEventType } from "../event-schemas.js";

export interface RecordWebhookEventDeps {
  clock: Clock;
  newId: IdGenerator;
}

export interface NewWebhookEvent<T extends WebhookEventType = WebhookEventType> {
  projectId: string;
  type: T;
  /** The event's `data`, as documented in event-schemas.ts (not validated here: a typed caller). */
  data: WebhookEventData<T>;
}

/** Whether an endpoint's `events` filter (JSON array, or null for every type) selects the type. */
export function endpointWants(events: string | null, type: string): boolean {
  if (events === null) return true;
  try {
    const list = JSON.parse(events) as unknown;
    return Array.isArray(list) && list.includes(type);
  } catch {
    return false;
  }
}

/**
 * The webhook outbox. Records the event and one pending delivery for every ACTIVE endpoint of
 * the project whose `events` filter selects it, in the caller's transaction: a committed change
 * always produces its event, a rolled-back one never does. The dispatcher sends the deliveries
 * after commit (wake it then, or it finds them within its poll interval).
 *
 * Contract: call it late in the transaction. On PostgreSQL it takes a per-project lock held
 * until commit, so that deliveries are numbered in commit order and an ordered endpoint never
 * sees a later event before an earlier one that was still committing. Given a Kysely that is
 * not a transaction, it opens its own.
 */
export async function recordWebhookEvent<T extends WebhookEventType>(
  repos: Repos,
  event: NewWebhookEvent<T>,
  deps: RecordWebhookEventDeps,
): Promise<{ eventId: string | null; deliveries: number }> {
  if (!repos.inTransaction) return repos.transaction((trx) => recordWebhookEvent(trx, event, deps));
  const repo = repos.webhooks;
  // An event no endpoint subscribes to is not stored: nobody could ever receive it.
  if (!(await repo.listActiveEndpoints(event.projectId)).some((e) => endpointWants(e.events, event.type))) {
    return { eventId: null, deliveries: 0 };
  }
  await repos.lockProjectEvents(event.projectId);
  // Read again under the lock, which also serialises endpoint changes.
  const endpoints = (await repo.listActiveEndpoints(event.projectId)).filter((endpoint) =>
    endpointWants(endpoint.events, event.type),
  );
  const now = deps.clock.now().toISOString();
  const eventId = deps.newId("evt");
  await repo.insertEvent({
    id: eventId,
    project_id: event.projectId,
    type: event.type,
    data: JSON.stringify(event.data),
    created_at: now,
  });
  const deliveries: NewWebhookDelivery[] = endpoints.map((endpoint) => ({
    id: deps.newId("dlv"),
    project_id: event.projectId,
    endpoint_id: endpoint.id,
    event_id: eventId,
    status: "pending",
    attempts: 0,
    schedule_step: 0,
    first_attempt_at: null,
    next_attempt_at: now,
    locked_until: null,
    locked_by: null,
    last_status_code: null,
    last_error: null,
    last_response: null,
    delivered_at: null,
    created_at: now,
    updated_at: now,
  }));
  await repo.insertDeliveries(deliveries);
  return { eventId, deliveries: deliveries.length };
}

/** Deletes finished deliveries older than `before` and events no delivery refers to; returns deliveries deleted. */
export function pruneWebhookDeliveries(repos: Repos, before: Date): Promise<number> {
  return repos.webhooks.prune(before.toISOString());
}
