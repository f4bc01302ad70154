import type { Kysely } from "kysely";
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
  botSettings: string;
}

export async function loadAnswerContext(
  db: Kysely<Database>,
  projectId: string,
  chatId: string,
): Promise<AnswerContext | undefined> {
  const row = await db
    .selectFrom("chats")
    .innerJoin("bots", "bots.id", "chats.bot_id")
    .leftJoin("integrations", "integrations.id", "chats.integration_id")
    .select([
      "chats.id as chatId",
      "chats.status as chatStatus",
      "chats.integration_id as integrationId",
      "integrations.status as integrationStatus",
      "integrations.vendor as integrationVendor",
      "bots.id as botId",
      "bots.status as botStatus",
      "bots.settings as botSettings",
    ])
    .where("chats.project_id", "=", projectId)
    .where("chats.id", "=", chatId)
    .executeTakeFirst();
  return row;
}

/** Why the AI will not answer in this context, or null when it will (DECISIONS §Initial states and rules). */
export function whyNotAnswering(context: AnswerContext | undefined, mode: string): string | null {
  if (!context) return "chat_missing";
  if (mode !== "auto") return `mode_${mode}`;
  if (context.chatStatus !== "active") return "chat_not_active";
  if (context.botStatus !== "active") return "bot_not_active";
  if (context.integrationId !== null && context.integrationStatus !== "active")
    return "integration_not_active";
  return null;
}
