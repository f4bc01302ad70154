import type { Insertable, Kysely, Selectable } from "kysely";
import type { Database } from "../schema.js";
import type { MessageFilesTable } from "../schema-message-files.js";

export type MessageFileRow = Selectable<MessageFilesTable>;

/** Files customers sent on a channel that Parley keeps (docs/channels.md, "Non-text messages"). */
export class MessageFilesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Records a kept file; false when the attachment already has one (a job run twice). */
  async insert(row: Insertable<MessageFilesTable>): Promise<boolean> {
    const inserted = await this.db
      .insertInto("message_files")
      .values(row)
      .onConflict((oc) => oc.columns(["message_id", "attachment_index"]).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** The project's file, while its thread exists. */
  find(projectId: string, id: string): Promise<MessageFileRow | undefined> {
    return this.db
      .selectFrom("message_files")
      .innerJoin("threads", "threads.id", "message_files.thread_id")
      .selectAll("message_files")
      .where("message_files.project_id", "=", projectId)
      .where("message_files.id", "=", id)
      .executeTakeFirst();
  }

  /** Files to delete: expired by `now`, or whose thread was deleted. At most `limit`. */
  sweepable(now: string, limit: number): Promise<MessageFileRow[]> {
    return this.db
      .selectFrom("message_files")
      .leftJoin("threads", "threads.id", "message_files.thread_id")
      .selectAll("message_files")
      .where((eb) => eb.or([eb("message_files.expires_at", "<=", now), eb("threads.id", "is", null)]))
      .orderBy("message_files.expires_at")
      .limit(limit)
      .execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom("message_files").where("id", "=", id).execute();
  }
}
