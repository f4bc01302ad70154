import type { ExpressionBuilder, Kysely, Selectable, Updateable } from "kysely";
import { dialectOf } from "../dialect.js";
import { preparedQuery } from "../prepared-query.js";
import type { Database } from "../schema.js";
import type {
  WebhookDeliveriesTable,
  WebhookEndpointsTable,
  WebhookEventsTable,
} from "../schema-webhooks.js";

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookEventRow = Selectable<WebhookEventsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type NewWebhookDelivery = Omit<WebhookDeliveryRow, "seq">;

/** A delivery row with its event's type, for the delivery log. */
export type WebhookDeliveryLogRow = WebhookDeliveryRow & { event_type: string };

/** A claimed delivery with what sending it needs. */
export interface ClaimedDelivery {
  delivery: WebhookDeliveryRow;
  url: string;
  /** Sealed; opened only to sign. */
  sealedSecret: string;
  eventType: string;
  eventData: string;
  eventCreatedAt: string;
}

/**
 * One claim of a delivery: who took it and which attempt. Outcomes match all three, so a
 * dispatcher whose lease expired and whose delivery was taken over changes nothing.
 */
export interface DeliveryLease {
  id: string;
  lockedBy: string;
  attempts: number;
}

/** What the receiver answered (or why there was no answer). */
export interface AttemptResult {
  statusCode: number | null;
  error: string | null;
  response: string | null;
}

export const MAX_STORED_RESPONSE = 2_000;
const MAX_STORED_ERROR = 1_000;

const FINAL_STATUSES = ["succeeded", "failed", "cancelled"] as const;

function attemptColumns(result: AttemptResult) {
  return {
    last_status_code: result.statusCode,
    last_error: result.error === null ? null : result.error.slice(0, MAX_STORED_ERROR),
    last_response: result.response === null ? null : result.response.slice(0, MAX_STORED_RESPONSE),
  };
}

/**
 * Every statement about webhook endpoints, events and deliveries. Timestamps are ISO strings
 * (SQLite compares them as text, which orders correctly since Date#toISOString writes them all).
 */
const activeEndpoints = preparedQuery<{ projectId: string }, Pick<WebhookEndpointRow, "id" | "events">>(
  (db, arg) =>
    db
      .selectFrom("webhook_endpoints")
      .select(["id", "events"])
      .where("project_id", "=", arg("projectId"))
      .where("status", "=", "active"),
);

export class WebhookRepo {
  constructor(private readonly db: Kysely<Database>) {}

  // ---- endpoints ----

  async insertEndpoint(row: WebhookEndpointRow): Promise<void> {
    await this.db.insertInto("webhook_endpoints").values(row).execute();
  }

  findEndpoint(id: string): Promise<WebhookEndpointRow | undefined> {
    return this.db.selectFrom("webhook_endpoints").selectAll().where("id", "=", id).executeTakeFirst();
  }

  listEndpoints(projectId: string): Promise<WebhookEndpointRow[]> {
    return this.db
      .selectFrom("webhook_endpoints")
      .selectAll()
      .where("project_id", "=", projectId)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
  }

  /** The endpoints that take new events: active ones only. */
  async listActiveEndpoints(projectId: string): Promise<Pick<WebhookEndpointRow, "id" | "events">[]> {
    return activeEndpoints.all(this.db, { projectId });
  }

  async updateEndpoint(id: string, patch: Updateable<WebhookEndpointsTable>): Promise<void> {
    await this.db.updateTable("webhook_endpoints").set(patch).where("id", "=", id).execute();
  }

  /** Its deliveries go with it (foreign key cascade); its events stay until pruned. */
  async deleteEndpoint(id: string): Promise<void> {
    await this.db.deleteFrom("webhook_endpoints").where("id", "=", id).execute();
  }

