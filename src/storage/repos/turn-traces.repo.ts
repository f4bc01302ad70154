import { type Kysely, type Selectable, sql } from "kysely";
import type { Database } from "../schema.js";
import type { TurnTracesTable } from "../schema-traces.js";

export type TurnTraceRow = Selectable<TurnTracesTable>;

/** Turn traces (docs/quality.md, "Traces"). */
export class TurnTracesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores a trace and links the reply's messages to it. The messages are the reply's own, written
   * in the same transaction (or none, for a failure): an unknown id fails the foreign key.
   */
  async insert(row: TurnTraceRow, messageIds: readonly string[]): Promise<void> {
    await this.db.insertInto("turn_traces").values(row).execute();
    if (messageIds.length === 0) return;
    await this.db
      .insertInto("turn_trace_messages")
      .values(messageIds.map((id) => ({ message_id: id, project_id: row.project_id, trace_id: row.id })))
      .execute();
  }

  /**
   * As insert, inside the caller's transaction (the reply's) behind a savepoint: a trace that
   * cannot be stored is rolled back alone, never the reply (on PostgreSQL a failed statement
   * would otherwise abort the whole transaction). Returns whether it was stored.
   */
  async insertWithin(row: TurnTraceRow, messageIds: readonly string[]): Promise<boolean> {
    if (!this.db.isTransaction) throw new Error("insertWithin runs inside a transaction");
    await sql`savepoint turn_trace`.execute(this.db);
    try {
      await this.insert(row, messageIds);
      await sql`release savepoint turn_trace`.execute(this.db);
      return true;
    } catch {
      await sql`rollback to savepoint turn_trace`.execute(this.db);
      await sql`release savepoint turn_trace`.execute(this.db);
      return false;
    }
  }

  /** The trace of the turn that stored the message. */
  forMessage(projectId: string, threadId: string, messageId: string): Promise<TurnTraceRow | undefined> {
    return this.db
      .selectFrom("turn_trace_messages")
      .innerJoin("turn_traces", "turn_traces.id", "turn_trace_messages.trace_id")
      .selectAll("turn_traces")
      .where("turn_trace_messages.project_id", "=", projectId)
      .where("turn_trace_messages.message_id", "=", messageId)
      .where("turn_traces.thread_id", "=", threadId)
      .executeTakeFirst();
  }

  /** A thread's traces, newest first, `limit` of them before the trace `before` (its id) when given. */
  async listByThread(
    projectId: string,
    threadId: string,
    page: { limit: number; before?: string | undefined },
  ): Promise<TurnTraceRow[]> {
    let query = this.db
      .selectFrom("turn_traces")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("thread_id", "=", threadId);
    if (page.before !== undefined) {
      const cursor = await this.db
        .selectFrom("turn_traces")
        .select(["started_at", "id"])
        .where("project_id", "=", projectId)
        .where("id", "=", page.before)
        .executeTakeFirst();
      if (!cursor) return [];
      query = query.where((eb) =>
        eb.or([
          eb("started_at", "<", cursor.started_at),
          eb.and([eb("started_at", "=", cursor.started_at), eb("id", "<", cursor.id)]),
        ]),
      );
    }
    return query.orderBy("started_at", "desc").orderBy("id", "desc").limit(page.limit).execute();
  }

  /** The messages of each trace, oldest first. */
  async messageIds(projectId: string, traceIds: readonly string[]): Promise<Map<string, string[]>> {
    const byTrace = new Map<string, string[]>();
    if (traceIds.length === 0) return byTrace;
    const rows = await this.db
      .selectFrom("turn_trace_messages")
      .innerJoin("messages", "messages.id", "turn_trace_messages.message_id")
      .select(["turn_trace_messages.trace_id", "turn_trace_messages.message_id"])
      .where("turn_trace_messages.project_id", "=", projectId)
      .where("turn_trace_messages.trace_id", "in", [...traceIds])
      .orderBy("messages.seq")
      .execute();
    for (const row of rows) byTrace.set(row.trace_id, [...(byTrace.get(row.trace_id) ?? []), row.message_id]);
    return byTrace;
  }

  /** Deletes traces created before `cutoff`, at most `limit` of them; returns how many. */
  async pruneBefore(cutoff: string, limit: number): Promise<number> {
    const old = this.db.selectFrom("turn_traces").select("id").where("created_at", "<", cutoff).limit(limit);
    const deleted = await this.db.deleteFrom("turn_traces").where("id", "in", old).executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }
}
