import { z } from "zod";
import { apiUrlSetting, type VendorDefinition } from "../contract/vendor.js";
import { telegramAuthDataSchema } from "./auth-data.js";
import { fetchTelegramFile } from "./fetch-file.js";
import { parseTelegramInbound } from "./inbound.js";
import { sendTelegramText, sendTelegramTyping } from "./outbound.js";
import { telegramProfile } from "./profile.js";
import { TELEGRAM_ROUTE_KEYS } from "./route.js";
import { sendTelegramFile } from "./send-file.js";
import { setUpTelegramWebhook, tearDownTelegramWebhook } from "./webhook.js";

/**
 * The Telegram channel over the Bot API (docs/channels.md, "Telegram"): webhook registered by
 * API with a generated secret, private chats and groups, replies in Telegram's HTML of up to 4096
 * UTF-16 code units (counted after the HTML is parsed) with inline keyboard buttons, pictures and files, typing, the
 * bot's profile and file downloads.
 */
export const telegram = {
  id: "telegram",
  authData: telegramAuthDataSchema,
  settings: apiUrlSetting("PARLEY_TELEGRAM_API_URL", z.url().default("https://api.telegram.org")),
  channel: {
    routeKeys: TELEGRAM_ROUTE_KEYS,
    textLimit: { max: 4096, unit: "utf16" },
    markup: "telegram-html",
    // An inline keyboard holds up to 100 buttons [unconfirmed]; Parley offers at most 10 anyway.
    buttons: { max: 100, labelMax: 64, links: true },
    parseInbound: parseTelegramInbound,
    send: sendTelegramText,
    // Pictures and files, uploaded (docs/channels.md, "Files"); captions of up to 1024 characters.
    files: { captionMax: 1024 },
    sendFile: sendTelegramFile,
    sendTyping: sendTelegramTyping,
    setUpWebhook: setUpTelegramWebhook,
    tearDownWebhook: tearDownTelegramWebhook,
  },
  profile: telegramProfile,
  fetchFile: fetchTelegramFile,
} satisfies VendorDefinition<"telegram", z.infer<typeof telegramAuthDataSchema>>;