  /**
   * Disables an active endpoint; false when it was not active (already disabled or deleted),
   * so that concurrent failures report the disabling once.
   */
  async disableEndpoint(id: string, reason: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable("webhook_endpoints")
      .set({ status: "disabled", disabled_reason: reason, updated_at: now })
      .where("id", "=", id)
      .where("status", "=", "active")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** A fresh retry run for every pending delivery of the endpoint, due now (re-enabling). */
  async restartPending(endpointId: string, now: string): Promise<void> {
    await this.db
      .updateTable("webhook_deliveries")
      .set({ next_attempt_at: now, schedule_step: 0, first_attempt_at: null, updated_at: now })
      .where("endpoint_id", "=", endpointId)
      .where("status", "=", "pending")
      .execute();
  }

  async cancelPending(endpointId: string, now: string): Promise<number> {
    const result = await this.db
      .updateTable("webhook_deliveries")
      .set({
        status: "cancelled",
        next_attempt_at: null,
        locked_until: null,
        locked_by: null,
        updated_at: now,
      })
      .where("endpoint_id", "=", endpointId)
      .where("status", "=", "pending")
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  // ---- events and new deliveries (the outbox) ----

  async insertEvent(row: WebhookEventRow): Promise<void> {
    await this.db.insertInto("webhook_events").values(row).execute();
  }

  /**
   * Inserts deliveries in the given order. PostgreSQL numbers them from a sequence; on SQLite
   * the caller's transaction already holds the write lock (it inserted the event), so
   * max(seq) + 1 cannot be taken by anyone else.
   */
  async insertDeliveries(rows: NewWebhookDelivery[]): Promise<void> {
    if (rows.length === 0) return;
    if (dialectOf(this.db) === "postgres") {
      for (const row of rows) await this.db.insertInto("webhook_deliveries").values(row).execute();
      return;
    }
    const top = await this.db
      .selectFrom("webhook_deliveries")
      .select((eb) => eb.fn.max("seq").as("seq"))
      .executeTakeFirst();
    let seq = Number(top?.seq ?? 0);
    for (const row of rows) {
      seq += 1;
      await this.db
        .insertInto("webhook_deliveries")
        .values({ ...row, seq })
        .execute();
    }
  }

  // ---- the delivery log ----

  findDelivery(id: string): Promise<WebhookDeliveryLogRow | undefined> {
    return this.db
      .selectFrom("webhook_deliveries")
      .innerJoin("webhook_events", "webhook_events.id", "webhook_deliveries.event_id")
      .selectAll("webhook_deliveries")
      .select("webhook_events.type as event_type")
      .where("webhook_deliveries.id", "=", id)
      .executeTakeFirst();
  }

  /** Newest first; `beforeSeq` continues after the last row of the previous page. */
  listDeliveries(endpointId: string, limit: number, beforeSeq?: number): Promise<WebhookDeliveryLogRow[]> {
    let query = this.db
      .selectFrom("webhook_deliveries")
      .innerJoin("webhook_events", "webhook_events.id", "webhook_deliveries.event_id")
      .selectAll("webhook_deliveries")
      .select("webhook_events.type as event_type")
      .where("webhook_deliveries.endpoint_id", "=", endpointId);
    if (beforeSeq !== undefined) query = query.where("webhook_deliveries.seq", "<", beforeSeq);
    return query.orderBy("webhook_deliveries.seq", "desc").limit(limit).execute();
  }

  /**
   * Makes a delivery pending and due now with a fresh retry run (a retry, or a replay of a
   * delivery that already succeeded). A delivery being sent keeps its lease.
   */
  async reschedule(id: string, now: string): Promise<void> {
    await this.db
      .updateTable("webhook_deliveries")
      .set({
        status: "pending",
        next_attempt_at: now,
        schedule_step: 0,
        first_attempt_at: null,
        updated_at: now,
      })
      .where("id", "=", id)
      .execute();
  }

  // ---- dispatching ----

  /**
   * Atomically takes up to `limit` due deliveries for `lockedBy`, oldest due first, counting
   * the attempt and setting the lease. Due: pending, past next_attempt_at, not leased (or the
   * lease expired: its dispatcher died), of an active endpoint; and, for an ordered endpoint,
   * the endpoint's oldest pending delivery (its head), so that one failing delivery holds back
   * the ones behind it. While the head is leased it is still pending, so nothing behind it is
   * due. On PostgreSQL rows another transaction is claiming are skipped, not waited for, inside
   * a CTE so the locking subquery runs once (as storage/repos/jobs.repo.ts); on SQLite a write
   * statement holds the database exclusively.
   */
  async claim(options: {
    lockedBy: string;
    limit: number;
    now: Date;
    leaseMs: number;
  }): Promise<ClaimedDelivery[]> {
    if (options.limit <= 0) return [];
    const now = options.now.toISOString();
    const changes = {
      locked_until: new Date(options.now.getTime() + options.leaseMs).toISOString(),
      locked_by: options.lockedBy,
      attempts: (eb: ExpressionBuilder<Database, "webhook_deliveries">) => eb("attempts", "+", 1),
      first_attempt_at: (eb: ExpressionBuilder<Database, "webhook_deliveries">) =>
        eb.fn.coalesce("first_attempt_at", eb.val(now)),
      updated_at: now,
    };
    const dueIds = (db: Kysely<Database>) =>
      db
        .selectFrom("webhook_deliveries as d")
        .select("d.id")
        .where("d.status", "=", "pending")
        .where("d.next_attempt_at", "<=", now)
        .where((eb) => eb.or([eb("d.locked_until", "is", null), eb("d.locked_until", "<", now)]))
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom("webhook_endpoints as e")
              .select("e.id")
              .whereRef("e.id", "=", "d.endpoint_id")
              .where("e.status", "=", "active")
              .where((eb) =>
                eb.or([
                  eb("e.ordered", "=", 0),
                  eb.not(
                    eb.exists(
                      eb
                        .selectFrom("webhook_deliveries as o")
                        .select("o.id")
                        .whereRef("o.endpoint_id", "=", "d.endpoint_id")
                        .where("o.status", "=", "pending")
                        .whereRef("o.seq", "<", "d.seq"),
                    ),
                  ),
                ]),
              ),
          ),
        )
        .orderBy("d.next_attempt_at")
        .orderBy("d.seq")
        .limit(options.limit);
    const claimed =
      dialectOf(this.db) === "postgres"
        ? await this.db
            .with("claimable", (db) =>
              dueIds(db as Kysely<Database>)
                .forUpdate()
                .skipLocked(),
            )
            .updateTable("webhook_deliveries")
            .set(changes)
            .where("id", "in", (eb) => eb.selectFrom("claimable").select("id"))
            .returningAll()
            .execute()
        : await this.db
            .updateTable("webhook_deliveries")
            .set(changes)
            .where("id", "in", dueIds(this.db))
            .returningAll()
            .execute();
    if (claimed.length === 0) return [];
    const details = await this.db
      .selectFrom("webhook_deliveries as d")
      .innerJoin("webhook_endpoints as e", "e.id", "d.endpoint_id")
      .innerJoin("webhook_events as v", "v.id", "d.event_id")
      .select([
        "d.id",
        "e.url",
        "e.secret",
        "v.type as event_type",
        "v.data as event_data",
        "v.created_at as event_created_at",
      ])
      .where(
        "d.id",
        "in",
        claimed.map((row) => row.id),
      )
      .execute();
    const byId = new Map(details.map((row) => [row.id, row]));
    return claimed
      .sort((a, b) => a.seq - b.seq)
      .flatMap((delivery) => {
        const detail = byId.get(delivery.id);
        // Deleted with its endpoint meanwhile: nothing to send.
        if (!detail) return [];
        return [
          {
            delivery,
            url: detail.url,
            sealedSecret: detail.secret,
            eventType: detail.event_type,
            eventData: detail.event_data,
            eventCreatedAt: detail.event_created_at,
          },
        ];
      });
  }

