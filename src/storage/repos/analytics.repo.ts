import { type Kysely, type RawBuilder, type Selectable, sql } from "kysely";
import { preparedQuery } from "../prepared-query.js";
import type { Database } from "../schema.js";
import type { AnalyticsHourlyTable, AnalyticsThreadsTable } from "../schema-analytics.js";

export type AnalyticsThreadRow = Selectable<AnalyticsThreadsTable>;

/** The rollup row's key: whose hour it is. */
export interface RollupKey {
  projectId: string;
  hour: number;
  botId: string;
  channel: string;
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

export type HourlyCount = (typeof HOURLY_COUNTS)[number];
export type HourlyCounts = Record<HourlyCount, number>;

/**
 * A stretch of hours [fromHour, toHour) in which a time zone's offset from UTC is `offsetMinutes`:
 * an hour belongs to the local day its start falls in, `floor((hour * 60 + offset) / 1440)` days
 * after 1970-01-01.
 */
export interface OffsetSegment {
  fromHour: number;
  toHour: number;
  offsetMinutes: number;
}

export interface RollupQuery {
  projectId: string;
  /** In order, adjoining, covering the range; at least one. */
  segments: readonly OffsetSegment[];
  botId?: string | undefined;
  channel?: string | undefined;
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

type HourlyArgs = { project_id: string; hour: number; bot_id: string; channel: string } & HourlyCounts;

/** Adds to an hourly row, creating it at zero first: race-free on both dialects. */
const addHourly = preparedQuery<HourlyArgs, never>((db, arg) =>
  db
    .insertInto("analytics_hourly")
    .values({
      project_id: arg("project_id"),
      hour: arg("hour"),
      bot_id: arg("bot_id"),
      channel: arg("channel"),
      ...(Object.fromEntries(HOURLY_COUNTS.map((column) => [column, arg(column)])) as HourlyCounts),
    })
    .onConflict((oc) =>
      oc
        .columns(["project_id", "hour", "bot_id", "channel"])
        .doUpdateSet(
          (eb) =>
            Object.fromEntries(
              HOURLY_COUNTS.map((column) => [
                column,
                eb(eb.ref(`analytics_hourly.${column}`), "+", eb.ref(`excluded.${column}`)),
              ]),
            ) as never,
        ),
    ),
);

type CounterArgs = {
  project_id: string;
  hour: number;
  bot_id: string;
  channel: string;
  metric: string;
  key: string;
  n: number;
};

const addCounter = preparedQuery<CounterArgs, never>((db, arg) =>
  db
    .insertInto("analytics_counters")
    .values({
      project_id: arg("project_id"),
      hour: arg("hour"),
      bot_id: arg("bot_id"),
      channel: arg("channel"),
      metric: arg("metric"),
      key: arg("key"),
      n: arg("n"),
    })
    .onConflict((oc) =>
      oc
        .columns(["project_id", "hour", "bot_id", "channel", "metric", "key"])
        .doUpdateSet((eb) => ({ n: eb(eb.ref("analytics_counters.n"), "+", eb.ref("excluded.n")) })),
    ),
);

export interface DailyHourlyRow extends HourlyCounts {
  day: number;
}

export interface DailyCounterRow {
  day: number;
  metric: string;
  key: string;
  n: number;
}

/**
 * Analytics' rollups (docs/quality.md, "Analytics"): increments in the caller's transaction,
 * and sums by local day. Rules (what counts, when) live in modules/analytics.
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

  /** Adds `counts` to the key's hourly row (negative counts take away). */
  async addHourly(key: RollupKey, counts: HourlyCounts): Promise<void> {
    await addHourly.all(this.db, {
      project_id: key.projectId,
      hour: key.hour,
      bot_id: key.botId,
      channel: key.channel,
      ...counts,
    });
  }

  async addCounter(key: RollupKey, metric: string, counterKey: string, n: number): Promise<void> {
    await addCounter.all(this.db, {
      project_id: key.projectId,
      hour: key.hour,
      bot_id: key.botId,
      channel: key.channel,
      metric,
      key: counterKey,
      n,
    });
  }

  /** The hourly rows summed by local day (see OffsetSegment); days without rows are absent. */
  async dailyTotals(query: RollupQuery): Promise<DailyHourlyRow[]> {
    const day = dayOf(query.segments);
    const rows = await sql<Record<string, number | string>>`select ${day} as day, ${sql.join(
      HOURLY_COUNTS.map((column) => sql`sum(${sql.ref(column)}) as ${sql.ref(column)}`),
    )}
      from analytics_hourly where ${whereOf(query)}
      group by 1 order by 1`.execute(this.db);
    return rows.rows.map((row) => {
      const out = { day: Number(row.day) } as DailyHourlyRow;
      for (const column of HOURLY_COUNTS) out[column] = Number(row[column] ?? 0);
      return out;
    });
  }

  /** The keyed counts summed by local day, metric and key; zero sums are left out. */
  async dailyCounters(query: RollupQuery): Promise<DailyCounterRow[]> {
    const day = dayOf(query.segments);
    const rows = await sql<{ day: number | string; metric: string; key: string; n: number | string }>`
      select ${day} as day, metric, ${sql.ref("key")}, sum(n) as n
      from analytics_counters where ${whereOf(query)}
      group by 1, metric, ${sql.ref("key")}`.execute(this.db);
    return rows.rows
      .map((row) => ({ day: Number(row.day), metric: row.metric, key: row.key, n: Number(row.n) }))
      .filter((row) => row.n !== 0);
  }
}

/** Integers only, as bound parameters cast to integer (PostgreSQL cannot type a bare one in CASE). */
function int(value: number): RawBuilder<number> {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return sql<number>`cast(${value} as integer)`;
}

/** The local day of a row's hour: the segment's offset added to the hour's start, in whole days. */
function dayOf(segments: readonly OffsetSegment[]): RawBuilder<number> {
  const last = segments.at(-1);
  if (!last) throw new Error("no segments");
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

function whereOf(query: RollupQuery): RawBuilder<unknown> {
  const first = query.segments[0];
  const last = query.segments.at(-1);
  if (!first || !last) throw new Error("no segments");
  const conditions = [
    sql`project_id = ${query.projectId}`,
    sql`hour >= ${int(first.fromHour)}`,
    sql`hour < ${int(last.toHour)}`,
  ];
  if (query.botId !== undefined) conditions.push(sql`bot_id = ${query.botId}`);
  if (query.channel !== undefined) conditions.push(sql`channel = ${query.channel}`);
  return sql.join(conditions, sql` and `);
}
