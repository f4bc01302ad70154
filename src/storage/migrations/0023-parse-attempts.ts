import type { Kysely, Migration } from "kysely";

/**
 * Parse attempts of a vector store file (docs/operations.md, "Parse workers"): counted before the
 * file is handed to a parse worker and cleared when the worker answers, so a count left behind
 * says the process died while the file was being parsed. Ingestion refuses a file left so twice
 * (`parse_crashed`) instead of parsing it again at every start.
 */
export function parseAttempts(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("vector_store_files")
        .addColumn("parse_attempts", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("vector_store_files").dropColumn("parse_attempts").execute();
    },
  };
}
