import type { Kysely } from "kysely";
import type { Clock } from "../infra/clock.js";
import type { IdGenerator } from "../infra/ids.js";
import { type JobLease, JobRepo, type JobRow } from "../storage/repos/jobs.repo.js";
import type { Database } from "../storage/schema.js";
import type { JobStatus } from "../storage/schema-jobs.js";
import { retryDelayMs } from "./retry-delay.js";

/** Where jobs are written: the jobs repository of a unit of work, or a connection (tests, tools). */
export type JobStore = JobRepo | Kysely<Database>;

function jobRepo(store: JobStore): JobRepo {
  return store instanceof JobRepo ? store : new JobRepo(store);
}

/** Attempts a job gets unless its enqueuer says otherwise: runs at about 0, 1, 3, 7 and 15 s. */
export const DEFAULT_MAX_ATTEMPTS = 5;

export interface NewJob {
  /** Selects the worker's handler. */
  type: string;
  /** The handler's input; stored as JSON, so it must survive JSON.stringify. */
  payload: unknown;
  /** Not before this instant; now when absent. */
  runAt?: Date;
  /** Runs in all, the first included (≥ 1). */
  maxAttempts?: number;
  /** At most one job per key: enqueuing a key already present inserts nothing. */
  dedupeKey?: string;
  projectId?: string;
}

export interface EnqueuedJob {
  id: string;
  /** ISO 8601; for a duplicate, the existing job's run_at. */
  runAt: string;
  /** True when a job with the same dedupeKey existed and nothing was inserted. */
  duplicate: boolean;
}

/** A job as callers see it (status pages, cancellation of scheduled work). */
export interface Job {
  id: string;
  type: string;
  payload: unknown;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  runAt: string;
  lastError: string | null;
  dedupeKey: string | null;
  projectId: string | null;
  threadId: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

export interface JobQueueDeps {
  clock: Clock;
  newId: IdGenerator;
  /** Wakes local workers; see notifyEnqueued. */
  onEnqueued?: () => void;
  /** Names this process in locked_by for the jobs it claims itself (enqueueClaimed). */
  owner?: string;
  /** Lease of a job this process claims itself; renewed every third of it while it runs. */
  leaseMs?: number;
  log?: { warn(obj: object, msg: string): void };
}

/** A job this process enqueued already claimed: it runs it now, holding the lease (see hold). */
export interface ClaimedJob {
  lease: JobLease;
  maxAttempts: number;
}

/**
 * The thread a job is about: its payload's `threadId`, the convention of every job done for a
 * thread. Stored beside the payload so that jobs can be listed by thread.
 */
function threadIdOf(payload: unknown): string | null {
  if (typeof payload !== "object" || payload === null || !("threadId" in payload)) return null;
  const { threadId } = payload as { threadId: unknown };
  return typeof threadId === "string" ? threadId : null;
}

function toJob(row: JobRow): Job {
  return {
    id: row.id,
    type: row.type,
    payload: JSON.parse(row.payload),
    status: row.status,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    runAt: row.run_at,
    lastError: row.last_error,
    dedupeKey: row.dedupe_key,
    projectId: row.project_id,
    threadId: row.thread_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    finishedAt: row.finished_at,
  };
}

/**
 * The producer side of the durable job queue. Every method takes the connection to work on:
 * pass the transaction of the change that causes the job, and the job commits or rolls back
 * with it (no job for a change that never happened, no change without its job).
 */
export class JobQueue {
  constructor(private readonly deps: JobQueueDeps) {}

  async enqueue(db: JobStore, job: NewJob): Promise<EnqueuedJob> {
    const row = this.newRow(job);
    const { id, run_at: runAt } = row;
    const repo = jobRepo(db);
    const inserted = await repo.insert(row);
    if (!inserted) {
      // Only a dedupe_key conflict skips the insert; the holder is visible by now (PostgreSQL
      // waits for a concurrent inserter of the same key to commit or roll back).
      const existing = job.dedupeKey === undefined ? undefined : await repo.findByDedupeKey(job.dedupeKey);
      if (!existing) throw new Error(`job with dedupe key ${job.dedupeKey} vanished while enqueuing`);
      return { id: existing.id, runAt: existing.run_at, duplicate: true };
    }
    // Outside a transaction the job is committed already: wake workers now if it is due.
    if (!repo.inTransaction && runAt <= row.created_at) this.notifyEnqueued();
    return { id, runAt, duplicate: false };
  }

