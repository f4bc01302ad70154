import { type Kysely, PostgresAdapter, sql } from "kysely";
import type { Clock } from "../infra/clock.js";
import type { Database } from "../storage/schema.js";
import type { NewThreadEvent, StoredThreadEvent, ThreadEvent } from "./thread-event.js";

/**
 * Streams promise replay of events for at least this long after they happened (SPEC §6.1
 * issue: "kept at least 10 minutes"). The margin over 10 minutes absorbs clock skew between
 * the process that records and the one that prunes.
 */
export const THREAD_EVENT_RETENTION_MS = 15 * 60 * 1000;

/** Namespace of the per-project advisory locks below (bootstrap-lock.ts uses another). */
const EVENT_LOCK_NAMESPACE = 727_102;

/**
 * Records events in the caller's transaction and returns them with their `seq`; publish them
 * to the ThreadEventHub only after that transaction commits.
 *
 * Contract: call this as the last statement of the transaction. On PostgreSQL it takes a
 * per-project lock held until commit, so that within a project `seq` order is commit order;
 * without it a transaction could commit an event with a lower seq after a client has already
 * seen a higher one, and a client resuming from Last-Event-ID would never get it. (SQLite
 * writers are serialised already.) Given a plain Kysely, it opens its own transaction.
 */
export async function recordThreadEvents(
  db: Kysely<Database>,
  projectId: string,
  events: NewThreadEvent[],
  clock: Clock,
): Promise<StoredThreadEvent[]> {
  if (events.length === 0) return [];
  if (!db.isTransaction)
    return db.transaction().execute((trx) => recordThreadEvents(trx, projectId, events, clock));
  if (isPostgres(db)) {
    await sql`select pg_advisory_xact_lock(${EVENT_LOCK_NAMESPACE}, hashtext(${projectId}))`.execute(db);
  }
  const createdAt = clock.now().toISOString();
  const stored: StoredThreadEvent[] = [];
  // One insert per event: the order of RETURNING rows of a multi-row insert is not promised.
  for (const input of events) {
    const event = { ...input, created_at: createdAt } as ThreadEvent;
    const row = await db
      .insertInto("thread_events")
      .values({
        project_id: projectId,
        thread_id: event.thread_id,
        type: event.type,
        data: JSON.stringify(event),
        created_at: createdAt,
      })
      .returning("seq")
      .executeTakeFirstOrThrow();
    stored.push({ seq: Number(row.seq), projectId, event });
  }
  return stored;
}

export interface ReplayQuery {
  projectId: string;
  /** Only this thread's events; all of the project's when absent. */
  threadId?: string | undefined;
  /** Events with a greater seq, in seq order. */
  afterSeq: number;
  limit: number;
}

export async function replayThreadEvents(
  db: Kysely<Database>,
  query: ReplayQuery,
): Promise<StoredThreadEvent[]> {
  let select = db
    .selectFrom("thread_events")
    .select(["seq", "project_id", "data"])
    .where("project_id", "=", query.projectId)
    .where("seq", ">", query.afterSeq);
  if (query.threadId !== undefined) select = select.where("thread_id", "=", query.threadId);
  const rows = await select.orderBy("seq").limit(query.limit).execute();
  return rows.map((row) => ({
    seq: Number(row.seq),
    projectId: row.project_id,
    event: JSON.parse(row.data) as ThreadEvent,
  }));
}

/** The highest seq recorded for the project, 0 when none: where a fresh stream starts. */
export async function latestThreadEventSeq(db: Kysely<Database>, projectId: string): Promise<number> {
  const row = await db
    .selectFrom("thread_events")
    .select("seq")
    .where("project_id", "=", projectId)
    .orderBy("seq", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.seq) : 0;
}

/**
 * Deletes events recorded before `olderThanIso`; returns how many. Run it periodically with
 * `now - THREAD_EVENT_RETENTION_MS`.
 */
export async function pruneThreadEvents(db: Kysely<Database>, olderThanIso: string): Promise<number> {
  const result = await db
    .deleteFrom("thread_events")
    .where("created_at", "<", olderThanIso)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

function isPostgres(db: Kysely<Database>): boolean {
  // Kysely marks getExecutor() internal, but it is the one place the dialect is visible
  // from a Kysely handle; the callers (services in a transaction) do not carry the dialect.
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
