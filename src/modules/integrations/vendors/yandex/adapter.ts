import type { z } from "zod";
import type { ChannelAdapter } from "../../channel-adapter.js";
import { yandexAuthDataSchema } from "./auth-data.js";

/**
 * The Yandex channel. Today: its `auth_data`, validated on create and update. Receiving
 * and sending messages arrive with the channels work (docs/development.md, "A new vendor").
 */
export const yandexAdapter = {
  vendor: "yandex",
  authData: yandexAuthDataSchema,
} satisfies ChannelAdapter<z.infer<typeof yandexAuthDataSchema>>;
