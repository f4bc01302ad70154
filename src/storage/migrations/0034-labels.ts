import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * Labels on conversations and people (docs/labels.md). A label's name is unique per project
 * whatever its case: `name_key` is the name lower-cased (in JavaScript, the same on both
 * databases) and carries the unique constraint, so that parallel creates of one name leave one
 * row. A label's links go with it (deleting a label takes it off every thread and person), and
 * with their thread or person. `thread_labels`' key (label_id, thread_id) is what filtering a
 * long thread list by label probes; the (project_id, thread_id) index loads a page's labels.
 */
export function labels(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("labels")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("name_key", "text", (c) => c.notNull())
        .addColumn("color", "text")
        .addColumn("description", "text")
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addColumn("updated_at", t.timestamp, (c) => c.notNull())
        .addUniqueConstraint("labels_name_unique", ["project_id", "name_key"])
        .execute();
      await db.schema
        .createTable("thread_labels")
        .addColumn("label_id", "text", (c) => c.notNull().references("labels.id").onDelete("cascade"))
        .addColumn("project_id", "text", (c) => c.notNull())
        .addColumn("thread_id", "text", (c) => c.notNull())
        .addColumn("added_by", "text", (c) => c.notNull())
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint("thread_labels_pk", ["label_id", "thread_id"])
        .addForeignKeyConstraint(
          "thread_labels_thread_fk",
          ["project_id", "thread_id"],
          "threads",
          ["project_id", "id"],
          (fk) => fk.onDelete("cascade"),
        )
        .execute();
      await db.schema
        .createIndex("thread_labels_thread_idx")
        .on("thread_labels")
        .columns(["project_id", "thread_id"])
        .execute();
      await db.schema
        .createTable("person_labels")
        .addColumn("label_id", "text", (c) => c.notNull().references("labels.id").onDelete("cascade"))
        .addColumn("person_id", "text", (c) => c.notNull().references("persons.id").onDelete("cascade"))
        .addColumn("added_by", "text", (c) => c.notNull())
        .addColumn("created_at", t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint("person_labels_pk", ["label_id", "person_id"])
        .execute();
      await db.schema
        .createIndex("person_labels_person_idx")
        .on("person_labels")
        .column("person_id")
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("person_labels").execute();
      await db.schema.dropTable("thread_labels").execute();
      await db.schema.dropTable("labels").execute();
    },
  };
}
