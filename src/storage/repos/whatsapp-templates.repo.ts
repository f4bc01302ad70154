import { type Kysely, type Selectable, sql } from "kysely";
import type { Database } from "../schema.js";
import type { WhatsappTemplatesTable } from "../schema-whatsapp-templates.js";

export type WhatsappTemplateRow = Selectable<WhatsappTemplatesTable>;

/** What the list may be narrowed by (docs/channels.md, "Templates"). */
export interface WhatsappTemplateFilter {
  status?: string;
  language?: string;
  /** A part of the name, matched case-insensitively. */
  name?: string;
}

/** The stored copy of each WhatsApp integration's message templates. */
export class WhatsappTemplatesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The integration's templates, by name then language. */
  list(integrationId: string, filter: WhatsappTemplateFilter = {}): Promise<WhatsappTemplateRow[]> {
    let query = this.db
      .selectFrom("whatsapp_templates")
      .selectAll()
      .where("integration_id", "=", integrationId);
    if (filter.status !== undefined) query = query.where("status", "=", filter.status.toUpperCase());
    if (filter.language !== undefined) query = query.where("language", "=", filter.language);
    if (filter.name !== undefined) {
      const pattern = `%${filter.name.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      // `escape` spelled out: PostgreSQL's LIKE escapes with a backslash by default, SQLite's not at all.
      query = query.where(sql<boolean>`lower(name) like ${pattern} escape '\\'`);
    }
    return query.orderBy("name").orderBy("language").execute();
  }

  find(integrationId: string, name: string, language: string): Promise<WhatsappTemplateRow | undefined> {
    return this.db
      .selectFrom("whatsapp_templates")
      .selectAll()
      .where("integration_id", "=", integrationId)
      .where("name", "=", name)
      .where("language", "=", language)
      .executeTakeFirst();
  }

  /**
   * Makes the integration's rows the listed templates: each (name, language) keeps its row id,
   * new ones are inserted with theirs, and rows no longer listed are deleted. Callers run it in
   * a transaction, so a reader sees the old set or the new one.
   */
  async replaceAll(
    integrationId: string,
    rows: Array<Omit<WhatsappTemplateRow, "id"> & { id: string }>,
  ): Promise<void> {
    const existing = await this.db
      .selectFrom("whatsapp_templates")
      .select(["id", "name", "language"])
      .where("integration_id", "=", integrationId)
      .execute();
    const keyOf = (row: { name: string; language: string }) => `${row.name}\u0000${row.language}`;
    const idByKey = new Map(existing.map((row) => [keyOf(row), row.id]));
    const kept = new Set<string>();
    for (const row of rows) {
      const id = idByKey.get(keyOf(row));
      if (id === undefined) {
        await this.db.insertInto("whatsapp_templates").values(row).execute();
        continue;
      }
      kept.add(id);
      const { id: _fresh, ...fields } = row;
      await this.db.updateTable("whatsapp_templates").set(fields).where("id", "=", id).execute();
    }
    const gone = existing.filter((row) => !kept.has(row.id)).map((row) => row.id);
    if (gone.length > 0) await this.db.deleteFrom("whatsapp_templates").where("id", "in", gone).execute();
  }
}
