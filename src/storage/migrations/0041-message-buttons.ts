import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * Buttons on messages (docs/channels.md, "Buttons"): `buttons` on a message that offers them
 * (JSON array of {kind, label, id?, url?}), `choice` on a customer's message that is the press of
 * one (JSON {message_id, button_id, label}). Both null on every other message.
 */
export function messageButtons(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("messages").addColumn("buttons", t.json).execute();
      await db.schema.alterTable("messages").addColumn("choice", t.json).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("messages").dropColumn("choice").execute();
      await db.schema.alterTable("messages").dropColumn("buttons").execute();
    },
  };
}
