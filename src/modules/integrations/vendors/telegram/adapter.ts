import type { z } from "zod";
import type { ChannelAdapter } from "../../channel-adapter.js";
import { telegramAuthDataSchema } from "./auth-data.js";

/**
 * The Telegram channel. Today: its `auth_data`, validated on create and update. Receiving
 * and sending messages arrive with the channels work (docs/development.md, "A new vendor").
 */
export const telegramAdapter = {
  vendor: "telegram",
  authData: telegramAuthDataSchema,
} satisfies ChannelAdapter<z.infer<typeof telegramAuthDataSchema>>;
