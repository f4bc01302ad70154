import { z } from "zod";
import { apiUrlSetting, type VendorDefinition } from "../contract/vendor.js";
import { bitrix24AuthDataSchema } from "./auth-data.js";
import { setUpBitrix24Bot, tearDownBitrix24Bot } from "./bot.js";
import { parseBitrix24Inbound } from "./inbound.js";
import { bitrix24OAuth } from "./oauth.js";
import { bitrix24Profile } from "./profile.js";
import { sendBitrix24Message, sendBitrix24Typing } from "./send.js";
import { BITRIX24_FILES, sendBitrix24File } from "./send-file.js";
import { bitrix24CreateDealTool } from "./tools/create-deal.js";

/**
 * The Bitrix24 channel: a chat bot (`imbot`) of the portal's application, answering in chats
 * and open lines (pictures and files as rich attachments, send-file.ts), and the
 * `bitrix24_create_deal` tool (docs/channels.md, "Bitrix24"). Calls use
 * the OAuth connection (`context.oauth`, docs/oauth.md); events are checked by the application
 * token. Route keys: `message_type` (`P` private, `C` group chat, `L` open line, …) and `line_id`
 * (the open line; empty elsewhere); the conversation id is the event's `DIALOG_ID`. State keys:
 * `bot_id`, `application_token`, `member_id` (state.ts).
 */
export const bitrix24 = {
  id: "bitrix24",
  authData: bitrix24AuthDataSchema,
  settings: apiUrlSetting("PARLEY_BITRIX24_API_URL", z.url().optional()),
  channel: {
    routeKeys: ["message_type", "line_id"],
    // Bitrix24 cuts messages above 20 000 characters; parts stay well below (docs/channels.md).
    textLimit: { max: 10_000, unit: "chars" },
    markup: "bbcode",
    parseInbound: parseBitrix24Inbound,
    send: sendBitrix24Message,
    files: BITRIX24_FILES,
    sendFile: sendBitrix24File,
    sendTyping: sendBitrix24Typing,
    setUpWebhook: setUpBitrix24Bot,
    tearDownWebhook: tearDownBitrix24Bot,
  },
  oauth: bitrix24OAuth,
  profile: bitrix24Profile,
  tools: [bitrix24CreateDealTool],
} satisfies VendorDefinition<"bitrix24", z.infer<typeof bitrix24AuthDataSchema>>;
