import type { Migration } from "kysely";
import type { Dialect } from "../database.js";
import { initial } from "./0001-initial.js";

/**
 * Every migration, in order, for both dialects. Names sort lexically; never rename or
 * edit a released migration: add a new one.
 */
export function allMigrations(dialect: Dialect): Record<string, Migration> {
  return {
    "0001_initial": initial(dialect),
  };
}
