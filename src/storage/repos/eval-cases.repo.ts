import type { Kysely, Selectable, Updateable } from "kysely";
import type { Database } from "../schema.js";
import type { EvalCasesTable } from "../schema-evals.js";
import { botRowsNewestFirst } from "./bot-rows-page.js";

export type EvalCaseRow = Selectable<EvalCasesTable>;

/** A bot's evaluation cases (docs/quality.md, "Evaluations"). */
export class EvalCasesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: EvalCaseRow): Promise<void> {
    await this.db.insertInto("eval_cases").values(row).execute();
  }

  find(projectId: string, botId: string, id: string): Promise<EvalCaseRow | undefined> {
    return this.db
      .selectFrom("eval_cases")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("bot_id", "=", botId)
      .where("id", "=", id)
      .executeTakeFirst();
  }

  /** These cases of the bot (unknown ids are left out), in no particular order. */
  async findMany(projectId: string, botId: string, ids: readonly string[]): Promise<EvalCaseRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom("eval_cases")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("bot_id", "=", botId)
      .where("id", "in", [...ids])
      .execute();
  }

  /** The bot's cases, newest first, `limit` of them after the case `before` (its id) when given. */
  async list(
    projectId: string,
    botId: string,
    page: { limit: number; before?: string | undefined },
  ): Promise<EvalCaseRow[]> {
    return botRowsNewestFirst(this.db, "eval_cases", projectId, botId, page);
  }

  /** Every case id of the bot, oldest first (what a run takes when it names none). */
  async idsOfBot(projectId: string, botId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom("eval_cases")
      .select("id")
      .where("project_id", "=", projectId)
      .where("bot_id", "=", botId)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    return rows.map((row) => row.id);
  }

  async countOfBot(projectId: string, botId: string): Promise<number> {
    const row = await this.db
      .selectFrom("eval_cases")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("project_id", "=", projectId)
      .where("bot_id", "=", botId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async update(
    projectId: string,
    id: string,
    patch: Omit<Updateable<EvalCasesTable>, "id" | "project_id" | "bot_id">,
  ): Promise<void> {
    await this.db
      .updateTable("eval_cases")
      .set(patch)
      .where("project_id", "=", projectId)
      .where("id", "=", id)
      .execute();
  }

  /** Whether it was there to delete. */
  async delete(projectId: string, botId: string, id: string): Promise<boolean> {
    const deleted = await this.db
      .deleteFrom("eval_cases")
      .where("project_id", "=", projectId)
      .where("bot_id", "=", botId)
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(deleted.numDeletedRows) > 0;
  }
}
