import type { Kysely, Selectable } from "kysely";
import { dialectOf } from "../dialect.js";
import type { Database } from "../schema.js";
import type { FeedbackRating, FeedbackSource, MessageFeedbackTable } from "../schema-feedback.js";

export type MessageFeedbackRow = Selectable<MessageFeedbackTable>;

/**
 * A rating as the API, webhooks and traces show it (OpenAPI `MessageFeedback`; docs/quality.md,
 * "Feedback"): who rated is `source` and, for a signed-in operator, `operator` {id, name}.
 */
export interface MessageFeedback {
  id: string;
  message_id: string;
  thread_id: string;
  source: FeedbackSource;
  rating: FeedbackRating;
  comment: string | null;
  correction: string | null;
  operator: { id: string; name: string } | null;
  created_at: string;
  updated_at: string;
}

/** One rater's feedback on one message, as it is to be stored. */
export interface FeedbackWrite {
  /** The id a new row takes; a replaced row keeps its own. */
  id: string;
  project_id: string;
  thread_id: string;
  message_id: string;
  source: FeedbackSource;
  operator_id: string | null;
  rater: string;
  rating: FeedbackRating;
  comment: string | null;
  correction: string | null;
  now: string;
}

/** Ids per query: far below either database's limit on bound parameters. */
const IDS_PER_QUERY = 500;

/** Feedback on bot messages (docs/quality.md, "Feedback"). */
export class MessageFeedbackRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores the rater's feedback on the message, replacing theirs if there is one (same id and
   * created_at), and says which rating it replaced. Called inside a transaction, parallel saves
   * of one rater serialise on the row: the first inserts, each later one waits for it, locks
   * it, reads the rating it replaces and updates it. So one row results, and the `previous` of
   * each save is the rating the one before it left (what keeps counts of ratings exact).
   */
  async save(
    write: FeedbackWrite,
  ): Promise<{ feedback: MessageFeedback; previous: { rating: FeedbackRating } | null }> {
    const { now, ...fields } = write;
    // A row deleted between the failed insert and the lock is inserted again on the next round.
    for (let round = 0; round < 3; round++) {
      const inserted = await this.db
        .insertInto("message_feedback")
        .values({ ...fields, created_at: now, updated_at: now })
        .onConflict((oc) => oc.columns(["message_id", "rater"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (inserted) return { feedback: await this.publicById(inserted.id), previous: null };
      const existing = await this.lockRater(write.message_id, write.rater);
      if (!existing) continue;
      await this.db
        .updateTable("message_feedback")
        .set({
          source: write.source,
          operator_id: write.operator_id,
          rating: write.rating,
          comment: write.comment,
          correction: write.correction,
          updated_at: now,
        })
        .where("id", "=", existing.id)
        .execute();
      return { feedback: await this.publicById(existing.id), previous: { rating: existing.rating } };
    }
    throw new Error(`feedback on ${write.message_id} kept disappearing while it was saved`);
  }

  /** Deletes the rater's feedback on the message; what it was, or undefined when there was none. */
  async remove(projectId: string, messageId: string, rater: string): Promise<MessageFeedback | undefined> {
    const row = await this.selectPublic()
      .where("f.project_id", "=", projectId)
      .where("f.message_id", "=", messageId)
      .where("f.rater", "=", rater)
      .executeTakeFirst();
    if (!row) return undefined;
    const deleted = await this.db
      .deleteFrom("message_feedback")
      .where("id", "=", row.id)
      .returning("id")
      .executeTakeFirst();
    return deleted ? toPublic(row) : undefined;
  }

  /** The rater's feedback on one message, if any. */
  async findByRater(
    projectId: string,
    messageId: string,
    rater: string,
  ): Promise<MessageFeedback | undefined> {
    const row = await this.selectPublic()
      .where("f.project_id", "=", projectId)
      .where("f.message_id", "=", messageId)
      .where("f.rater", "=", rater)
      .executeTakeFirst();
    return row ? toPublic(row) : undefined;
  }

  /**
   * Every feedback on these messages of the project, oldest first within each message (the
   * order of `messageIds`). What a trace shows beside its messages.
   */
  async listForMessages(projectId: string, messageIds: readonly string[]): Promise<MessageFeedback[]> {
    const unique = [...new Set(messageIds)];
    const rows: FeedbackSelection[] = [];
    for (let at = 0; at < unique.length; at += IDS_PER_QUERY) {
      rows.push(
        ...(await this.selectPublic()
          .where("f.project_id", "=", projectId)
          .where("f.message_id", "in", unique.slice(at, at + IDS_PER_QUERY))
          .orderBy("f.created_at")
          .orderBy("f.id")
          .execute()),
      );
    }
    const position = new Map(unique.map((id, index) => [id, index]));
    return rows.sort((a, b) => position.get(a.message_id)! - position.get(b.message_id)!).map(toPublic);
  }

  /** Every feedback in a thread, oldest first. */
  async listForThread(projectId: string, threadId: string): Promise<MessageFeedback[]> {
    const rows = await this.selectPublic()
      .where("f.project_id", "=", projectId)
      .where("f.thread_id", "=", threadId)
      .orderBy("f.created_at")
      .orderBy("f.id")
      .execute();
    return rows.map(toPublic);
  }

  private async publicById(id: string): Promise<MessageFeedback> {
    return toPublic(await this.selectPublic().where("f.id", "=", id).executeTakeFirstOrThrow());
  }

  /** The rater's row, locked until the transaction ends on PostgreSQL (SQLite has one writer). */
  private lockRater(messageId: string, rater: string) {
    const query = this.db
      .selectFrom("message_feedback")
      .select(["id", "rating"])
      .where("message_id", "=", messageId)
      .where("rater", "=", rater);
    return (dialectOf(this.db) === "postgres" ? query.forUpdate() : query).executeTakeFirst();
  }

  private selectPublic() {
    return this.db
      .selectFrom("message_feedback as f")
      .leftJoin("operators as o", "o.id", "f.operator_id")
      .select([
        "f.id",
        "f.message_id",
        "f.thread_id",
        "f.source",
        "f.operator_id",
        "f.rating",
        "f.comment",
        "f.correction",
        "f.created_at",
        "f.updated_at",
        "o.name as operator_name",
      ]);
  }
}

type FeedbackSelection = Pick<
  MessageFeedbackRow,
  | "id"
  | "message_id"
  | "thread_id"
  | "source"
  | "operator_id"
  | "rating"
  | "comment"
  | "correction"
  | "created_at"
  | "updated_at"
> & { operator_name: string | null };

function toPublic(row: FeedbackSelection): MessageFeedback {
  return {
    id: row.id,
    message_id: row.message_id,
    thread_id: row.thread_id,
    source: row.source,
    rating: row.rating,
    comment: row.comment,
    correction: row.correction,
    // Operators are never deleted (only removed from projects), so the name is there.
    operator: row.operator_id ? { id: row.operator_id, name: row.operator_name ?? "" } : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
