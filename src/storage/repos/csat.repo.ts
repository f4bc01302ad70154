import { type Kysely, type Selectable, sql } from "kysely";
import type { Database } from "../schema.js";
import type { CsatSettingsTable, CsatSurveysTable } from "../schema-csat.js";

export type CsatSettingsRow = Selectable<CsatSettingsTable>;
export type CsatSurveyRow = Selectable<CsatSurveysTable>;

/** A group of answered surveys: its key (an operator id or a bot id; null: no operator), count, sum, per rating. */
export interface CsatGroupRow {
  key: string | null;
  name: string | null;
  rating: number;
  count: number;
}

/** CSAT (docs/csat.md): each project's survey setting and the surveys asked in its threads. */
export class CsatRepo {
  constructor(private readonly db: Kysely<Database>) {}

  findSettings(projectId: string): Promise<CsatSettingsRow | undefined> {
    return this.db
      .selectFrom("csat_settings")
      .selectAll()
      .where("project_id", "=", projectId)
      .executeTakeFirst();
  }

  async saveSettings(row: CsatSettingsRow): Promise<void> {
    await this.db
      .insertInto("csat_settings")
      .values(row)
      .onConflict((oc) =>
        oc.column("project_id").doUpdateSet({ settings: row.settings, updated_at: row.updated_at }),
      )
      .execute();
  }

  /**
   * Stores a new asked survey unless the thread already has one waiting (the partial unique
   * index decides between parallel resolutions): true when this one was stored.
   */
  async insertAsked(row: CsatSurveyRow): Promise<boolean> {
    const inserted = await this.db
      .insertInto("csat_surveys")
      .values(row)
      .onConflict((oc) =>
        oc.columns(["project_id", "thread_id"]).where(sql.ref("state"), "=", sql.lit("asked")).doNothing(),
      )
      .returning("id")
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async setMessage(projectId: string, id: string, messageId: string): Promise<void> {
    await this.db
      .updateTable("csat_surveys")
      .set({ message_id: messageId })
      .where("project_id", "=", projectId)
      .where("id", "=", id)
      .execute();
  }

  /** The thread's survey waiting for an answer, if any. */
  findAsked(projectId: string, threadId: string): Promise<CsatSurveyRow | undefined> {
    return this.db
      .selectFrom("csat_surveys")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("thread_id", "=", threadId)
      .where("state", "=", "asked")
      .executeTakeFirst();
  }

  /** The thread's newest survey (any state). */
  latest(projectId: string, threadId: string): Promise<CsatSurveyRow | undefined> {
    return this.db
      .selectFrom("csat_surveys")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("thread_id", "=", threadId)
      .orderBy("asked_at", "desc")
      .orderBy("id", "desc")
      .executeTakeFirst();
  }

  /**
   * Answers the survey if it is still waiting: the conditional update is what makes parallel
   * answers record one rating. Undefined when another answer (or an expiry) came first.
   */
  answer(
    projectId: string,
    id: string,
    fields: { rating: number; comment: string | null; answered_at: string },
  ): Promise<CsatSurveyRow | undefined> {
    return this.db
      .updateTable("csat_surveys")
      .set({ ...fields, state: "answered" })
      .where("project_id", "=", projectId)
      .where("id", "=", id)
      .where("state", "=", "asked")
      .returningAll()
      .executeTakeFirst();
  }

  /** Rates a thread's latest survey again or stores a rating given elsewhere (the API). */
  async insertAnswered(row: CsatSurveyRow): Promise<void> {
    await this.db.insertInto("csat_surveys").values(row).execute();
  }

  async expire(projectId: string, id: string): Promise<void> {
    await this.db
      .updateTable("csat_surveys")
      .set({ state: "expired" })
      .where("project_id", "=", projectId)
      .where("id", "=", id)
      .where("state", "=", "asked")
      .execute();
  }

  /** Answered surveys, newest answer first, after the cursor (answered_at, id). */
  listAnswered(
    projectId: string,
    options: { from?: string; to?: string; limit: number; after?: { at: string; id: string } },
  ): Promise<CsatSurveyRow[]> {
    let query = this.db
      .selectFrom("csat_surveys")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("state", "=", "answered");
    if (options.from) query = query.where("answered_at", ">=", options.from);
    if (options.to) query = query.where("answered_at", "<", options.to);
    const after = options.after;
    if (after) {
      query = query.where((eb) =>
        eb.or([
          eb("answered_at", "<", after.at),
          eb.and([eb("answered_at", "=", after.at), eb("id", "<", after.id)]),
        ]),
      );
    }
    return query.orderBy("answered_at", "desc").orderBy("id", "desc").limit(options.limit).execute();
  }

  /** Counts of answered surveys per group and rating in [from, to). */
  async distribution(
    projectId: string,
    groupBy: "operator" | "bot",
    range: { from?: string; to?: string },
  ): Promise<CsatGroupRow[]> {
    const keyColumn = groupBy === "operator" ? "operator_id" : "bot_id";
    let query = this.db
      .selectFrom("csat_surveys")
      .select((eb) => [
        eb.ref(keyColumn).as("key"),
        eb.fn.max("operator_name").as("name"),
        "rating",
        eb.fn.countAll<number>().as("count"),
      ])
      .where("project_id", "=", projectId)
      .where("state", "=", "answered");
    if (range.from) query = query.where("answered_at", ">=", range.from);
    if (range.to) query = query.where("answered_at", "<", range.to);
    const rows = await query.groupBy([keyColumn, "rating"]).execute();
    return rows.map((row) => ({
      key: row.key as string | null,
      name: groupBy === "operator" ? ((row.name as string | null) ?? null) : null,
      rating: Number(row.rating),
      count: Number(row.count),
    }));
  }
}
