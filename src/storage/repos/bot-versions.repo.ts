import type { Insertable, Kysely, Selectable } from "kysely";
import type { BotVersionsTable, Database } from "../schema.js";

export type BotVersionRow = Selectable<BotVersionsTable>;

/** Every settings document a bot has had (docs/quality.md, "Versions"); rows never change but for `published_at`. */
export class BotVersionsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<BotVersionsTable>): Promise<void> {
    await this.db.insertInto("bot_versions").values(row).execute();
  }

  find(botId: string, version: number): Promise<BotVersionRow | undefined> {
    return this.db
      .selectFrom("bot_versions")
      .selectAll()
      .where("bot_id", "=", botId)
      .where("version", "=", version)
      .executeTakeFirst();
  }

  /** The bot's highest version number (0 when it has none). */
  async latest(botId: string): Promise<number> {
    const row = await this.db
      .selectFrom("bot_versions")
      .select((eb) => eb.fn.max("version").as("latest"))
      .where("bot_id", "=", botId)
      .executeTakeFirst();
    return Number(row?.latest ?? 0);
  }

  /** Newest first, below `before` when given; the settings are left out (a page of a list). */
  list(botId: string, limit: number, before?: number): Promise<Omit<BotVersionRow, "settings">[]> {
    let query = this.db
      .selectFrom("bot_versions")
      .select([
        "id",
        "project_id",
        "bot_id",
        "version",
        "settings_version",
        "source",
        "note",
        "created_at",
        "published_at",
      ])
      .where("bot_id", "=", botId);
    if (before !== undefined) query = query.where("version", "<", before);
    return query.orderBy("version", "desc").limit(limit).execute();
  }

  /** The highest version below `below` that was ever published: where a rollback goes. */
  async previousPublished(botId: string, below: number): Promise<BotVersionRow | undefined> {
    return this.db
      .selectFrom("bot_versions")
      .selectAll()
      .where("bot_id", "=", botId)
      .where("version", "<", below)
      .where("published_at", "is not", null)
      .orderBy("version", "desc")
      .limit(1)
      .executeTakeFirst();
  }

  async markPublished(botId: string, version: number, at: string): Promise<void> {
    await this.db
      .updateTable("bot_versions")
      .set({ published_at: at })
      .where("bot_id", "=", botId)
      .where("version", "=", version)
      .execute();
  }

  async setNote(botId: string, version: number, note: string): Promise<void> {
    await this.db
      .updateTable("bot_versions")
      .set({ note })
      .where("bot_id", "=", botId)
      .where("version", "=", version)
      .execute();
  }
}
