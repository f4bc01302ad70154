import { z } from "zod";
import { apiUrlSetting, type VendorDefinition } from "../contract/vendor.js";
import { yandexAuthDataSchema } from "./auth-data.js";
import { yandexOAuth } from "./oauth.js";
import { yandexProfile } from "./profile.js";
import { yandexTools } from "./tools/index.js";

/**
 * The Yandex channel. Today: its `auth_data`, validated on create and update. Receiving
 * and sending messages arrive with the channels work (docs/development.md, "A new vendor").
 */
export const yandex = {
  id: "yandex",
  authData: yandexAuthDataSchema,
  settings: apiUrlSetting(
    "PARLEY_YANDEX_TRACKER_API_URL",
    z.url().default("https://api.tracker.yandex.net/v2"),
  ),
  oauth: yandexOAuth,
  profile: yandexProfile,
  tools: yandexTools,
} satisfies VendorDefinition<"yandex", z.infer<typeof yandexAuthDataSchema>>;
