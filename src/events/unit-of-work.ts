import type { ClaimedJob, JobQueue } from "../job-queue/job-queue.js";
import type { Repos } from "../storage/repos/index.js";
import type { DomainEvent } from "./domain-event.js";
import type { DomainEventListener } from "./event-listener.js";

/** What a unit of work offers while its transaction is open. */
export interface UnitOfWork {
  /** Every repository, bound to this transaction. */
  repos: Repos;
  /** Records a domain event of this change; the listeners decide what follows (see event-listener.ts). */
  record(event: DomainEvent): void;
  /** Enqueues a job in this transaction; workers are woken after commit. */
  enqueue(job: {
    type: string;
    payload: unknown;
    runAt?: Date;
    dedupeKey?: string;
    maxAttempts?: number;
  }): Promise<{ id: string; runAt: string }>;
  /**
   * Enqueues a job this process runs itself right after the commit, already claimed by it
   * (see Transactor.hold): if the process dies first, the job's lease expires and a worker
   * runs it.
   */
  claim(job: { type: string; payload: unknown }): Promise<ClaimedJob>;
}

export interface TransactorDeps {
  repos: Repos;
  jobs: JobQueue;
  /** In order; each records what must commit with the change and acts after the commit. */
  listeners: readonly DomainEventListener[];
}

/**
 * Runs domain changes in one transaction together with the events and jobs they cause
 * (events recorded in the same transaction are dispatched after commit): a committed change
 * always produces what its events and jobs call for; a rolled-back one never does. Listeners
 * run last, after the work: the last of them takes the project's event lock (PostgreSQL) until
 * commit, which keeps event order equal to commit order.
 */
export class Transactor {
  constructor(private readonly deps: TransactorDeps) {}

  async run<T>(projectId: string, work: (unit: UnitOfWork) => Promise<T>): Promise<T> {
    let enqueued = false;
    const { result, afterCommit } = await this.deps.repos.transaction(async (repos) => {
      const events: DomainEvent[] = [];
      const unit: UnitOfWork = {
        repos,
        record: (event) => events.push(event),
        enqueue: async (job) => {
          enqueued = true;
          const queued = await this.deps.jobs.enqueue(repos.jobs, { ...job, projectId });
          return { id: queued.id, runAt: queued.runAt };
        },
        claim: (job) => this.deps.jobs.enqueueClaimed(repos.jobs, { ...job, projectId }),
      };
      const value = await work(unit);
      const followUps: Array<() => void> = [];
      if (events.length > 0) {
        for (const listener of this.deps.listeners) {
          const followUp = await listener.record(repos, projectId, events, (event) => events.push(event));
          if (followUp) followUps.push(followUp);
        }
      }
      return { result: value, afterCommit: followUps };
    });
    for (const followUp of afterCommit) followUp();
    if (enqueued) this.deps.jobs.notifyEnqueued();
    return result;
  }

  /** Runs the work of a job claimed in a unit of work, keeping its lease until the work is done. */
  hold<T>(claimed: ClaimedJob, work: () => Promise<T>): Promise<T> {
    return this.deps.jobs.hold(this.deps.repos.jobs, claimed, work);
  }
}
