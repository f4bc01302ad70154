import { type Expression, type Kysely, type RawBuilder, type Selectable, sql } from "kysely";
import { RecentCache } from "../../lib/recent-cache.js";
import type { Dialect } from "../database.js";
import { dialectOf } from "../dialect.js";
import { type PreparedQuery, preparedQuery } from "../prepared-query.js";
import type { Database } from "../schema.js";
import type { AnalyticsHourlyTable, AnalyticsThreadsTable } from "../schema-analytics.js";

export type AnalyticsThreadRow = Selectable<AnalyticsThreadsTable>;

/** An hourly row's key: whose hour it is (`*` for every bot or every channel: ANALYTICS_ALL). */
export interface RollupKey {
  projectId: string;
  botId: string;
  channel: string;
  hour: number;
}

/** The counted columns of an hourly row. */
export const HOURLY_COUNTS = [
  "conversations",
  "resolved",
  "handed_off",
  "user_messages",
  "bot_messages",
  "operator_messages",
  "bot_replies",
  "failed_replies",
  "feedback_up",
  "feedback_down",
  "cost",
] as const satisfies ReadonlyArray<keyof AnalyticsHourlyTable>;

/** The keyed counts of an hourly row: JSON objects of name to count. */
export const KEYED_COUNTS = [
  "tool_calls",
  "failures",
  "handoffs",
  "frt_bot",
  "frt_people",
] as const satisfies ReadonlyArray<keyof AnalyticsHourlyTable>;

export type HourlyCount = (typeof HOURLY_COUNTS)[number];
export type KeyedCount = (typeof KEYED_COUNTS)[number];
export type HourlyCounts = Record<HourlyCount, number>;
export type KeyedCounts = Record<KeyedCount, Record<string, number>>;

/** An hour's keyed counts as read. */
export interface KeyedRow extends KeyedCounts {
  hour: number;
}

/** A local day's counts, and the sum of its rows' versions (see AnalyticsHourlyTable). */
export interface DailyCounts extends HourlyCounts {
  day: number;
  version: number;
}

/**
 * A stretch of hours [fromHour, toHour) in which a time zone's offset from UTC is `offsetMinutes`:
 * an hour belongs to the local day `floor((hour * 60 + offsetMinutes) / 1440)` (days since
 * 1970-01-01).
 */
export interface OffsetSegment {
  fromHour: number;
  toHour: number;
  offsetMinutes: number;
}

/** Whose rows: one bot's, one channel's, both, or the project's (`*`, ANALYTICS_ALL). */
export interface RollupLevel {
  projectId: string;
  botId: string;
  channel: string;
}

const channelOfChat = preparedQuery<{ chatId: string }, { channel: string }>((db, arg) =>
  db
    .selectFrom("chats")
    .leftJoin("integrations", "integrations.id", "chats.integration_id")
    .select((eb) => eb.fn.coalesce("integrations.vendor", sql<string>`'api'`).as("channel"))
    .where("chats.id", "=", arg("chatId")),
);

const findThread = preparedQuery<{ projectId: string; threadId: string }, AnalyticsThreadRow>((db, arg) =>
  db
    .selectFrom("analytics_threads")
    .selectAll()
    .where("project_id", "=", arg("projectId"))
    .where("thread_id", "=", arg("threadId")),
);

const saveThread = preparedQuery<AnalyticsThreadRow, never>((db, arg) =>
  db
    .insertInto("analytics_threads")
    .values({
      project_id: arg("project_id"),
      thread_id: arg("thread_id"),
      hour: arg("hour"),
      bot_id: arg("bot_id"),
      channel: arg("channel"),
      mode: arg("mode"),
      bot_replied: arg("bot_replied"),
      handed_off: arg("handed_off"),
      bot_waiting_since: arg("bot_waiting_since"),
      people_waiting_since: arg("people_waiting_since"),
    })
    .onConflict((oc) =>
      oc.columns(["project_id", "thread_id"]).doUpdateSet((eb) => ({
        hour: eb.ref("excluded.hour"),
        bot_id: eb.ref("excluded.bot_id"),
        channel: eb.ref("excluded.channel"),
        mode: eb.ref("excluded.mode"),
        bot_replied: eb.ref("excluded.bot_replied"),
        handed_off: eb.ref("excluded.handed_off"),
        bot_waiting_since: eb.ref("excluded.bot_waiting_since"),
        people_waiting_since: eb.ref("excluded.people_waiting_since"),
      })),
    ),
);

