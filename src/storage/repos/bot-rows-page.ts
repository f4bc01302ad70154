import type { Kysely, Selectable } from "kysely";
import type { Database } from "../schema.js";

/** Tables of a bot's own rows, listed newest first by `created_at`, then `id`. */
type BotRowsTable = "eval_cases" | "eval_runs";

/**
 * A page of a bot's rows, newest first: `limit` of them after the row `before` (its id) when
 * given, none when that row is not the bot's (docs/quality.md, "Evaluations": lists).
 */
export async function botRowsNewestFirst<T extends BotRowsTable>(
  db: Kysely<Database>,
  table: T,
  projectId: string,
  botId: string,
  page: { limit: number; before?: string | undefined },
): Promise<Selectable<Database[T]>[]> {
  // One table of the two at a time: typed as the first, read as the one asked for.
  const rows = db as unknown as Kysely<{ t: Database["eval_runs"] }>;
  const ofBot = () =>
    rows
      .selectFrom(`${table} as t` as "t")
      .where("project_id", "=", projectId)
      .where("bot_id", "=", botId);
  let query = ofBot().selectAll();
  if (page.before !== undefined) {
    const cursor = await ofBot()
      .select(["created_at", "id"])
      .where("id", "=", page.before)
      .executeTakeFirst();
    if (!cursor) return [];
    query = query.where((eb) =>
      eb.or([
        eb("created_at", "<", cursor.created_at),
        eb.and([eb("created_at", "=", cursor.created_at), eb("id", "<", cursor.id)]),
      ]),
    );
  }
  const found = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(page.limit).execute();
  return found as unknown as Selectable<Database[T]>[];
}
