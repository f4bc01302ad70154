import type { PostgresCursor, PostgresPool, PostgresPoolClient } from "kysely";
import type pg from "pg";

const NAMED_STATEMENTS = 1000;
/** Statements worth a server-side plan: plain DML, not on a table whose columns change at run time. */
const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i;
const CHANGING_TABLES = /"?message_chunks"?/;
const BEGINS = /^\s*(begin|start\s+transaction)\b/i;
const ENDS = /^\s*(commit|rollback)\s*$/i;

/** PostgreSQL's answer to a prepared statement whose table's columns changed since it was prepared. */
function isStalePlan(error: unknown): boolean {
  return (
    (error as { code?: string } | null)?.code === "0A000" &&
    /cached plan must not change result type/.test(String((error as Error).message))
  );
}

/**
 * Kysely sends every query unnamed, so PostgreSQL parses and plans it on every call; that cost
 * more CPU than running most of Parley's queries (docs/performance.md). The same SQL text gets
 * the same statement name, so each connection parses and plans it once (pg keeps the names a
 * connection has prepared). At most NAMED_STATEMENTS texts are named (queries with `in` lists
 * vary); the others go unnamed as before. Tables altered at run time (message_chunks gains its
 * vector column) are left out.
 *
 * A migration run by a newer process of a cluster can still change a table's columns under
 * this one; its prepared `select *` then fails once ("cached plan must not change result
 * type"). The text then gets a new name (every connection prepares it afresh) and the query is
 * run again, unless it was inside a transaction, which PostgreSQL has aborted: that one fails
 * (the unit of work is not half done) and the next one succeeds.
 */
export function withNamedStatements(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  let counter = 0;
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (
      name === undefined &&
      names.size < NAMED_STATEMENTS &&
      NAMEABLE.test(text) &&
      !CHANGING_TABLES.test(text)
    ) {
      name = `parley_${counter++}`;
      names.set(text, name);
    }
    return name;
  };
  return {
    end: () => pool.end(),
    async connect() {
      const client = await pool.connect();
      let inTransaction = false;
      const run = async (text: string, parameters: unknown[]): Promise<pg.QueryResult> => {
        const name = nameOf(text);
        if (!name) return client.query(text, parameters);
        try {
          return await client.query({ name, text, values: parameters });
        } catch (error) {
          if (!isStalePlan(error)) throw error;
          names.delete(text);
          if (inTransaction) throw error;
          return run(text, parameters);
        }
      };
      return {
        query(textOrCursor: string | PostgresCursor<unknown>, values?: ReadonlyArray<unknown>) {
          if (typeof textOrCursor !== "string") return client.query(textOrCursor as never);
          if (BEGINS.test(textOrCursor)) inTransaction = true;
          else if (ENDS.test(textOrCursor)) inTransaction = false;
          return run(textOrCursor, values ? [...values] : []);
        },
        release: () => client.release(),
      } as unknown as PostgresPoolClient;
    },
  };
}
