import { z } from "zod";
import { authDataObject } from "../shared/fields.js";

/**
 * Telegram Bot API. The token becomes part of every Bot API URL path
 * (`/bot<token>/<method>`), so only the characters a BotFather token uses are accepted.
 * `webhook_secret` is sent back by Telegram in `X-Telegram-Bot-Api-Secret-Token` and must be
 * 1–256 characters of `A-Za-z0-9_-` (docs/api.md "auth_data per vendor", setWebhook `secret_token`).
 */
export const telegramAuthDataSchema = authDataObject({
  token: z
    .string({ error: (issue) => (issue.input === undefined ? "required" : "must be a string") })
    .max(256, "must be at most 256 characters")
    .regex(/^[A-Za-z0-9:_-]+$/, "must be the bot token from @BotFather (`<bot id>:<secret>`)")
    .describe("Bot token from @BotFather, `<bot id>:<secret>`."),
  webhook_secret: z
    .string({ error: "must be a string" })
    .regex(/^[A-Za-z0-9_-]{1,256}$/, "must be 1 to 256 characters of A-Z, a-z, 0-9, _ and -")
    .optional()
    .describe("`secret_token` for setWebhook; checked on every inbound update."),
}).meta({ id: "TelegramAuthData" });