  /**
   * Enqueues a job that this process runs at once itself (a turn the stream endpoint answers
   * while the caller watches): it is stored running, under this process's lease. Should the
   * process die before `hold` completes it, the lease expires and any worker runs it again:
   * the work is durable from the moment its cause is stored. No dedupe key: always inserted.
   */
  async enqueueClaimed(db: JobStore, job: Omit<NewJob, "dedupeKey" | "runAt">): Promise<ClaimedJob> {
    const now = this.deps.clock.now();
    const row = this.newRow(job);
    const owner = this.deps.owner ?? "unnamed-process";
    await jobRepo(db).insert({
      ...row,
      status: "running",
      attempts: 1,
      locked_by: owner,
      locked_until: new Date(now.getTime() + this.leaseMs()).toISOString(),
    });
    return { lease: { id: row.id, workerId: owner, attempts: 1 }, maxAttempts: row.max_attempts };
  }

  /**
   * Runs the work of a job claimed with enqueueClaimed, renewing its lease meanwhile. The job
   * is done when the work resolves, whatever it answered; when the work throws, it goes back
   * to the queue for a retry (or fails on its last attempt), as a worker's job would.
   */
  async hold<T>(db: JobStore, claimed: ClaimedJob, work: () => Promise<T>): Promise<T> {
    const repo = jobRepo(db);
    const leaseMs = this.leaseMs();
    const renewal = setInterval(
      () => {
        const now = this.deps.clock.now();
        repo
          .renew(claimed.lease, new Date(now.getTime() + leaseMs), now)
          .catch((error) =>
            this.deps.log?.warn({ err: error, jobId: claimed.lease.id }, "could not renew job lease"),
          );
      },
      Math.max(100, Math.floor(leaseMs / 3)),
    );
    renewal.unref();
    try {
      const value = await work();
      clearInterval(renewal);
      await repo.complete(claimed.lease, this.deps.clock.now());
      return value;
    } catch (error) {
      clearInterval(renewal);
      const now = this.deps.clock.now();
      await repo.fail(claimed.lease, {
        maxAttempts: claimed.maxAttempts,
        now,
        retryAt: new Date(now.getTime() + retryDelayMs(claimed.lease.attempts)),
        error: error instanceof Error ? error.message : String(error),
      });
      this.notifyEnqueued();
      throw error;
    } finally {
      clearInterval(renewal);
    }
  }

  /**
   * Tells local workers that a job is ready, so they need not wait for their next poll.
   * Call it after the transaction that enqueued the job commits: a worker woken before the
   * commit would not see the job yet. It is only a hint; workers find every job by polling.
   */
  notifyEnqueued(): void {
    this.deps.onEnqueued?.();
  }

  private leaseMs(): number {
    return this.deps.leaseMs ?? 60_000;
  }

  private newRow(job: NewJob): JobRow {
    const maxAttempts = job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    if (!job.type) throw new Error("job type must not be empty");
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
      throw new Error(`maxAttempts must be a positive integer, got ${maxAttempts}`);
    }
    const now = this.deps.clock.now().toISOString();
    return {
      id: this.deps.newId("job"),
      type: job.type,
      // undefined has no JSON form; a handler receives null for it.
      payload: JSON.stringify(job.payload ?? null),
      status: "pending",
      attempts: 0,
      max_attempts: maxAttempts,
      run_at: (job.runAt ?? this.deps.clock.now()).toISOString(),
      locked_until: null,
      locked_by: null,
      last_error: null,
      dedupe_key: job.dedupeKey ?? null,
      project_id: job.projectId ?? null,
      thread_id: threadIdOf(job.payload),
      created_at: now,
      updated_at: now,
      finished_at: null,
    };
  }

  /** Removes a pending job (one not started yet, or waiting for a retry); false for any other. */
  cancel(db: JobStore, id: string): Promise<boolean> {
    return jobRepo(db).deletePending(id);
  }

  async get(db: JobStore, id: string): Promise<Job | undefined> {
    const row = await jobRepo(db).find(id);
    return row ? toJob(row) : undefined;
  }

  /** Deletes done, failed and cancelled jobs finished before `before` (freeing their dedupe keys); returns how many. */
  prune(db: JobStore, before: Date): Promise<number> {
    return jobRepo(db).pruneFinished(before);
  }
}
