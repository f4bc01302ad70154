import type { ExpressionBuilder, Kysely, QueryCreator, Selectable } from "kysely";
import type { Dialect } from "../database.js";
import type { Database } from "../schema.js";
import type { JobsTable } from "../schema-jobs.js";

export type JobRow = Selectable<JobsTable>;

/**
 * One claim of a running job: the worker that took it and the attempt it started. Renewing,
 * completing and failing match all three, so a worker whose lease expired and whose job was
 * taken over (by another worker, or even by itself in a later attempt) changes nothing.
 */
export interface JobLease {
  id: string;
  workerId: string;
  attempts: number;
}

export type FailOutcome = { status: "pending"; runAt: string } | { status: "failed" };

const MAX_ERROR_LENGTH = 4_000;

/** Due now: pending and past run_at, or running under a lease that has expired (its worker died). */
function due(eb: ExpressionBuilder<Database, "jobs">, now: string) {
  return eb.or([
    eb.and([eb("status", "=", "pending"), eb("run_at", "<=", now)]),
    eb.and([eb("status", "=", "running"), eb("locked_until", "<", now)]),
  ]);
}

function dueIds(db: QueryCreator<Database>, now: string, limit: number) {
  return db
    .selectFrom("jobs")
    .select("id")
    .where((eb) => due(eb, now))
    .orderBy("run_at")
    .orderBy("id")
    .limit(limit);
}

function byRunAtThenId(a: JobRow, b: JobRow): number {
  if (a.run_at !== b.run_at) return a.run_at < b.run_at ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Every statement of the job queue. Timestamps are ISO strings: SQLite compares them as text,
 * which orders correctly because every one is written by Date#toISOString.
 */
export class JobRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Whether writes commit with an enclosing transaction (then wake workers after it). */
  get inTransaction(): boolean {
    return this.db.isTransaction;
  }

  /** Inserts the job unless one with the same dedupe_key exists; false then. */
  async insert(row: JobRow): Promise<boolean> {
    const result = await this.db
      .insertInto("jobs")
      .values(row)
      .onConflict((oc) => oc.column("dedupe_key").doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  find(id: string): Promise<JobRow | undefined> {
    return this.db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirst();
  }

  findByDedupeKey(key: string): Promise<JobRow | undefined> {
    return this.db.selectFrom("jobs").selectAll().where("dedupe_key", "=", key).executeTakeFirst();
  }

  /** Deletes a job that has not started (or is waiting for a retry); false otherwise. */
  async deletePending(id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("jobs")
      .where("id", "=", id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /**
   * Atomically takes up to `limit` due jobs for `workerId`, oldest run_at first, and returns
   * them as claimed (status running, attempts counted, lease set). On PostgreSQL rows another
   * transaction is claiming are skipped, not waited for, so workers never take the same job;
   * the CTE keeps the locking subquery evaluated once. SQLite needs no lock clause: a write
   * statement holds the database exclusively.
   */
  async claim(options: {
    dialect: Dialect;
    workerId: string;
    limit: number;
    now: Date;
    leaseMs: number;
  }): Promise<JobRow[]> {
    if (options.limit <= 0) return [];
    const now = options.now.toISOString();
    const changes = {
      status: "running" as const,
      attempts: (eb: ExpressionBuilder<Database, "jobs">) => eb("attempts", "+", 1),
      locked_until: new Date(options.now.getTime() + options.leaseMs).toISOString(),
      locked_by: options.workerId,
      updated_at: now,
    };
    const rows =
      options.dialect === "postgres"
        ? await this.db
            .with("claimable", (db) => dueIds(db, now, options.limit).forUpdate().skipLocked())
            .updateTable("jobs")
            .set(changes)
            .where("id", "in", (eb) => eb.selectFrom("claimable").select("id"))
            .returningAll()
            .execute()
        : await this.db
            .updateTable("jobs")
            .set(changes)
            .where("id", "in", dueIds(this.db, now, options.limit))
            .returningAll()
            .execute();
    return rows.sort(byRunAtThenId);
  }

  /** Extends the lease of a job still held; false when the lease was lost. */
  async renew(lease: JobLease, lockedUntil: Date, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable("jobs")
      .set({ locked_until: lockedUntil.toISOString(), updated_at: now.toISOString() })
      .where((eb) => this.held(eb, lease))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Marks the job done; false when the lease was lost (someone else owns the job now). */
  async complete(lease: JobLease, now: Date): Promise<boolean> {
    const at = now.toISOString();
    const result = await this.db
      .updateTable("jobs")
      .set({ status: "done", locked_until: null, locked_by: null, updated_at: at, finished_at: at })
      .where((eb) => this.held(eb, lease))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Records a failed run: back to pending until `retryAt` while attempts remain,
   * otherwise failed for good. undefined when the lease was lost.
   */
  async fail(
    lease: JobLease,
    options: {
      maxAttempts: number;
      now: Date;
      error: string;
      /** When the next attempt may run (the caller's backoff policy); now when absent. */
      retryAt?: Date;
    },
  ): Promise<FailOutcome | undefined> {
    const at = options.now.toISOString();
    const lastError = options.error.slice(0, MAX_ERROR_LENGTH);
    const retry = lease.attempts < options.maxAttempts;
    const runAt = (options.retryAt ?? options.now).toISOString();
    const result = await this.db
      .updateTable("jobs")
      .set(
        retry
          ? { status: "pending", run_at: runAt, locked_until: null, locked_by: null, last_error: lastError }
          : { status: "failed", locked_until: null, locked_by: null, last_error: lastError, finished_at: at },
      )
      .set({ updated_at: at })
      .where((eb) => this.held(eb, lease))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return undefined;
    return retry ? { status: "pending", runAt } : { status: "failed" };
  }

  /** Deletes done and failed jobs finished before the cutoff (freeing their dedupe keys); returns how many. */
  async pruneFinished(before: Date): Promise<number> {
    const result = await this.db
      .deleteFrom("jobs")
      .where("status", "in", ["done", "failed"])
      .where("finished_at", "<", before.toISOString())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  private held(eb: ExpressionBuilder<Database, "jobs">, lease: JobLease) {
    return eb.and([
      eb("id", "=", lease.id),
      eb("status", "=", "running"),
      eb("locked_by", "=", lease.workerId),
      eb("attempts", "=", lease.attempts),
    ]);
  }
}
