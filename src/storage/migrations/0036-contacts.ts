import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * Contacts (docs/contacts.md): a person becomes a contact the API and the console edit — email,
 * phone, custom attributes (a JSON object), notes — and may be merged into another:
 * `merged_into` names the survivor, whose identity keys (the merged person's external id or
 * vendor user) then resolve to it. Searches by email and phone read lowercased / plain indexes.
 */
export function contacts(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("persons").addColumn("email", "text").execute();
      await db.schema.alterTable("persons").addColumn("phone", "text").execute();
      await db.schema.alterTable("persons").addColumn("attributes", t.json).execute();
      await db.schema.alterTable("persons").addColumn("notes", "text").execute();
      await db.schema.alterTable("persons").addColumn("updated_at", t.timestamp).execute();
      // No foreign key (SQLite could not drop the column again): deleting a survivor deletes
      // the persons merged into it in the same transaction (ContactsService.delete).
      await db.schema.alterTable("persons").addColumn("merged_into", "text").execute();
      await sql`update persons set updated_at = created_at`.execute(db);
      await sql`create index persons_email_idx on persons (project_id, lower(email))`.execute(db);
      await db.schema
        .createIndex("persons_phone_idx")
        .on("persons")
        .columns(["project_id", "phone"])
        .execute();
      await db.schema.createIndex("persons_merged_into_idx").on("persons").columns(["merged_into"]).execute();
      // The contacts list: a project's persons, newest first.
      await db.schema
        .createIndex("persons_project_created_idx")
        .on("persons")
        .columns(["project_id", "created_at", "id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const index of [
        "persons_project_created_idx",
        "persons_merged_into_idx",
        "persons_phone_idx",
        "persons_email_idx",
      ]) {
        await db.schema.dropIndex(index).execute();
      }
      for (const column of ["merged_into", "updated_at", "notes", "attributes", "phone", "email"]) {
        await db.schema.alterTable("persons").dropColumn(column).execute();
      }
    },
  };
}
