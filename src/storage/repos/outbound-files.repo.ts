import type { Insertable, Kysely, Selectable } from "kysely";
import type { Database } from "../schema.js";
import type { OutboundFilesTable } from "../schema-outbound-files.js";

export type OutboundFileRow = Selectable<OutboundFilesTable>;

/** Files kept for sending (docs/channels.md, "Files"); the bytes are in the file store. */
export class OutboundFilesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<OutboundFilesTable>): Promise<void> {
    await this.db.insertInto("outbound_files").values(row).execute();
  }

  find(projectId: string, id: string): Promise<OutboundFileRow | undefined> {
    return this.db
      .selectFrom("outbound_files")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("id", "=", id)
      .executeTakeFirst();
  }

  /** The file by id alone: the signed public link names no project (its signature vouches for it). */
  findById(id: string): Promise<OutboundFileRow | undefined> {
    return this.db.selectFrom("outbound_files").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** The thread's files among `ids` (any other id is not found). */
  ofThread(projectId: string, threadId: string, ids: readonly string[]): Promise<OutboundFileRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom("outbound_files")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("thread_id", "=", threadId)
      .where("id", "in", ids)
      .execute();
  }
}
