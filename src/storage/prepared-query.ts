import { type Compilable, type CompiledQuery, createQueryId, type Kysely } from "kysely";
import { dialectOf } from "./dialect.js";
import type { Database } from "./schema.js";

/** Stands for an argument while the query is built; replaced by its value at each run. */
class Slot {
  constructor(readonly name: string) {}
}

type Arg<Args> = <K extends keyof Args & string>(name: K) => Args[K];

/** A query compiled once per dialect (see preparedQuery). */
export interface PreparedQuery<Args, Row> {
  /** Every row the query returns. */
  all(db: Kysely<Database>, args: Args): Promise<Row[]>;
  /** The first row, if any. */
  first(db: Kysely<Database>, args: Args): Promise<Row | undefined>;
}

/**
 * A query built and compiled once per dialect, then run with new arguments: Kysely otherwise
 * builds the query's immutable node tree and compiles it to SQL on every call, which costs more
 * than SQLite takes to run most of the hot path's queries (docs/performance.md).
 *
 * `build` must give the same SQL whatever the arguments are: each argument is a bound parameter
 * (a `where` value, a `set` value, a `limit`), never a list (`in`), an identifier or a part of
 * the query's shape. Arguments are passed to the driver as they are, as Kysely would pass them.
 */
export function preparedQuery<Args extends Record<string, unknown>, Row>(
  build: (db: Kysely<Database>, arg: Arg<Args>) => Compilable<Row>,
): PreparedQuery<Args, Row> {
  const compiled: Partial<Record<"sqlite" | "postgres", CompiledQuery<Row>>> = {};
  const arg = ((name: string) => new Slot(name)) as Arg<Args>;
  const all = async (db: Kysely<Database>, args: Args): Promise<Row[]> => {
    const dialect = dialectOf(db);
    let template = compiled[dialect];
    if (!template) {
      template = build(db, arg).compile();
      compiled[dialect] = template;
    }
    const parameters = template.parameters.map((value) => (value instanceof Slot ? args[value.name] : value));
    const result = await db.executeQuery<Row>({
      query: template.query,
      queryId: createQueryId(),
      sql: template.sql,
      parameters,
    });
    return result.rows;
  };
  return { all, first: async (db, args) => (await all(db, args))[0] };
}
