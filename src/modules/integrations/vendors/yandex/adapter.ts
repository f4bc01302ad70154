import type { z } from "zod";
import type { ChannelAdapter } from "../../channel-adapter.js";
import { yandexAuthDataSchema } from "./auth-data.js";
import { yandexProfile } from "./profile.js";
import { yandexTools } from "./tools/index.js";

/**
 * The Yandex channel. Today: its `auth_data`, validated on create and update. Receiving
 * and sending messages arrive with the channels work (docs/development.md, "A new vendor").
 */
export const yandexAdapter = {
  vendor: "yandex",
  authData: yandexAuthDataSchema,
  profile: yandexProfile,
  tools: yandexTools,
} satisfies ChannelAdapter<z.infer<typeof yandexAuthDataSchema>>;
