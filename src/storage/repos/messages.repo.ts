import { type Insertable, type Kysely, type Selectable, sql } from "kysely";
import { dialectOf } from "../dialect.js";
import { preparedQuery } from "../prepared-query.js";
import type { Database } from "../schema.js";
import type { MessagesTable } from "../schema-conversations.js";

export type MessageRow = Selectable<MessagesTable>;

/** Namespace of the external-id locks (project-event-lock.ts and bootstrap-lock.ts use others). */
const EXTERNAL_ID_LOCK_NAMESPACE = 727_103;
export type NewMessage = Omit<Insertable<MessagesTable>, "seq">;

type ThreadArgs = { projectId: string; threadId: string };

const latestMessages = preparedQuery<ThreadArgs & { count: number }, MessageRow>((db, arg) =>
  db
    .selectFrom("messages")
    .selectAll()
    .where("project_id", "=", arg("projectId"))
    .where("thread_id", "=", arg("threadId"))
    .orderBy("seq", "desc")
    .limit(arg("count")),
);

const unansweredMessages = preparedQuery<ThreadArgs, MessageRow>((db, arg) =>
  db
    .selectFrom("messages")
    .selectAll()
    .where("project_id", "=", arg("projectId"))
    .where("thread_id", "=", arg("threadId"))
    .where("role", "=", "user")
    .where("seq", ">", (eb) =>
      eb
        .selectFrom("messages as replies")
        .select((inner) =>
          inner.fn.coalesce(inner.fn.max("replies.reply_to_seq"), inner.lit(0)).as("through"),
        )
        .where("replies.project_id", "=", arg("projectId"))
        .where("replies.thread_id", "=", arg("threadId"))
        // Lets the planner read the newest reply from messages_reply_idx (max ignores nulls anyway).
        .where("replies.reply_to_seq", "is not", null),
    )
    .orderBy("seq"),
);

const countMessagesFrom = preparedQuery<ThreadArgs & { seq: number }, { n: number }>((db, arg) =>
  db
    .selectFrom("messages")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("project_id", "=", arg("projectId"))
    .where("thread_id", "=", arg("threadId"))
    .where("seq", ">=", arg("seq")),
);

