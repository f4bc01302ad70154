import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * Hook keys (docs/channels.md, "amoCRM"): a vendor whose webhook URL is one per Parley server
 * names the integration in it by a key of its own (amoCRM's chat channel: the `scope_id`), and
 * the hook route finds the integration by (vendor, key). An integration's keys go with it.
 */
export function integrationHookKeys(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("integration_hook_keys")
        .addColumn("vendor", "text", (c) => c.notNull())
        .addColumn("hook_key", "text", (c) => c.notNull())
        .addColumn("integration_id", "text", (c) =>
          c.notNull().references("integrations.id").onDelete("cascade"),
        )
        .addColumn("claimed_at", t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint("integration_hook_keys_pk", ["vendor", "hook_key"])
        .execute();
      await db.schema
        .createIndex("integration_hook_keys_integration_idx")
        .on("integration_hook_keys")
        .column("integration_id")
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("integration_hook_keys").execute();
    },
  };
}
