import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * Knowledge (docs/knowledge.md): uploaded files (bytes on disk), vector stores, the files of a
 * store with their ingestion status, batches, and the chunks with their vectors and a
 * full-text index (FTS5 external content on SQLite, a generated tsvector on PostgreSQL).
 */
export function knowledge(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  const int = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("knowledge_files")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("filename", "text", (c) => c.notNull())
        .addColumn("purpose", "text", (c) => c.notNull())
        .addColumn("bytes", int, (c) => c.notNull())
        .addColumn("path", "text", (c) => c.notNull())
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("knowledge_files_project_idx")
        .on("knowledge_files")
        .columns(["project_id", "created_at"])
        .execute();

      await db.schema
        .createTable("vector_stores")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("name", "text")
        .addColumn("metadata", t.json, (c) => c.notNull())
        .addColumn("expires_after", t.json)
        .addColumn("expires_at", t.timestamp)
        .addColumn("last_active_at", t.timestamp)
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("updated_at", t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("vector_stores_project_idx")
        .on("vector_stores")
        .columns(["project_id", "created_at"])
        .execute();

      await db.schema
        .createTable("vector_store_file_batches")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("vector_store_id", "text", (c) =>
          c.notNull().references("vector_stores.id").onDelete("cascade"),
        )
        .addColumn("project_id", "text", (c) => c.notNull())
        .addColumn("cancelled", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("vector_store_files")
        .addColumn("vector_store_id", "text", (c) =>
          c.notNull().references("vector_stores.id").onDelete("cascade"),
        )
        .addColumn("file_id", "text", (c) => c.notNull().references("knowledge_files.id").onDelete("cascade"))
        .addColumn("project_id", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("last_error", t.json)
        .addColumn("attributes", t.json, (c) => c.notNull())
        .addColumn("chunking_strategy", t.json, (c) => c.notNull())
        .addColumn("usage_bytes", int, (c) => c.notNull())
        .addColumn("batch_id", "text")
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("updated_at", t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint("vector_store_files_pk", ["vector_store_id", "file_id"])
        .execute();
      await db.schema
        .createIndex("vector_store_files_file_idx")
        .on("vector_store_files")
        .column("file_id")
        .execute();

      await db.schema
        .createTable("knowledge_chunks")
        .addColumn("id", dialect === "postgres" ? "bigserial" : "integer", (c) =>
          dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn("project_id", "text", (c) => c.notNull())
        .addColumn("vector_store_id", "text", (c) => c.notNull())
        .addColumn("file_id", "text", (c) => c.notNull())
        .addColumn("chunk_index", "integer", (c) => c.notNull())
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("tokens", "integer", (c) => c.notNull())
        .addColumn("embedder_id", "text", (c) => c.notNull())
        .addColumn("vector", dialect === "postgres" ? "bytea" : "blob", (c) => c.notNull())
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addForeignKeyConstraint(
          "knowledge_chunks_store_file_fk",
          ["vector_store_id", "file_id"],
          "vector_store_files",
          ["vector_store_id", "file_id"],
          (fk) => fk.onDelete("cascade"),
        )
        .execute();
      await db.schema
        .createIndex("knowledge_chunks_store_idx")
        .on("knowledge_chunks")
        .columns(["vector_store_id", "embedder_id", "file_id"])
        .execute();

      if (dialect === "postgres") {
        await sql`alter table knowledge_chunks add column search tsvector
          generated always as (to_tsvector('simple', content)) stored`.execute(db);
        await sql`create index knowledge_chunks_search_idx on knowledge_chunks using gin (search)`.execute(
          db,
        );
      } else {
        // The store id is indexed too, so a search matches its store's chunks in the index itself
        // instead of ranking every store's matches and filtering afterwards.
        await sql`create virtual table knowledge_chunks_fts using fts5(
          content, vector_store_id, content='knowledge_chunks', content_rowid='id',
          tokenize='unicode61 remove_diacritics 2')`.execute(db);
        await sql`create trigger knowledge_chunks_fts_insert after insert on knowledge_chunks begin
          insert into knowledge_chunks_fts(rowid, content, vector_store_id)
          values (new.id, new.content, new.vector_store_id); end`.execute(db);
        await sql`create trigger knowledge_chunks_fts_delete after delete on knowledge_chunks begin
          insert into knowledge_chunks_fts(knowledge_chunks_fts, rowid, content, vector_store_id)
          values ('delete', old.id, old.content, old.vector_store_id); end`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      if (dialect === "sqlite") await sql`drop table if exists knowledge_chunks_fts`.execute(db);
      for (const table of [
        "knowledge_chunks",
        "vector_store_files",
        "vector_store_file_batches",
        "vector_stores",
        "knowledge_files",
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
