import type { z } from "zod";
import type { VendorContext } from "../contract/vendor-context.js";
import type { telegramAuthDataSchema } from "./auth-data.js";

/** A Telegram integration's `auth_data` once validated. */
export type TelegramAuthData = z.infer<typeof telegramAuthDataSchema>;

/** What every Telegram adapter call is given (docs/channels.md). */
export type TelegramContext = VendorContext<TelegramAuthData>;
