import type { Kysely, Selectable } from "kysely";
import type { Database } from "../schema.js";
import type { WidgetConfigsTable, WidgetVisitorsTable } from "../schema-widget.js";

export type WidgetConfigRow = Selectable<WidgetConfigsTable>;
export type WidgetVisitorRow = Selectable<WidgetVisitorsTable>;

/** Widget settings and visitors (docs/widget.md). */
export class WidgetRepo {
  constructor(private readonly db: Kysely<Database>) {}

  findConfig(chatId: string): Promise<WidgetConfigRow | undefined> {
    return this.db.selectFrom("widget_configs").selectAll().where("chat_id", "=", chatId).executeTakeFirst();
  }

  /** Inserts or replaces a chat's widget settings. */
  async saveConfig(row: WidgetConfigRow): Promise<void> {
    await this.db
      .insertInto("widget_configs")
      .values(row)
      .onConflict((oc) =>
        oc.column("chat_id").doUpdateSet({
          allowed_origins: row.allowed_origins,
          theme: row.theme,
          identity_required: row.identity_required,
          identity_secret: row.identity_secret,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }

  async insertVisitor(row: WidgetVisitorRow): Promise<void> {
    await this.db.insertInto("widget_visitors").values(row).execute();
  }

  findVisitorByToken(tokenHash: string): Promise<WidgetVisitorRow | undefined> {
    return this.db
      .selectFrom("widget_visitors")
      .selectAll()
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst();
  }

  /** The newest visitor of a verified identity in a chat: their conversation follows them. */
  findByIdentity(chatId: string, userId: string): Promise<WidgetVisitorRow | undefined> {
    return this.db
      .selectFrom("widget_visitors")
      .selectAll()
      .where("chat_id", "=", chatId)
      .where("identity_user_id", "=", userId)
      .orderBy("created_at", "desc")
      .limit(1)
      .executeTakeFirst();
  }

  async touchVisitor(id: string, at: string): Promise<void> {
    await this.db.updateTable("widget_visitors").set({ last_seen_at: at }).where("id", "=", id).execute();
  }
}
