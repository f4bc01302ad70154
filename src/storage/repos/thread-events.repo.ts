import type { Kysely } from "kysely";
import type { Database } from "../schema.js";
import { lockProjectEvents } from "./project-event-lock.js";

/**
 * Streams promise replay of events for at least this long after they happened (at least 10
 * minutes, docs/conversations.md). The margin absorbs clock skew between the process that
 * records and the one that prunes.
 */
export const THREAD_EVENT_RETENTION_MS = 15 * 60 * 1000;

/** What the log stores of an event: its thread and type, and the whole event as JSON. */
export interface LoggedEvent {
  thread_id: string;
  type: string;
}

/** A recorded event: `seq` orders events and is the SSE id; `projectId` scopes delivery. */
export interface Logged<E> {
  seq: number;
  projectId: string;
  event: E;
}

/**
 * Records events in the caller's transaction and returns them with their `seq`, each stamped
 * with `created_at`; publish them only after that transaction commits.
 *
 * Contract: call this as the last statement of the transaction. On PostgreSQL it takes the
 * project's event lock, held until commit, so that within a project `seq` order is commit order;
 * without it a transaction could commit an event with a lower seq after a client has already
 * seen a higher one, and a client resuming from Last-Event-ID would never get it. (SQLite
 * writers are serialised already.) Given a plain Kysely, it opens its own transaction.
 */
export async function recordThreadEvents<E extends LoggedEvent>(
  db: Kysely<Database>,
  projectId: string,
  events: E[],
  /** The events' `created_at`: an ISO timestamp, or a clock to read it from. */
  at: string | { now(): Date },
): Promise<Logged<E & { created_at: string }>[]> {
  if (events.length === 0) return [];
  if (!db.isTransaction)
    return db.transaction().execute((trx) => recordThreadEvents(trx, projectId, events, at));
  const createdAt = typeof at === "string" ? at : at.now().toISOString();
  await lockProjectEvents(db, projectId);
  const stored: Logged<E & { created_at: string }>[] = [];
  // One insert per event: the order of RETURNING rows of a multi-row insert is not promised.
  for (const input of events) {
    const event = { ...input, created_at: createdAt };
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

/** Recorded events after a seq; `E` is what the recorder stored (the log does not check it). */
export async function replayThreadEvents<E>(db: Kysely<Database>, query: ReplayQuery): Promise<Logged<E>[]> {
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
    event: JSON.parse(row.data) as E,
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

/** The thread event log as a repository (the functions above, bound to one connection). */
export class ThreadEventsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** See recordThreadEvents: the last statement of its transaction. */
  record<E extends LoggedEvent>(projectId: string, events: E[], at: string | { now(): Date }) {
    return recordThreadEvents(this.db, projectId, events, at);
  }

  replay<E>(query: ReplayQuery): Promise<Logged<E>[]> {
    return replayThreadEvents<E>(this.db, query);
  }

  latestSeq(projectId: string): Promise<number> {
    return latestThreadEventSeq(this.db, projectId);
  }

  prune(olderThanIso: string): Promise<number> {
    return pruneThreadEvents(this.db, olderThanIso);
  }
}
