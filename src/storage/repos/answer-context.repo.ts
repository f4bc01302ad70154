import type { Kysely } from "kysely";
import { preparedQuery } from "../prepared-query.js";
import type { Database } from "../schema.js";

/** The statuses that decide whether the AI may answer in a chat, read in one query. */
export interface AnswerContext {
  chatId: string;
  chatStatus: string;
  integrationId: string | null;
  integrationStatus: string | null;
  integrationVendor: string | null;
  botId: string;
  botStatus: string;
  /** The published settings, JSON. */
  botSettings: string;
  botPublishedVersion: number;
  botDraftVersion: number | null;
  /** Which of the bot's versions answers in the chat (docs/quality.md, "Versions"). */
  chatBotVersion: "published" | "draft";
  /** The project's `credits + bonus` in millicredits; null before its billing account exists. */
  balance: number | null;
}

/** The row as the driver returns it: PostgreSQL's sum of bigints may come back as a string. */
type AnswerContextRow = Omit<AnswerContext, "balance"> & { balance: number | string | null };

/** The chat, bot and integration statuses (and the bot's settings) behind a chat. */
export async function loadAnswerContext(
  db: Kysely<Database>,
  projectId: string,
  chatId: string,
): Promise<AnswerContext | undefined> {
  const row = await answerContextQuery.first(db, { projectId, chatId });
  return row && { ...row, balance: row.balance === null ? null : Number(row.balance) };
}

const answerContextQuery = preparedQuery<{ projectId: string; chatId: string }, AnswerContextRow>((db, arg) =>
  db
    .selectFrom("chats")
    .innerJoin("bots", "bots.id", "chats.bot_id")
    .leftJoin("integrations", "integrations.id", "chats.integration_id")
    .leftJoin("billing_accounts", "billing_accounts.project_id", "chats.project_id")
    .select([
      "chats.id as chatId",
      "chats.status as chatStatus",
      "chats.integration_id as integrationId",
      "integrations.status as integrationStatus",
      "integrations.vendor as integrationVendor",
      "bots.id as botId",
      "bots.status as botStatus",
      "bots.settings as botSettings",
      "bots.published_version as botPublishedVersion",
      "bots.draft_version as botDraftVersion",
      "chats.bot_version as chatBotVersion",
    ])
    .select((eb) =>
      eb(eb.ref("billing_accounts.credits"), "+", eb.ref("billing_accounts.bonus")).as("balance"),
    )
    .where("chats.project_id", "=", arg("projectId"))
    .where("chats.id", "=", arg("chatId")),
);
