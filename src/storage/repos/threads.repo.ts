import {
  type Insertable,
  type Kysely,
  type Selectable,
  type SelectQueryBuilder,
  sql,
  type Updateable,
} from "kysely";
import type { Dialect } from "../database.js";
import { dialectOf } from "../dialect.js";
import { preparedQuery } from "../prepared-query.js";
import type { Database } from "../schema.js";
import type { ThreadMode, ThreadStatus, ThreadsTable } from "../schema-conversations.js";

export type ThreadRow = Selectable<ThreadsTable>;

export interface ThreadListQuery {
  projectId: string;
  chatId?: string | undefined;
  botId?: string | undefined;
  mode?: ThreadMode | undefined;
  /** true: pending_count > 0 only; false: pending_count = 0 only. */
  waiting?: boolean | undefined;
  /** An operator id, or null for unassigned threads. */
  assigneeId?: string | null | undefined;
  /** Label ids (docs/labels.md): threads carrying all of them, or any of them. */
  labels?: { ids: string[]; match: "all" | "any" } | undefined;
  /** Only threads in one of these statuses (docs/conversations.md, "Status"). */
  statuses?: readonly ThreadStatus[] | undefined;
  /** A team id, or null for threads in no team's queue (docs/routing.md). */
  teamId?: string | null | undefined;
  limit: number;
  /** Keyset position: the last row of the previous page (ignored with `search`). */
  after?: { lastMessageAt: string | null; id: string } | undefined;
  offset?: number | undefined;
  /** Full-text query; results are then ordered by relevance. */
  search?: string | undefined;
}

/**
 * Threads carrying all (or any) of the labels: one probe of thread_labels' key (label_id,
 * thread_id) per label and thread, so a long list filters without reading every link.
 */
function withLabels<O>(
  q: SelectQueryBuilder<Database, "threads", O>,
  labels: { ids: string[]; match: "all" | "any" },
): SelectQueryBuilder<Database, "threads", O> {
  type Q = SelectQueryBuilder<Database, "threads", O>;
  const carries = (ids: string[]) =>
    sql<boolean>`exists (select 1 from thread_labels tl where tl.label_id in (${sql.join(ids)}) and tl.thread_id = threads.id and tl.project_id = threads.project_id)`;
  if (labels.ids.length === 0) return q.where(sql<boolean>`1 = 0`) as Q;
  if (labels.match === "any") return q.where(carries(labels.ids)) as Q;
  return labels.ids.reduce((narrowed, id) => narrowed.where(carries([id])) as Q, q);
}