/**
 * Two JSON objects of counts added key by key, in SQL: what a row holds plus what an upsert
 * brings (left as it is when the upsert brings nothing).
 */
function mergedCounts(dialect: Dialect, column: KeyedCount): RawBuilder<string> {
  const held = sql.ref(`analytics_hourly.${column}`);
  const added = sql.ref(`excluded.${column}`);
  const sum =
    dialect === "postgres"
      ? sql`(select coalesce(jsonb_object_agg(key, total), '{}'::jsonb)::text from (select key, sum(value::bigint) as total
          from (select key, value from jsonb_each_text(${held}::jsonb)
            union all select key, value from jsonb_each_text(${added}::jsonb)) parts group by key) sums)`
      : sql`(select coalesce(json_group_object(key, total), '{}') from (select key, sum(value) as total
          from (select key, value from json_each(${held})
            union all select key, value from json_each(${added})) group by key))`;
  return sql<string>`case when ${added} = '{}' then ${held} else ${sum} end`;
}

/** Rows one upsert statement writes at most (a change's rows are written in such chunks). */
const ROWS_PER_STATEMENT = 8;

/**
 * Adds to `n` hourly rows in one statement, creating them at zero first: race-free on both
 * dialects (each row is locked by its upsert, in the order given). Arguments are named
 * `<column>_<i>`; one prepared statement per row count.
 */
const addHourlyOf = new RecentCache<number, PreparedQuery<Record<string, unknown>, never>>(
  ROWS_PER_STATEMENT,
);

