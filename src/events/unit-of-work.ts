import type { Kysely } from "kysely";
import type { Clock } from "../infra/clock.js";
import type { IdGenerator } from "../infra/ids.js";
import type { ClaimedJob, JobQueue } from "../jobs/job-queue.js";
import type { Storage } from "../storage/database.js";
import type { Database } from "../storage/schema.js";
import type { WebhookEventData, WebhookEventType } from "../webhooks/event-schemas.js";
import { recordWebhookEvent } from "../webhooks/webhook-outbox.js";
import type { NewThreadEvent } from "./thread-event.js";
import type { ThreadEventHub } from "./thread-event-hub.js";
import { recordThreadEvents } from "./thread-event-log.js";

/** What a unit of work collects while its transaction is open. */
export interface UnitOfWork {
  trx: Kysely<Database>;
  /** Thread events to record in this transaction and publish after it commits. */
  emit(event: NewThreadEvent): void;
  /** Webhook events to record in this transaction; delivered after it commits. */
  webhook<T extends WebhookEventType>(type: T, data: WebhookEventData<T>): void;
  /** Enqueues a job in this transaction; workers are woken after commit. */
  enqueue(job: {
    type: string;
    payload: unknown;
    runAt?: Date;
    dedupeKey?: string;
  }): Promise<{ id: string; runAt: string }>;
  /**
   * Enqueues a job this process runs itself right after the commit, already claimed by it
   * (see Transactor.hold): if the process dies first, the job's lease expires and a worker
   * runs it.
   */
  claim(job: { type: string; payload: unknown }): Promise<ClaimedJob>;
}

export interface TransactorDeps {
  storage: Storage;
  hub: ThreadEventHub;
  jobs: JobQueue;
  clock: Clock;
  newId: IdGenerator;
  /** Wakes the webhook dispatcher after a commit that created deliveries. */
  onWebhookDeliveries?: () => void;
}

/**
 * Runs domain changes in one transaction together with the events and jobs they cause
 * (ARCHITECTURE: "events recorded in the same transaction are dispatched after commit"):
 * a committed change always produces its thread events, webhook events and jobs; a rolled-back
 * one never does. Events are recorded last, because recording takes the project's event lock
 * (PostgreSQL) until commit, which keeps event order equal to commit order.
 */
export class Transactor {
  constructor(private readonly deps: TransactorDeps) {}

  async run<T>(projectId: string, work: (unit: UnitOfWork) => Promise<T>): Promise<T> {
    let enqueued = false;
    let deliveries = 0;
    const { result, stored } = await this.deps.storage.db.transaction().execute(async (trx) => {
      const events: NewThreadEvent[] = [];
      const webhooks: Array<{ type: WebhookEventType; data: unknown }> = [];
      const unit: UnitOfWork = {
        trx,
        emit: (event) => events.push(event),
        webhook: (type, data) => webhooks.push({ type, data }),
        enqueue: async (job) => {
          enqueued = true;
          const queued = await this.deps.jobs.enqueue(trx, { ...job, projectId });
          return { id: queued.id, runAt: queued.runAt };
        },
        claim: (job) => this.deps.jobs.enqueueClaimed(trx, { ...job, projectId }),
      };
      const value = await work(unit);
      for (const { type, data } of webhooks) {
        const recorded = await recordWebhookEvent(
          trx,
          { projectId, type, data: data as WebhookEventData<typeof type> },
          { clock: this.deps.clock, newId: this.deps.newId },
        );
        deliveries += recorded.deliveries;
      }
      const recorded =
        events.length > 0 ? await recordThreadEvents(trx, projectId, events, this.deps.clock) : [];
      return { result: value, stored: recorded };
    });
    if (stored.length > 0) this.deps.hub.publish(stored);
    if (enqueued) this.deps.jobs.notifyEnqueued();
    if (deliveries > 0) this.deps.onWebhookDeliveries?.();
    return result;
  }

  /** Runs the work of a job claimed in a unit of work, keeping its lease until the work is done. */
  hold<T>(claimed: ClaimedJob, work: () => Promise<T>): Promise<T> {
    return this.deps.jobs.hold(this.deps.storage.db, claimed, work);
  }
}
