import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * Persons, threads, messages and their full-text index: FTS5 (external content, kept in step
 * by triggers) on SQLite; a generated tsvector with a GIN index on PostgreSQL. The 'simple'
 * configuration does not stem, so Russian and English text are matched alike.
 */
export function conversations(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("persons")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("external_id", "text")
        .addColumn("name", "text")
        .addColumn("avatar_url", "text")
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addUniqueConstraint("persons_external_unique", ["project_id", "external_id"])
        .execute();

      await db.schema
        .createTable("threads")
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("id", "text", (c) => c.notNull())
        .addColumn("chat_id", "text", (c) => c.notNull().references("chats.id").onDelete("cascade"))
        .addColumn("bot_id", "text", (c) => c.notNull())
        .addColumn("person_id", "text", (c) => c.references("persons.id").onDelete("set null"))
        .addColumn("mode", "text", (c) => c.notNull())
        .addColumn("title", "text")
        .addColumn("last_message_at", t.timestamp)
        .addColumn("pending_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("working_memory", "text")
        .addColumn("turn_lease_owner", "text")
        .addColumn("turn_lease_until", t.timestamp)
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("updated_at", t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint("threads_pk", ["project_id", "id"])
        .execute();
      await db.schema
        .createIndex("threads_recent_idx")
        .on("threads")
        .columns(["project_id", "last_message_at", "id"])
        .execute();
      await db.schema.createIndex("threads_chat_idx").on("threads").columns(["chat_id"]).execute();
      await db.schema.createIndex("threads_person_idx").on("threads").columns(["person_id"]).execute();

      await db.schema
        .createTable("messages")
        .addColumn("seq", dialect === "postgres" ? "bigserial" : "integer", (c) =>
          dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn("id", "text", (c) => c.notNull().unique())
        .addColumn("project_id", "text", (c) => c.notNull())
        .addColumn("thread_id", "text", (c) => c.notNull())
        .addColumn("role", "text", (c) => c.notNull())
        .addColumn("author", "text", (c) => c.notNull())
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("parts", t.json)
        .addColumn("external_id", "text")
        .addColumn("reply_to_seq", dialect === "postgres" ? "bigint" : "integer")
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addForeignKeyConstraint(
          "messages_thread_fk",
          ["project_id", "thread_id"],
          "threads",
          ["project_id", "id"],
          (fk) => fk.onDelete("cascade"),
        )
        .execute();
      await db.schema
        .createIndex("messages_thread_idx")
        .on("messages")
        .columns(["project_id", "thread_id", "seq"])
        .execute();
      await db.schema.createIndex("messages_created_idx").on("messages").columns(["created_at"]).execute();
      await db.schema
        .createIndex("messages_external_unique")
        .on("messages")
        .columns(["project_id", "thread_id", "external_id"])
        .unique()
        .execute();

      if (dialect === "postgres") {
        await sql`alter table messages add column search tsvector
          generated always as (to_tsvector('simple', content)) stored`.execute(db);
        await sql`create index messages_search_idx on messages using gin (search)`.execute(db);
      } else {
        await sql`create virtual table messages_fts using fts5(
          content, content='messages', content_rowid='seq', tokenize='unicode61 remove_diacritics 2')`.execute(
          db,
        );
        await sql`create trigger messages_fts_insert after insert on messages begin
          insert into messages_fts(rowid, content) values (new.seq, new.content); end`.execute(db);
        await sql`create trigger messages_fts_delete after delete on messages begin
          insert into messages_fts(messages_fts, rowid, content) values ('delete', old.seq, old.content); end`.execute(
          db,
        );
        await sql`create trigger messages_fts_update after update of content on messages begin
          insert into messages_fts(messages_fts, rowid, content) values ('delete', old.seq, old.content);
          insert into messages_fts(rowid, content) values (new.seq, new.content); end`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      if (dialect === "sqlite") await sql`drop table if exists messages_fts`.execute(db);
      for (const table of ["messages", "threads", "persons"]) await db.schema.dropTable(table).execute();
    },
  };
}
