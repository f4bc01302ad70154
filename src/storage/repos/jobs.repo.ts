import { type ExpressionBuilder, type Kysely, type QueryCreator, type Selectable, sql } from "kysely";
import type { Dialect } from "../database.js";
import type { Database } from "../schema.js";
import type { JobStatus, JobsTable } from "../schema-jobs.js";

export type JobRow = Selectable<JobsTable>;

/** Which jobs a listing shows, newest first. */
export interface JobListQuery {
  /** One project's jobs; null for every job (the CLI). */
  projectId: string | null;
  threadId?: string | undefined;
  type?: string | undefined;
  status?: JobStatus | undefined;
  /** Only jobs done for a thread (what operators may see). */
  threadsOnly?: boolean;
  /** The last job of the previous page. */
  after?: { createdAt: string; id: string } | undefined;
  limit: number;
}

/** How `parley_jobs` counts a job: a pending one is `queued` once due, `scheduled` before. */
export interface JobStateCount {
  type: string;
  state: "queued" | "scheduled" | "running" | "failed";
  count: number;
}

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

/** Which job types a claim takes: only these, or all but these. */
export type JobTypeFilter = { only: readonly string[] } | { except: readonly string[] };

function dueIds(db: QueryCreator<Database>, now: string, limit: number, types?: JobTypeFilter) {
  let query = db
    .selectFrom("jobs")
    .select("id")
    .where((eb) => due(eb, now));
  if (types && "only" in types) query = query.where("type", "in", [...types.only]);
  if (types && "except" in types && types.except.length > 0)
    query = query.where("type", "not in", [...types.except]);
  return query.orderBy("run_at").orderBy("id").limit(limit);
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
    /** The lane's job types (absent: every type). */
    types?: JobTypeFilter;
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
            .with("claimable", (db) => dueIds(db, now, options.limit, options.types).forUpdate().skipLocked())
            .updateTable("jobs")
            .set(changes)
            .where("id", "in", (eb) => eb.selectFrom("claimable").select("id"))
            .returningAll()
            .execute()
        : await this.db
            .updateTable("jobs")
            .set(changes)
            .where("id", "in", dueIds(this.db, now, options.limit, options.types))
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

  /** Jobs newest first (created_at, then id), filtered; see JobListQuery. */
  list(query: JobListQuery): Promise<JobRow[]> {
    let select = this.db.selectFrom("jobs").selectAll();
    if (query.projectId !== null) select = select.where("project_id", "=", query.projectId);
    if (query.threadId !== undefined) select = select.where("thread_id", "=", query.threadId);
    if (query.threadsOnly) select = select.where("thread_id", "is not", null);
    if (query.type !== undefined) select = select.where("type", "=", query.type);
    if (query.status !== undefined) select = select.where("status", "=", query.status);
    const after = query.after;
    if (after) {
      select = select.where((eb) =>
        eb.or([
          eb("created_at", "<", after.createdAt),
          eb.and([eb("created_at", "=", after.createdAt), eb("id", "<", after.id)]),
        ]),
      );
    }
    return select.orderBy("created_at", "desc").orderBy("id", "desc").limit(query.limit).execute();
  }

  /**
   * Cancels a job that has not started (or waits for a retry): it becomes `cancelled`, is never
   * claimed, and gives up its dedupe key (the same work may be asked for again). False when the
   * job is not pending (any more).
   */
  async cancelPending(id: string, now: Date): Promise<boolean> {
    const at = now.toISOString();
    const result = await this.db
      .updateTable("jobs")
      .set({ status: "cancelled", dedupe_key: null, finished_at: at, updated_at: at })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Unfinished and failed jobs by type and gauge state, in one aggregate query (metrics). */
  async countByState(now: Date): Promise<JobStateCount[]> {
    const due = now.toISOString();
    const state = sql<JobStateCount["state"]>`case when status = 'pending' and run_at <= ${due} then 'queued'
      when status = 'pending' then 'scheduled' else status end`;
    const rows = await this.db
      .selectFrom("jobs")
      .select((eb) => ["type", state.as("state"), eb.fn.countAll<number>().as("count")])
      .where("status", "in", ["pending", "running", "failed"])
      // By the output column: the expression's parameter would differ from the select's.
      .groupBy(["type", sql`state`])
      .execute();
    return rows.map((row) => ({ type: row.type, state: row.state, count: Number(row.count) }));
  }

  /** Deletes done, failed and cancelled jobs finished before the cutoff (freeing their dedupe keys); returns how many. */
  async pruneFinished(before: Date): Promise<number> {
    const result = await this.db
      .deleteFrom("jobs")
      .where("status", "in", ["done", "failed", "cancelled"])
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