  /**
   * When the oldest pending delivery to an active endpoint was created (metrics: how far the
   * dispatcher is behind); null when none is pending. A disabled endpoint's deliveries wait on
   * purpose and are left out.
   */
  async oldestPendingCreatedAt(): Promise<string | null> {
    const row = await this.db
      .selectFrom("webhook_deliveries as d")
      .innerJoin("webhook_endpoints as e", "e.id", "d.endpoint_id")
      .select((eb) => eb.fn.min("d.created_at").as("oldest"))
      .where("d.status", "=", "pending")
      .where("e.status", "=", "active")
      .executeTakeFirst();
    return row?.oldest ?? null;
  }

  /** Records a 2xx; false when the lease was lost. */
  async succeed(lease: DeliveryLease, result: AttemptResult, now: string): Promise<boolean> {
    return this.finishAttempt(lease, {
      status: "succeeded",
      next_attempt_at: null,
      delivered_at: now,
      ...attemptColumns(result),
      updated_at: now,
    });
  }

  /** Records a failed attempt to be retried at `retryAt`; false when the lease was lost. */
  async retryLater(
    lease: DeliveryLease,
    result: AttemptResult,
    options: { retryAt: string; scheduleStep: number; now: string },
  ): Promise<boolean> {
    return this.finishAttempt(lease, {
      next_attempt_at: options.retryAt,
      schedule_step: options.scheduleStep,
      ...attemptColumns(result),
      updated_at: options.now,
    });
  }

  /** Records the last failed attempt: the delivery has failed for good; false when the lease was lost. */
  async fail(lease: DeliveryLease, result: AttemptResult, now: string): Promise<boolean> {
    return this.finishAttempt(lease, {
      status: "failed",
      next_attempt_at: null,
      ...attemptColumns(result),
      updated_at: now,
    });
  }

  async resetFailures(endpointId: string): Promise<void> {
    await this.db
      .updateTable("webhook_endpoints")
      .set({ consecutive_failures: 0 })
      .where("id", "=", endpointId)
      .execute();
  }

  async countFailure(endpointId: string): Promise<void> {
    await this.db
      .updateTable("webhook_endpoints")
      .set((eb) => ({ consecutive_failures: eb("consecutive_failures", "+", 1) }))
      .where("id", "=", endpointId)
      .execute();
  }

  // ---- retention ----

  /**
   * Deletes deliveries that became final before the cutoff, then events older than the cutoff
   * that no delivery refers to any more; returns how many deliveries went.
   */
  async prune(before: string): Promise<number> {
    const deleted = await this.db
      .deleteFrom("webhook_deliveries")
      .where("status", "in", FINAL_STATUSES)
      .where("updated_at", "<", before)
      .executeTakeFirst();
    await this.db
      .deleteFrom("webhook_events")
      .where("created_at", "<", before)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("webhook_deliveries")
              .select("webhook_deliveries.id")
              .whereRef("webhook_deliveries.event_id", "=", "webhook_events.id"),
          ),
        ),
      )
      .execute();
    return Number(deleted.numDeletedRows);
  }

  private async finishAttempt(
    lease: DeliveryLease,
    changes: Updateable<WebhookDeliveriesTable>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable("webhook_deliveries")
      .set({ ...changes, locked_until: null, locked_by: null })
      .where("id", "=", lease.id)
      .where("status", "=", "pending")
      .where("locked_by", "=", lease.lockedBy)
      .where("attempts", "=", lease.attempts)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
