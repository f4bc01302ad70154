import { type Kysely, type Migration, type RawBuilder, sql } from "kysely";
import type { Dialect } from "../database.js";
import { columnTypes } from "./column-types.js";

/**
 * Conversation analytics (docs/quality.md, "Analytics"): hourly rollups per bot and channel
 * and summed over them (`*`), and what analytics remembers of each thread (schema-analytics.ts).
 * The listener keeps them up to date from here on; what happened before is filled in here, from
 * what the database still holds (docs/quality.md, "Analytics", "Conversations before analytics"):
 * - each thread's state: its start hour, bot and channel; replied to by the AI (a bot message
 *   that answers, i.e. has `reply_to_seq`); handed off (taken over by a person or a key, a
 *   `handoff_to_operator` call in its messages, or in mode `manual`/`operator` now);
 * - hourly rows: conversations, resolved and handed-off threads in their start hour; messages by
 *   author (AI messages with text only) and AI replies in their hour; the cost of the replies
 *   billing charged (what it collected); hand-over reasons (`operator`, `api`, `tool`, or
 *   `unknown`).
 * Failed replies, tool usage, first response times and feedback were not kept in a form this
 * can read: they count from the migration on.
 */
export function analytics(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  const count = dialect === "postgres" ? "bigint" : "integer";
  const hourOf = (column: string): RawBuilder<number> =>
    dialect === "postgres"
      ? sql<number>`cast(floor(extract(epoch from ${sql.ref(column)}) / 3600) as bigint)`
      : sql<number>`(cast(strftime('%s', ${sql.ref(column)}) as integer) / 3600)`;
  const jsonObject = (key: string, value: string): RawBuilder<string> =>
    dialect === "postgres"
      ? sql<string>`jsonb_object_agg(${sql.ref(key)}, ${sql.ref(value)})::text`
      : sql<string>`json_group_object(${sql.ref(key)}, ${sql.ref(value)})`;
  return {
    async up(db: Kysely<unknown>) {
      let hourly = db.schema
        .createTable("analytics_hourly")
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("bot_id", "text", (c) => c.notNull())
        .addColumn("channel", "text", (c) => c.notNull())
        .addColumn("hour", count, (c) => c.notNull());
      for (const column of HOURLY_COUNTS) {
        hourly = hourly.addColumn(column, count, (c) => c.notNull().defaultTo(0));
      }
      for (const column of KEYED_COUNTS) {
        hourly = hourly.addColumn(column, "text", (c) => c.notNull().defaultTo("{}"));
      }
      hourly = hourly.addColumn("version", count, (c) => c.notNull().defaultTo(1));
      // On SQLite the rows are stored in key order (WITHOUT ROWID): a range of hours is read in
      // one pass, without a lookup per row from the key's index into the table.
      await hourly
        .addPrimaryKeyConstraint("analytics_hourly_pk", ["project_id", "bot_id", "channel", "hour"])
        .$call((table) => (dialect === "sqlite" ? table.modifyEnd(sql`without rowid`) : table))
        .execute();

      await db.schema
        .createTable("analytics_threads")
        .addColumn("project_id", "text", (c) => c.notNull())
        .addColumn("thread_id", "text", (c) => c.notNull())
        .addColumn("hour", count, (c) => c.notNull())
        .addColumn("bot_id", "text", (c) => c.notNull())
        .addColumn("channel", "text", (c) => c.notNull())
        .addColumn("mode", "text", (c) => c.notNull())
        .addColumn("bot_replied", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("handed_off", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("bot_waiting_since", t.timestamp)
        .addColumn("people_waiting_since", t.timestamp)
        .addPrimaryKeyConstraint("analytics_threads_pk", ["project_id", "thread_id"])
        .addForeignKeyConstraint(
          "analytics_threads_thread_fk",
          ["project_id", "thread_id"],
          "threads",
          ["project_id", "id"],
          (fk) => fk.onDelete("cascade"),
        )
        .execute();

      await backfill(db, hourOf, jsonObject);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("analytics_threads").execute();
      await db.schema.dropTable("analytics_hourly").execute();
    },
  };
}

const HOURLY_COUNTS = [
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
] as const;

const KEYED_COUNTS = ["tool_calls", "failures", "handoffs", "frt_bot", "frt_people"] as const;

/** Each row once per bot and channel, per bot, per channel and for the project (`*`). */
const LEVELS = sql`(select 1 as by_bot, 1 as by_channel union all select 1, 0
  union all select 0, 1 union all select 0, 0) levels`;
const BOT = sql`case when levels.by_bot = 1 then bot_id else '*' end`;
const CHANNEL = sql`case when levels.by_channel = 1 then channel else '*' end`;

/** What happened before the migration, in three statements (see the migration's comment). */
async function backfill(
  db: Kysely<unknown>,
  hourOf: (column: string) => RawBuilder<number>,
  jsonObject: (key: string, value: string) => RawBuilder<string>,
) {
  const answered = sql`exists (select 1 from messages m where m.project_id = t.project_id
    and m.thread_id = t.id and m.author = 'bot' and m.role = 'assistant' and m.reply_to_seq is not null)`;
  const handoffCall = sql`exists (select 1 from messages m where m.project_id = t.project_id
    and m.thread_id = t.id and m.role = 'assistant' and m.parts like '%"toolName":"handoff_to_operator"%')`;
  await sql`insert into analytics_threads
      (project_id, thread_id, hour, bot_id, channel, mode, bot_replied, handed_off)
    select t.project_id, t.id, ${hourOf("t.created_at")}, t.bot_id, coalesce(i.vendor, 'api'), t.mode,
      case when ${answered} then 1 else 0 end,
      case when t.taken_over_at is not null or t.mode in ('manual', 'operator') or ${handoffCall}
        then 1 else 0 end
    from threads t
    join chats c on c.id = t.chat_id
    left join integrations i on i.id = c.integration_id`.execute(db);

  const columns = sql.raw(HOURLY_COUNTS.join(", "));
  const sums = sql.raw(HOURLY_COUNTS.map((column) => `sum(${column})`).join(", "));
  await sql`insert into analytics_hourly (project_id, bot_id, channel, hour, ${columns})
    select project_id, ${BOT} as level_bot, ${CHANNEL} as level_channel, hour, ${sums}
    from (
      select project_id, hour, bot_id, channel, 1 as conversations,
        case when bot_replied = 1 and handed_off = 0 then 1 else 0 end as resolved,
        handed_off, 0 as user_messages, 0 as bot_messages, 0 as operator_messages, 0 as bot_replies,
        0 as failed_replies, 0 as feedback_up, 0 as feedback_down, 0 as cost
      from analytics_threads
      union all
      select m.project_id, ${hourOf("m.created_at")}, s.bot_id, s.channel, 0, 0, 0,
        case when m.author = 'user' then 1 else 0 end,
        case when m.author = 'bot' then 1 else 0 end,
        case when m.author = 'operator' then 1 else 0 end,
        case when m.author = 'bot' and m.role = 'assistant' and m.reply_to_seq is not null then 1 else 0 end,
        0, 0, 0, 0
      from messages m
      join analytics_threads s on s.project_id = m.project_id and s.thread_id = m.thread_id
      where m.role <> 'tool' and (m.author <> 'bot' or trim(m.content) <> '')
      union all
      select b.project_id, ${hourOf("b.created_at")}, s.bot_id, s.channel, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        -b.amount
      from billing_transactions b
      join messages m on m.id = b.reference
      join analytics_threads s on s.project_id = m.project_id and s.thread_id = m.thread_id
      where b.type = 'charge' and b.project_id = m.project_id
    ) rows
    cross join ${LEVELS}
    group by project_id, level_bot, level_channel, hour`.execute(db);

  // Every hand-over's start hour has its row by now: the reasons are set on it.
  await sql`insert into analytics_hourly (project_id, bot_id, channel, hour, handoffs)
    select project_id, level_bot, level_channel, hour, ${jsonObject("reason", "n")} from (
      select project_id, ${BOT} as level_bot, ${CHANNEL} as level_channel, hour, reason, count(*) as n
      from (
        select s.project_id, s.bot_id, s.channel, s.hour,
          case
            when t.taken_over_by like '%"type":"operator"%' then 'operator'
            when t.taken_over_by like '%"type":"api_key"%' then 'api'
            when ${handoffCall} then 'tool'
            else 'unknown'
          end as reason
        from analytics_threads s
        join threads t on t.project_id = s.project_id and t.id = s.thread_id
        where s.handed_off = 1
      ) handed
      cross join ${LEVELS}
      group by project_id, level_bot, level_channel, hour, reason
    ) reasons
    where true
    group by project_id, level_bot, level_channel, hour
    on conflict (project_id, bot_id, channel, hour) do update set handoffs = excluded.handoffs`.execute(db);
}