function addHourlyStatement(n: number): PreparedQuery<Record<string, unknown>, never> {
  return addHourlyOf.get(n, () =>
    preparedQuery<Record<string, unknown>, never>((db, arg) => {
      const dialect = dialectOf(db);
      const value = (column: string, i: number) => arg(`${column}_${i}`) as never;
      return db
        .insertInto("analytics_hourly")
        .values(
          Array.from({ length: n }, (_, i) => ({
            project_id: value("project_id", i),
            bot_id: value("bot_id", i),
            channel: value("channel", i),
            hour: value("hour", i),
            ...(Object.fromEntries(
              [...HOURLY_COUNTS, ...KEYED_COUNTS].map((column) => [column, value(column, i)]),
            ) as unknown as HourlyCounts & Record<KeyedCount, string>),
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(["project_id", "bot_id", "channel", "hour"])
            .doUpdateSet(
              (eb) =>
                Object.fromEntries([
                  ...HOURLY_COUNTS.map((column) => [
                    column,
                    eb(eb.ref(`analytics_hourly.${column}`), "+", eb.ref(`excluded.${column}`)),
                  ]),
                  ...KEYED_COUNTS.map((column) => [
                    column,
                    mergedCounts(dialect, column) as Expression<string>,
                  ]),
                  ["version", eb(eb.ref("analytics_hourly.version"), "+", 1)],
                ]) as never,
            ),
        );
    }),
  );
}

/** A row's increments: counts, and keyed counts by name. */
export interface HourlyIncrement {
  key: RollupKey;
  counts: HourlyCounts;
  keyed: KeyedCounts;
}

const keyedRows = preparedQuery<
  { projectId: string; botId: string; channel: string; fromHour: number; toHour: number },
  Pick<Selectable<AnalyticsHourlyTable>, "hour" | KeyedCount>
>((db, arg) =>
  db
    .selectFrom("analytics_hourly")
    .select(["hour", ...KEYED_COUNTS])
    .where("project_id", "=", arg("projectId"))
    .where("bot_id", "=", arg("botId"))
    .where("channel", "=", arg("channel"))
    .where("hour", ">=", arg("fromHour"))
    .where("hour", "<", arg("toHour"))
    .where((eb) => eb.or(KEYED_COUNTS.map((column) => eb(column, "!=", "{}"))))
    .orderBy("hour"),
);

/**
 * Analytics' rollups (docs/quality.md, "Analytics"): increments in the caller's transaction,
 * and the rows of a range of hours. Rules (what counts, when, and into which rows) live in
 * modules/analytics.
 */
export class AnalyticsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The chat's integration vendor, `api` for a chat without one; undefined for no such chat. */
  async channelOfChat(chatId: string): Promise<string | undefined> {
    return (await channelOfChat.first(this.db, { chatId }))?.channel;
  }

  findThread(projectId: string, threadId: string): Promise<AnalyticsThreadRow | undefined> {
    return findThread.first(this.db, { projectId, threadId });
  }

  async saveThread(row: AnalyticsThreadRow): Promise<void> {
    await saveThread.all(this.db, row);
  }

  /** Adds counts and keyed counts to rows (negative counts take away), in the order given. */
  async addHourly(rows: readonly HourlyIncrement[]): Promise<void> {
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
      const args: Record<string, unknown> = {};
      for (const [i, { key, counts, keyed }] of chunk.entries()) {
        args[`project_id_${i}`] = key.projectId;
        args[`bot_id_${i}`] = key.botId;
        args[`channel_${i}`] = key.channel;
        args[`hour_${i}`] = key.hour;
        for (const column of HOURLY_COUNTS) args[`${column}_${i}`] = counts[column];
        for (const column of KEYED_COUNTS) args[`${column}_${i}`] = JSON.stringify(keyed[column]);
      }
      await addHourlyStatement(chunk.length).all(this.db, args);
    }
  }

  /**
   * The counts of a level's rows summed by local day (see OffsetSegment), with the sum of their
   * versions; days without rows are absent.
   */
  async dailyCounts(level: RollupLevel, segments: readonly OffsetSegment[]): Promise<DailyCounts[]> {
    const first = segments[0];
    const last = segments.at(-1);
    if (!first || !last) throw new Error("no segments");
    const rows = await sql<Record<string, number | string>>`select ${dayOf(segments)} as day, ${sql.join(
      [...HOURLY_COUNTS, "version" as const].map(
        (column) => sql`sum(${sql.ref(column)}) as ${sql.ref(column)}`,
      ),
    )}
      from analytics_hourly
      where project_id = ${level.projectId} and bot_id = ${level.botId} and channel = ${level.channel}
        and hour >= ${int(first.fromHour)} and hour < ${int(last.toHour)}
      group by 1 order by 1`.execute(this.db);
    return rows.rows.map((row) => {
      const out = { day: Number(row.day), version: Number(row.version) } as DailyCounts;
      for (const column of HOURLY_COUNTS) out[column] = Number(row[column] ?? 0);
      return out;
    });
  }

  /** The keyed counts of a level's hours [fromHour, toHour), hours without any left out. */
  async keyedRows(level: RollupLevel, fromHour: number, toHour: number): Promise<KeyedRow[]> {
    const rows = await keyedRows.all(this.db, { ...level, fromHour, toHour });
    return rows.map((row) => {
      const out = { hour: Number(row.hour) } as KeyedRow;
      for (const column of KEYED_COUNTS) out[column] = row[column] === "{}" ? {} : JSON.parse(row[column]);
      return out;
    });
  }
}

/** Integers only, as bound parameters cast to integer (PostgreSQL cannot type a bare one in CASE). */
function int(value: number): RawBuilder<number> {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return sql<number>`cast(${value} as integer)`;
}

/** The local day of a row's hour: the segment's offset added to the hour's start, in whole days. */
function dayOf(segments: readonly OffsetSegment[]): RawBuilder<number> {
  const last = segments.at(-1)!;
  const offset =
    segments.length === 1
      ? int(last.offsetMinutes)
      : sql`case ${sql.join(
          segments
            .slice(0, -1)
            .map((segment) => sql`when hour < ${int(segment.toHour)} then ${int(segment.offsetMinutes)}`),
          sql` `,
        )} else ${int(last.offsetMinutes)} end`;
  return sql<number>`((hour * 60 + ${offset}) / 1440)`;
}
