import { hostname } from "node:os";
import { type Span, SpanKind } from "@opentelemetry/api";
import { ClaimLoop } from "../infra/claim-loop.js";
import type { Clock } from "../infra/clock.js";
import { randomBase62 } from "../infra/ids.js";
import { NO_TELEMETRY, type Telemetry } from "../infra/telemetry/telemetry.js";
import { errorTypeOf, failSpan, withSpan } from "../infra/telemetry/with-span.js";
import type { Storage } from "../storage/database.js";
import { type JobLease, JobRepo, type JobRow, type JobTypeFilter } from "../storage/repos/jobs.repo.js";
import { retryDelayMs } from "./retry-delay.js";
import { RetryLater } from "./retry-later.js";

/** What a handler is given. attempts counts this run: 1 on the first. */
export interface JobContext {
  id: string;
  type: string;
  payload: unknown;
  attempts: number;
  /** Runs the job gets in all: the run with `attempts === maxAttempts` is its last. */
  maxAttempts: number;
  projectId: string | null;
}

/**
 * Does one job's work. Resolving completes the job; rejecting (or throwing) schedules a retry
 * until its attempts are used up. Delivery is at least once: a worker that dies mid-run, or
 * cannot record the outcome, leaves the job to run again after its lease, so handlers must be
 * idempotent.
 */
export type JobHandler = (job: JobContext) => Promise<void>;

export interface JobWorkerLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobWorkerDeps {
  storage: Storage;
  handlers: Record<string, JobHandler>;
  clock: Clock;
  log: JobWorkerLog;
  /** Names this worker in locked_by; unique per instance by default. */
  workerId?: string;
  /** Time between polls when idle. */
  pollIntervalMs?: number;
  /** Jobs run at once by this worker. */
  concurrency?: number;
  /** How long a claim lasts unless renewed; renewed every leaseMs/2 while the handler runs. */
  leaseMs?: number;
  /** A span per job run (docs/quality.md, "OpenTelemetry"); none by default. */
  telemetry?: Telemetry;
  /** The job types this worker claims (its lane, docs/operations.md, "Job worker"); absent: every type. */
  types?: JobTypeFilter;
}

/**
 * How a run ended, as its span tells: `completed`, `retry` (attempts left), `failed` (the last
 * attempt), `lease_lost` (another worker had taken the job over), `unrecorded` (the outcome
 * could not be written; the job runs again after its lease).
 */
type RunOutcome = "completed" | "retry" | "failed" | "lease_lost" | "unrecorded";

/** What last_error keeps of whatever a handler threw. */
function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === "string") return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

/**
 * The consumer side of the job queue: polls the database for due jobs, runs their handlers and
 * records the outcome. Any number of workers, in any number of processes, may share a database:
 * each job is claimed by one of them at a time.
 */
export class JobWorker {
  readonly workerId: string;
  private readonly repo: JobRepo;
  private readonly leaseMs: number;
  private readonly loop: ClaimLoop<JobRow>;

  constructor(private readonly deps: JobWorkerDeps) {
    this.workerId = deps.workerId ?? `${hostname()}:${process.pid}:${randomBase62(8)}`;
    this.repo = new JobRepo(deps.storage.db);
    this.leaseMs = deps.leaseMs ?? 60_000;
    this.loop = new ClaimLoop<JobRow>({
      pollIntervalMs: deps.pollIntervalMs ?? 1_000,
      concurrency: deps.concurrency ?? 4,
      claim: (limit) =>
        this.repo.claim({
          dialect: deps.storage.dialect,
          workerId: this.workerId,
          limit,
          now: deps.clock.now(),
          leaseMs: this.leaseMs,
          ...(deps.types ? { types: deps.types } : {}),
        }),
      run: (job) => this.execute(job),
      onPollError: (error) => deps.log.error({ err: error, workerId: this.workerId }, "job poll failed"),
      onRunError: (error, job) =>
        deps.log.error({ err: error, jobId: job.id, workerId: this.workerId }, "job run failed unexpectedly"),
    });
  }

  /** Starts polling, the first time at once. The timers do not keep the process alive. */
  start(): void {
    this.loop.start();
  }

  /** Polls soon instead of at the next interval; calls made before that poll coalesce into it. */
  wake(): void {
    this.loop.wake();
  }

  /** Stops polling and resolves once every handler started has finished and its outcome is recorded. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /**
   * Runs every job due now, `concurrency` at a time, and resolves with how many ran (for start-up
   * and tests). Jobs that handlers enqueue, due at once, run too; retries wait for their run_at.
   * After stop() it runs nothing.
   */
  runDue(): Promise<number> {
    return this.loop.runDue();
  }

