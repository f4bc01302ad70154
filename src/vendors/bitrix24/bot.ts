import { ChannelError, permanentFailure } from "../contract/channel-error.js";
import { asNumber, asRecord, asString } from "../shared/json-fields.js";
import { callBitrix24 } from "./rest-client.js";
import { type Bitrix24Context, botCode, readBitrix24State } from "./state.js";

/**
 * The bot's type on the portal (integration `settings.bot_type`, docs/channels.md "Bitrix24"):
 * `B` (the default) is a chat bot that also works in open lines (`OPENLINE: "Y"`): employees
 * can write to it and open lines can hand customers to it; `O` is a bot for open lines only.
 */
function botType(context: Bitrix24Context): "B" | "O" {
  const value = context.settings.bot_type;
  if (value === undefined || value === null || value === "B") return "B";
  if (value === "O") return "O";
  throw permanentFailure("invalid_settings", 'The integration\'s settings.bot_type must be "B" or "O".');
}

/** The handlers and profile Bitrix24 must use for the bot: every event to the integration's hook URL. */
function botFields(context: Bitrix24Context) {
  return {
    EVENT_MESSAGE_ADD: context.hookUrl,
    EVENT_WELCOME_MESSAGE: context.hookUrl,
    EVENT_BOT_DELETE: context.hookUrl,
    PROPERTIES: { NAME: context.integration.name.slice(0, 100) },
  };
}

/** The id of the bot with this integration's code among the application's bots, if it exists. */
async function findBot(context: Bitrix24Context): Promise<string | undefined> {
  const bots = asRecord(await callBitrix24(context, "imbot.bot.list")) ?? {};
  const code = botCode(context);
  for (const [key, value] of Object.entries(bots)) {
    const bot = asRecord(value);
    if (asString(bot?.CODE)?.toLowerCase() === code) return asNumber(bot?.ID)?.toString() ?? key;
  }
  return undefined;
}

/**
 * Registers the integration's chat bot on the portal (docs/channels.md, "Bitrix24"), or, when
 * the application already has it (set up again after new credentials, a reinstall, a changed
 * public URL), points its handlers at the hook URL again (`imbot.update`). Its id is saved as
 * `bot_id`. Needs the OAuth connection (`imbot` scope).
 */
export async function setUpBitrix24Bot(context: Bitrix24Context): Promise<void> {
  const type = botType(context);
  const existing = await findBot(context);
  if (existing) {
    await callBitrix24(context, "imbot.update", { BOT_ID: existing, FIELDS: botFields(context) });
    context.saveState({ bot_id: existing });
    return;
  }
  const registered = await callBitrix24(context, "imbot.register", {
    CODE: botCode(context),
    TYPE: type,
    OPENLINE: "Y",
    ...botFields(context),
  });
  const botId = asNumber(registered)?.toString();
  if (!botId) throw permanentFailure("vendor_rejected", "Bitrix24 imbot.register returned no bot id");
  context.saveState({ bot_id: botId });
}

/** Removes the bot from the portal (`imbot.unregister`); nothing when none was registered or it is gone already. */
export async function tearDownBitrix24Bot(context: Bitrix24Context): Promise<void> {
  const botId = readBitrix24State(context).bot_id;
  if (!botId || !context.oauth) return;
  try {
    await callBitrix24(context, "imbot.unregister", { BOT_ID: botId });
  } catch (error) {
    if (!(error instanceof ChannelError && error.code === "bot_not_registered")) throw error;
  }
  context.saveState({ bot_id: undefined });
}

/** The bot replies come from: the saved one, else found by its code and saved. */
export async function resolveBotId(context: Bitrix24Context): Promise<string> {
  const saved = readBitrix24State(context).bot_id;
  if (saved) return saved;
  const found = await findBot(context);
  if (!found) {
    throw permanentFailure(
      "bot_not_registered",
      "The Bitrix24 chat bot is not registered; set the integration active again to register it.",
    );
  }
  context.saveState({ bot_id: found });
  return found;
}
