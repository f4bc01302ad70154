import type { Kysely } from "kysely";
import type { NewThreadEvent } from "../../events/thread-event.js";
import type { ThreadEventHub } from "../../events/thread-event-hub.js";
import { recordThreadEvents } from "../../events/thread-event-log.js";
import type { Clock } from "../../infra/clock.js";
import type { JobQueue } from "../../jobs/job-queue.js";
import type { Storage } from "../../storage/database.js";
import type { Database } from "../../storage/schema.js";

/** What a unit of work collects while its transaction is open. */
export interface UnitOfWork {
  trx: Kysely<Database>;
  /** Thread events to record in this transaction and publish after it commits. */
  emit(event: NewThreadEvent): void;
  /** Enqueues a job in this transaction; workers are woken after commit. */
  enqueue(job: {
    type: string;
    payload: unknown;
    runAt?: Date;
    dedupeKey?: string;
  }): Promise<{ id: string; runAt: string }>;
}

/**
 * Runs domain changes in one transaction together with the events and jobs they cause
 * (ARCHITECTURE: "events recorded in the same transaction are dispatched after commit"):
 * a committed change always produces its events and jobs, a rolled-back one never does.
 */
export class Transactor {
  constructor(
    private readonly deps: { storage: Storage; hub: ThreadEventHub; jobs: JobQueue; clock: Clock },
  ) {}

  async run<T>(projectId: string, work: (unit: UnitOfWork) => Promise<T>): Promise<T> {
    let enqueued = false;
    const { result, stored } = await this.deps.storage.db.transaction().execute(async (trx) => {
      const events: NewThreadEvent[] = [];
      const unit: UnitOfWork = {
        trx,
        emit: (event) => events.push(event),
        enqueue: async (job) => {
          enqueued = true;
          const queued = await this.deps.jobs.enqueue(trx, { ...job, projectId });
          return { id: queued.id, runAt: queued.runAt };
        },
      };
      const value = await work(unit);
      const recorded =
        events.length > 0 ? await recordThreadEvents(trx, projectId, events, this.deps.clock) : [];
      return { result: value, stored: recorded };
    });
    if (stored.length > 0) this.deps.hub.publish(stored);
    if (enqueued) this.deps.jobs.notifyEnqueued();
    return result;
  }
}