  /** One run in its span, `job <type>`: a turn the job runs is the span's child. */
  private execute(job: JobRow): Promise<void> {
    return withSpan(
      this.deps.telemetry ?? NO_TELEMETRY,
      `job ${job.type}`,
      {
        kind: SpanKind.INTERNAL,
        attributes: {
          "parley.job.id": job.id,
          "parley.job.type": job.type,
          "parley.job.attempt": job.attempts,
          "parley.job.max_attempts": job.max_attempts,
          ...(job.project_id ? { "parley.project.id": job.project_id } : {}),
        },
      },
      (span) => this.run(job, span),
    );
  }

  private async run(job: JobRow, span: Span): Promise<void> {
    const lease: JobLease = { id: job.id, workerId: this.workerId, attempts: job.attempts };
    let renewal: Promise<void> = Promise.resolve();
    const renewTimer = setInterval(
      () => {
        renewal = renewal.then(async () => {
          // Once another worker owns the job there is nothing left to keep.
          if (!(await this.renew(lease))) clearInterval(renewTimer);
        });
      },
      Math.max(1, Math.floor(this.leaseMs / 2)),
    );
    renewTimer.unref();
    let failure: { error: unknown } | undefined;
    try {
      await this.invoke(job);
    } catch (error) {
      failure = { error };
    } finally {
      clearInterval(renewTimer);
      await renewal;
    }
    let outcome: RunOutcome = "unrecorded";
    try {
      if (failure) outcome = await this.recordFailure(job, lease, failure.error);
      else if (await this.repo.complete(lease, this.deps.clock.now())) outcome = "completed";
      else {
        outcome = "lease_lost";
        this.leaseLost(job);
      }
    } catch (error) {
      this.deps.log.error(
        { err: error, jobId: job.id, type: job.type, workerId: this.workerId },
        "could not record the job's outcome; it runs again once its lease expires",
      );
    }
    span.setAttribute("parley.job.outcome", outcome);
    if (failure) failSpan(span, errorTypeOf(failure.error));
  }

  private async invoke(job: JobRow): Promise<void> {
    const handler = Object.hasOwn(this.deps.handlers, job.type) ? this.deps.handlers[job.type] : undefined;
    // Another process may know the type (say, during a rolling deploy): fail so it is retried.
    if (!handler) throw new Error(`no handler for job type "${job.type}" in worker ${this.workerId}`);
    await handler({
      id: job.id,
      type: job.type,
      payload: JSON.parse(job.payload),
      attempts: job.attempts,
      maxAttempts: job.max_attempts,
      projectId: job.project_id,
    });
  }

  /** Extends the lease; false once it is lost for good (a failed write is retried next time). */
  private async renew(lease: JobLease): Promise<boolean> {
    try {
      const now = this.deps.clock.now();
      const held = await this.repo.renew(lease, new Date(now.getTime() + this.leaseMs), now);
      if (!held)
        this.deps.log.warn({ jobId: lease.id, workerId: this.workerId }, "job lease lost while running");
      return held;
    } catch (error) {
      this.deps.log.warn(
        { err: error, jobId: lease.id, workerId: this.workerId },
        "could not renew job lease",
      );
      return true;
    }
  }

  private async recordFailure(job: JobRow, lease: JobLease, error: unknown): Promise<RunOutcome> {
    const now = this.deps.clock.now();
    const outcome = await this.repo.fail(lease, {
      maxAttempts: job.max_attempts,
      now,
      retryAt: new Date(
        now.getTime() + (error instanceof RetryLater ? error.delayMs : retryDelayMs(lease.attempts)),
      ),
      error: errorMessage(error),
    });
    const context = {
      err: error,
      jobId: job.id,
      type: job.type,
      attempts: job.attempts,
      maxAttempts: job.max_attempts,
      workerId: this.workerId,
    };
    if (!outcome) {
      this.leaseLost(job);
      return "lease_lost";
    }
    if (outcome.status === "pending") {
      this.deps.log.warn({ ...context, retryAt: outcome.runAt }, "job failed; will retry");
      return "retry";
    }
    this.deps.log.error(context, "job failed on its last attempt");
    return "failed";
  }

  /** Another worker took the job over after this one's lease expired; its outcome stands. */
  private leaseLost(job: JobRow): void {
    this.deps.log.warn(
      { jobId: job.id, type: job.type, attempts: job.attempts, workerId: this.workerId },
      "job lease was lost before its outcome was recorded; the outcome is dropped",
    );
  }
}