export class MessagesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts and returns the stored row (with its sequence number). */
  async insert(row: NewMessage): Promise<MessageRow> {
    return this.db.insertInto("messages").values(row).returningAll().executeTakeFirstOrThrow();
  }

  /** The whole history, oldest first. */
  /**
   * The newest message with text of each given thread (a page of the inbox), in one query:
   * tool steps and empty tool-call messages are skipped.
   */
  async latestWithText(projectId: string, threadIds: string[]): Promise<MessageRow[]> {
    if (threadIds.length === 0) return [];
    const newest = this.db
      .selectFrom("messages")
      .select(["thread_id"])
      .select((eb) => eb.fn.max("seq").as("seq"))
      .where("project_id", "=", projectId)
      .where("thread_id", "in", threadIds)
      .where("role", "!=", "tool")
      .where("content", "!=", "")
      .groupBy("thread_id")
      .as("newest");
    return this.db
      .selectFrom("messages")
      .innerJoin(newest, "newest.seq", "messages.seq")
      .selectAll("messages")
      .execute();
  }

  listByThread(projectId: string, threadId: string): Promise<MessageRow[]> {
    return this.db
      .selectFrom("messages")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("thread_id", "=", threadId)
      .orderBy("seq")
      .execute();
  }

  /** The latest `count` messages, oldest first. */
  async latest(projectId: string, threadId: string, count: number): Promise<MessageRow[]> {
    if (count <= 0) return [];
    const rows = await latestMessages.all(this.db, { projectId, threadId, count });
    return rows.reverse();
  }

  /** The last reply (by the bot or an operator) of the thread, if any. */
  lastReply(projectId: string, threadId: string): Promise<MessageRow | undefined> {
    return this.db
      .selectFrom("messages")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("thread_id", "=", threadId)
      .where("role", "=", "assistant")
      .orderBy("seq", "desc")
      .limit(1)
      .executeTakeFirst();
  }

  /** User messages no reply has answered yet: what the next turn must answer (one query). */
  async unanswered(projectId: string, threadId: string): Promise<MessageRow[]> {
    return unansweredMessages.all(this.db, { projectId, threadId });
  }

  /** How many messages of the thread have a seq of at least `seq`. */
  async countFrom(projectId: string, threadId: string, seq: number): Promise<number> {
    const row = await countMessagesFrom.first(this.db, { projectId, threadId, seq });
    return Number(row?.n ?? 0);
  }

  /** The newest message of the thread, any role (its seq), 0 when none. */
  async newestSeq(projectId: string, threadId: string): Promise<number> {
    const row = await this.db
      .selectFrom("messages")
      .select((eb) => eb.fn.max("seq").as("seq"))
      .where("project_id", "=", projectId)
      .where("thread_id", "=", threadId)
      .executeTakeFirst();
    return Number(row?.seq ?? 0);
  }

  /** The newest user message of the thread (its seq), 0 when none. */
  async newestUserSeq(projectId: string, threadId: string): Promise<number> {
    const row = await this.db
      .selectFrom("messages")
      .select((eb) => eb.fn.max("seq").as("seq"))
      .where("project_id", "=", projectId)
      .where("thread_id", "=", threadId)
      .where("role", "=", "user")
      .executeTakeFirst();
    return Number(row?.seq ?? 0);
  }

  /** The first reply that answered the user message with this seq. */
  replyCovering(projectId: string, threadId: string, seq: number): Promise<MessageRow | undefined> {
    return this.db
      .selectFrom("messages")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("thread_id", "=", threadId)
      .where("reply_to_seq", ">=", seq)
      .orderBy("seq")
      .limit(1)
      .executeTakeFirst();
  }

  findById(projectId: string, id: string): Promise<MessageRow | undefined> {
    return this.db
      .selectFrom("messages")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("id", "=", id)
      .executeTakeFirst();
  }

  /**
   * Changes a message's attachments (JSON) — and, when `change` answers one, its text — as one
   * read and write that no other writer can come between: the row is locked (PostgreSQL) or the
   * single writer held (SQLite) from the read to the write. Writers of different fields of the
   * same attachments (a kept file, a voice transcript; docs/channels.md, "Non-text messages")
   * therefore never undo each other. A message that is gone changes nothing.
   */
  async updateAttachments(
    projectId: string,
    id: string,
    change: (current: { content: string; attachments: string | null }) => {
      attachments: string | null;
      content?: string;
    },
  ): Promise<void> {
    const run = async (db: Kysely<Database>) => {
      let read = db
        .selectFrom("messages")
        .select(["content", "attachments"])
        .where("project_id", "=", projectId)
        .where("id", "=", id);
      if (dialectOf(db) === "postgres") read = read.forUpdate();
      const current = await read.executeTakeFirst();
      if (!current) return;
      const next = change(current);
      await db
        .updateTable("messages")
        .set({
          attachments: next.attachments,
          ...(next.content !== undefined ? { content: next.content } : {}),
        })
        .where("project_id", "=", projectId)
        .where("id", "=", id)
        .execute();
    };
    if (this.db.isTransaction) return run(this.db);
    await this.db.transaction().execute(run);
  }

  /** Replaces the message's delivery record (JSON, see modules/integrations/delivery). */
  async setDelivery(projectId: string, id: string, delivery: string): Promise<void> {
    await this.db
      .updateTable("messages")
      .set({ delivery })
      .where("project_id", "=", projectId)
      .where("id", "=", id)
      .execute();
  }

  /**
   * Holds the given external ids of a thread until the transaction ends (PostgreSQL; SQLite has
   * one writer anyway): a request storing a message under one of them waits for another that is
   * storing the same one, then finds it stored (findByExternalId) instead of failing on the
   * unique index, which would abort its whole transaction. Taken in sorted order, so two
   * requests holding several never wait for each other.
   */
  async lockExternalIds(projectId: string, threadId: string, externalIds: string[]): Promise<void> {
    if (externalIds.length === 0 || dialectOf(this.db) !== "postgres") return;
    for (const externalId of [...new Set(externalIds)].sort()) {
      // A collision of keys only makes one request wait for another.
      const key = `${projectId}/${threadId}/${externalId}`;
      await sql`select pg_advisory_xact_lock(${EXTERNAL_ID_LOCK_NAMESPACE}, hashtext(${key}))`.execute(
        this.db,
      );
    }
  }

  findByExternalId(projectId: string, threadId: string, externalId: string): Promise<MessageRow | undefined> {
    return this.db
      .selectFrom("messages")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("thread_id", "=", threadId)
      .where("external_id", "=", externalId)
      .executeTakeFirst();
  }

  /** How many messages each of `threadIds` holds (tool steps included, as `stats` counts them). */
  async countByThreads(projectId: string, threadIds: readonly string[]): Promise<Map<string, number>> {
    if (threadIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom("messages")
      .select("thread_id")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("project_id", "=", projectId)
      .where("thread_id", "in", [...threadIds])
      .groupBy("thread_id")
      .execute();
    return new Map(rows.map((row) => [row.thread_id, Number(row.count)]));
  }

  async stats(
    projectId: string,
    threadId: string,
  ): Promise<{ messages_total: number; user_messages: number; bot_messages: number }> {
    const row = await this.db
      .selectFrom("messages")
      .select((eb) => [
        eb.fn.countAll<number>().as("messages_total"),
        eb.fn.sum<number>(eb.case().when("author", "=", "user").then(1).else(0).end()).as("user_messages"),
        // AI replies only: a tool-call step without text is not a reply.
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([eb("author", "=", "bot"), eb("role", "=", "assistant"), eb("content", "!=", "")]))
              .then(1)
              .else(0)
              .end(),
          )
          .as("bot_messages"),
      ])
      .where("project_id", "=", projectId)
      .where("thread_id", "=", threadId)
      .executeTakeFirstOrThrow();
    return {
      messages_total: Number(row.messages_total ?? 0),
      user_messages: Number(row.user_messages ?? 0),
      bot_messages: Number(row.bot_messages ?? 0),
    };
  }
}
