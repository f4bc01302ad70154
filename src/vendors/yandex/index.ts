import { z } from "zod";
import { apiUrlSetting, type VendorDefinition } from "../contract/vendor.js";
import { yandexAuthDataSchema } from "./auth-data.js";
import { yandexOAuth } from "./oauth.js";
import { yandexProfile } from "./profile.js";
import { yandexTools } from "./tools/index.js";

/**
 * Yandex, connected by OAuth (docs/oauth.md, "Yandex"): no messages; its tools work in Yandex
 * Tracker (docs/oauth-tools.md, `PARLEY_YANDEX_TRACKER_API_URL`), its profile is Yandex ID's.
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
