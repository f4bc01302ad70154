import { type ColumnDataType, type Expression, sql } from "kysely";
import type { Dialect } from "../database.js";

/** The few column types whose spelling differs between the dialects. */
export function columnTypes(dialect: Dialect): {
  timestamp: ColumnDataType | Expression<unknown>;
  json: ColumnDataType | Expression<unknown>;
} {
  return dialect === "postgres"
    ? { timestamp: sql`timestamptz`, json: "text" }
    : { timestamp: "text", json: "text" };
}