/** Turns free text into an FTS5 query that matches every word, whatever punctuation it holds. */
export function fts5Query(text: string): string {
  return text
    .split(/\s+/)
    .map((word) => word.replace(/"/g, ""))
    .filter((word) => word.length > 0)
    .map((word) => `"${word}"`)
    .join(" ");
}

const findThread = preparedQuery<{ projectId: string; id: string }, ThreadRow>((db, arg) =>
  db.selectFrom("threads").selectAll().where("project_id", "=", arg("projectId")).where("id", "=", arg("id")),
);

export class ThreadsRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect = dialectOf(db),
  ) {}

  /**
   * For those of the given threads whose chat is of a `vendor` integration: when the customer
   * last wrote (null: never), in one query for a page (docs/conversations.md, "Reply window").
   */
  async lastCustomerMessageAt(
    projectId: string,
    threadIds: string[],
    vendor: string,
  ): Promise<Map<string, string | null>> {
    const found = new Map<string, string | null>();
    if (threadIds.length === 0) return found;
    const rows = await this.db
      .selectFrom("threads")
      .innerJoin("chats", "chats.id", "threads.chat_id")
      .innerJoin("integrations", "integrations.id", "chats.integration_id")
      .leftJoin("messages", (join) =>
        join
          .onRef("messages.project_id", "=", "threads.project_id")
          .onRef("messages.thread_id", "=", "threads.id")
          .on("messages.role", "=", "user"),
      )
      .select((eb) => ["threads.id as id", eb.fn.max("messages.created_at").as("last_at")])
      .where("threads.project_id", "=", projectId)
      .where("threads.id", "in", threadIds)
      .where("integrations.vendor", "=", vendor)
      .groupBy("threads.id")
      .execute();
    for (const row of rows) {
      const last = row.last_at as string | Date | null;
      found.set(row.id, last === null ? null : new Date(last).toISOString());
    }
    return found;
  }

  async find(projectId: string, id: string): Promise<ThreadRow | undefined> {
    return findThread.first(this.db, { projectId, id });
  }

  /** The thread of a vendor conversation in a chat (one conversation is one thread). */
  findByConversation(chatId: string, conversationId: string): Promise<ThreadRow | undefined> {
    return this.db
      .selectFrom("threads")
      .selectAll()
      .where("chat_id", "=", chatId)
      .where("external_conversation_id", "=", conversationId)
      .executeTakeFirst();
  }

  /** Whether a thread with this id exists in a project other than the given one. */
  async existsInOtherProject(projectId: string, id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("threads")
      .select("id")
      .where("id", "=", id)
      .where("project_id", "!=", projectId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Inserts the thread unless one already holds its key — its id in the project, or, for a
   * vendor conversation's thread, that conversation in the chat — and returns the row that holds
   * it: this one (`inserted`), or the one another request stored first (which may belong to
   * another chat: the caller decides). Never fails on the key, so the caller's transaction stays
   * usable on PostgreSQL (docs/conversations.md, "Parallel first messages").
   */
  async insertIfAbsent(row: Insertable<ThreadsTable>): Promise<{ thread: ThreadRow; inserted: boolean }> {
    const conversation = row.external_conversation_id ?? null;
    // A winner deleted before it could be read frees the key: insert again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const stored = await this.db
        .insertInto("threads")
        .values(row)
        .onConflict((oc) =>
          conversation === null
            ? oc.columns(["project_id", "id"]).doNothing()
            : oc
                .columns(["chat_id", "external_conversation_id"])
                .where("external_conversation_id", "is not", null)
                .doNothing(),
        )
        .returningAll()
        .executeTakeFirst();
      if (stored) return { thread: stored, inserted: true };
      const winner =
        conversation === null
          ? await this.find(row.project_id, row.id)
          : await this.findByConversation(row.chat_id, conversation);
      if (winner) return { thread: winner, inserted: false };
    }
    throw new Error("a thread with this key was deleted as often as it was created");
  }

  async update(projectId: string, id: string, patch: Updateable<ThreadsTable>): Promise<void> {
    await this.db
      .updateTable("threads")
      .set(patch)
      .where("project_id", "=", projectId)
      .where("id", "=", id)
      .execute();
  }

  /** As update, answering the row as it now is (undefined: no such thread). */
  async updateReturning(
    projectId: string,
    id: string,
    patch: Updateable<ThreadsTable>,
  ): Promise<ThreadRow | undefined> {
    return this.db
      .updateTable("threads")
      .set(patch)
      .where("project_id", "=", projectId)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * A bot's `open` and `pending` threads whose last message (or creation, without messages) is
   * older than the cutoff: what auto-resolve resolves (docs/conversations.md, "Status").
   */
  inactiveOf(projectId: string, botId: string, cutoff: string, limit: number): Promise<ThreadRow[]> {
    return this.db
      .selectFrom("threads")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("bot_id", "=", botId)
      .where("status", "in", ["open", "pending"])
      .where((eb) =>
        eb.or([
          eb("last_message_at", "<", cutoff),
          eb.and([eb("last_message_at", "is", null), eb("created_at", "<", cutoff)]),
        ]),
      )
      .orderBy("id")
      .limit(limit)
      .execute();
  }

  async setTitleIfUnset(projectId: string, id: string, title: string): Promise<void> {
    await this.db
      .updateTable("threads")
      .set({ title })
      .where("project_id", "=", projectId)
      .where("id", "=", id)
      .where("title", "is", null)
      .execute();
  }

  /** Adds to pending_count and returns the new value. */
  async addPending(projectId: string, id: string, delta: number, now: string): Promise<number> {
    const row = await this.db
      .updateTable("threads")
      .set((eb) => ({ pending_count: eb("pending_count", "+", delta), updated_at: now }))
      .where("project_id", "=", projectId)
      .where("id", "=", id)
      .returning("pending_count")
      .executeTakeFirstOrThrow();
    return Number(row.pending_count);
  }

  /** Keeps the assignee's name on their threads in step with a rename. */
  async renameAssignee(operatorId: string, name: string): Promise<void> {
    await this.db
      .updateTable("threads")
      .set({ assignee_name: name })
      .where("assignee_id", "=", operatorId)
      .execute();
  }

  /** Unassigns an operator's threads in a project (they left it). */
  async unassignAll(projectId: string, operatorId: string): Promise<void> {
    await this.db
      .updateTable("threads")
      .set({ assignee_id: null, assignee_name: null })
      .where("project_id", "=", projectId)
      .where("assignee_id", "=", operatorId)
      .execute();
  }

  /** Keeps the team's name on its threads in step with a rename. */
  async renameTeam(teamId: string, name: string): Promise<void> {
    await this.db.updateTable("threads").set({ team_name: name }).where("team_id", "=", teamId).execute();
  }

  /** Takes a deleted team's threads out of its queue (into the project's). */
  async unqueueTeam(projectId: string, teamId: string): Promise<void> {
    await this.db
      .updateTable("threads")
      .set({ team_id: null, team_name: null })
      .where("project_id", "=", projectId)
      .where("team_id", "=", teamId)
      .execute();
  }

  async delete(projectId: string, id: string): Promise<void> {
    await this.db.deleteFrom("threads").where("project_id", "=", projectId).where("id", "=", id).execute();
  }

  /**
   * Takes the thread's turn lease when it is free or expired. Only one process at a time runs
   * the AI for a thread; a crashed holder's lease simply runs out.
   */
  async acquireLease(
    projectId: string,
    id: string,
    owner: string,
    now: string,
    until: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable("threads")
      .set({ turn_lease_owner: owner, turn_lease_until: until })
      .where("project_id", "=", projectId)
      .where("id", "=", id)
      .where((eb) => eb.or([eb("turn_lease_until", "is", null), eb("turn_lease_until", "<", now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async renewLease(projectId: string, id: string, owner: string, until: string): Promise<void> {
    await this.db
      .updateTable("threads")
      .set({ turn_lease_until: until })
      .where("project_id", "=", projectId)
      .where("id", "=", id)
      .where("turn_lease_owner", "=", owner)
      .execute();
  }

  async releaseLease(projectId: string, id: string, owner: string): Promise<void> {
    await this.db
      .updateTable("threads")
      .set({ turn_lease_owner: null, turn_lease_until: null })
      .where("project_id", "=", projectId)
      .where("id", "=", id)
      .where("turn_lease_owner", "=", owner)
      .execute();
  }

  /**
   * The thread, locked until the transaction ends (PostgreSQL `FOR UPDATE`; SQLite serialises
   * writers anyway): status changes read it so, and parallel ones queue up.
   */
  async findForUpdate(projectId: string, id: string): Promise<ThreadRow | undefined> {
    const query = this.db
      .selectFrom("threads")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("id", "=", id);
    return (this.dialect === "postgres" ? query.forUpdate() : query).executeTakeFirst();
  }

  /** The list's filters (everything but search, paging and order). */
  private filtered(query: Omit<ThreadListQuery, "limit">) {
    let q = this.db.selectFrom("threads").where("threads.project_id", "=", query.projectId);
    if (query.chatId) q = q.where("threads.chat_id", "=", query.chatId);
    if (query.botId) q = q.where("threads.bot_id", "=", query.botId);
    if (query.mode) q = q.where("threads.mode", "=", query.mode);
    if (query.waiting !== undefined) q = q.where("threads.pending_count", query.waiting ? ">" : "=", 0);
    if (query.assigneeId === null) q = q.where("threads.assignee_id", "is", null);
    else if (query.assigneeId !== undefined) q = q.where("threads.assignee_id", "=", query.assigneeId);
    if (query.teamId === null) q = q.where("threads.team_id", "is", null);
    else if (query.teamId !== undefined) q = q.where("threads.team_id", "=", query.teamId);
    if (query.labels) q = withLabels(q, query.labels);
    if (query.statuses && query.statuses.length > 0) {
      q = q.where("threads.status", "in", [...query.statuses]);
    }
    return q;
  }

  /** How many threads match the list's filters (its `statuses` ignored), per status. */
  async countByStatus(
    query: Omit<ThreadListQuery, "limit" | "statuses">,
  ): Promise<Map<ThreadStatus, number>> {
    const rows = await this.filtered(query)
      .select(["threads.status"])
      .select((eb) => eb.fn.countAll<string | number>().as("count"))
      .groupBy("threads.status")
      .execute();
    return new Map(rows.map((row) => [row.status, Number(row.count)]));
  }

  /** Threads of a project, newest activity first (threads without messages last), then id. */
  async list(query: ThreadListQuery): Promise<ThreadRow[]> {
    let q = this.filtered(query).selectAll("threads");

    if (query.search) return this.search(q, query);

    const after = query.after;
    if (after) {
      q = q.where((eb) =>
        after.lastMessageAt === null
          ? eb.and([eb("threads.last_message_at", "is", null), eb("threads.id", ">", after.id)])
          : eb.or([
              eb("threads.last_message_at", "<", after.lastMessageAt),
              eb.and([
                eb("threads.last_message_at", "=", after.lastMessageAt),
                eb("threads.id", ">", after.id),
              ]),
              eb("threads.last_message_at", "is", null),
            ]),
      );
    }
    return q
      .orderBy(sql`case when threads.last_message_at is null then 1 else 0 end`)
      .orderBy("threads.last_message_at", "desc")
      .orderBy("threads.id")
      .limit(query.limit)
      .offset(after ? 0 : (query.offset ?? 0))
      .execute();
  }

  private async search(
    base: SelectQueryBuilder<Database, "threads", ThreadRow>,
    query: ThreadListQuery,
  ): Promise<ThreadRow[]> {
    const text = query.search ?? "";
    if (this.dialect === "postgres") {
      const ranked = this.db
        .selectFrom("messages")
        .select(["messages.thread_id"])
        .select(sql<number>`max(ts_rank(messages.search, plainto_tsquery('simple', ${text})))`.as("rank"))
        .where("messages.project_id", "=", query.projectId)
        .where(sql<boolean>`messages.search @@ plainto_tsquery('simple', ${text})`)
        .groupBy("messages.thread_id")
        .as("ranked");
      return base
        .innerJoin(ranked, "ranked.thread_id", "threads.id")
        .orderBy("ranked.rank", "desc")
        .orderBy("threads.id")
        .limit(query.limit)
        .offset(query.offset ?? 0)
        .execute();
    }
    const match = fts5Query(text);
    if (match === "") return [];
    // FTS5's `rank` is bm25(): lower for better matches. (bm25() itself is refused once SQLite
    // flattens the subquery into the aggregate; the rank column is not.)
    const scored = sql<{ seq: number; score: number }>`(select rowid as seq, rank as score
      from messages_fts where messages_fts match ${match})`.as("scored");
    const ranked = this.db
      .selectFrom("messages")
      .innerJoin(scored, (join) => join.onRef(sql.ref("scored.seq"), "=", "messages.seq"))
      .select(["messages.thread_id"])
      .select(sql<number>`min(scored.score)`.as("rank"))
      .where("messages.project_id", "=", query.projectId)
      .groupBy("messages.thread_id")
      .as("ranked");
    return base
      .innerJoin(ranked, "ranked.thread_id", "threads.id")
      .orderBy("ranked.rank")
      .orderBy("threads.id")
      .limit(query.limit)
      .offset(query.offset ?? 0)
      .execute();
  }
}
