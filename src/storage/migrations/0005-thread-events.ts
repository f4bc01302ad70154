import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../database.js";

/** The thread event log. */
export function threadEvents(_dialect: Dialect): Migration {
  return {
    async up(_db: Kysely<unknown>) {},
    async down(_db: Kysely<unknown>) {},
  };
}
