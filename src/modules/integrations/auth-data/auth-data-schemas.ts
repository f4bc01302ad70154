import type { z } from "zod";
import { type ErrorDetail, validationFailed } from "../../../infra/errors.js";
import type { IntegrationVendor } from "../../../storage/schema-integrations.js";
import { amocrmAuthDataSchema } from "./amocrm.js";
import { avitoAuthDataSchema } from "./avito.js";
import { bitrix24AuthDataSchema } from "./bitrix24.js";
import { facebookAuthDataSchema, instagramAuthDataSchema } from "./meta.js";
import { githubAuthDataSchema, googleAuthDataSchema, yandexAuthDataSchema } from "./oauth-app.js";
import { parleyAuthDataSchema } from "./parley.js";
import { tbankAuthDataSchema } from "./tbank.js";
import { telegramAuthDataSchema } from "./telegram.js";
import { vkAuthDataSchema } from "./vk.js";
import { whatsappAuthDataSchema } from "./whatsapp.js";

/** The 13 vendors (DECISIONS §Integration vendors), in the documented order. */
export const INTEGRATION_VENDORS = [
  "telegram",
  "whatsapp",
  "vk",
  "instagram",
  "facebook",
  "github",
  "google",
  "yandex",
  "amocrm",
  "bitrix24",
  "avito",
  "tbank",
  "parley",
] as const satisfies readonly IntegrationVendor[];

/** One schema per vendor; the mapped type makes a missing vendor a compile error. */
export const authDataSchemas = {
  telegram: telegramAuthDataSchema,
  whatsapp: whatsappAuthDataSchema,
  vk: vkAuthDataSchema,
  instagram: instagramAuthDataSchema,
  facebook: facebookAuthDataSchema,
  github: githubAuthDataSchema,
  google: googleAuthDataSchema,
  yandex: yandexAuthDataSchema,
  amocrm: amocrmAuthDataSchema,
  bitrix24: bitrix24AuthDataSchema,
  avito: avitoAuthDataSchema,
  tbank: tbankAuthDataSchema,
  parley: parleyAuthDataSchema,
} satisfies { [V in IntegrationVendor]: z.ZodType<Record<string, unknown>> };

export type AuthDataOf<V extends IntegrationVendor> = z.infer<(typeof authDataSchemas)[V]>;

function detailOf(issue: z.core.$ZodIssue): ErrorDetail {
  const base = ["auth_data", ...issue.path.map(String)].join(".");
  if (issue.code === "unrecognized_keys") {
    return {
      path: issue.keys.map((key) => `${base}.${key}`).join(", "),
      message: `unknown field${issue.keys.length > 1 ? "s" : ""}`,
    };
  }
  return { path: base, message: issue.message };
}

/**
 * Validates auth_data against the vendor's schema; a problem is 422 `validation_failed` with
 * paths `auth_data.<field>`, the same shape the route schemas give.
 */
export function parseAuthData<V extends IntegrationVendor>(vendor: V, input: unknown): AuthDataOf<V> {
  const result = authDataSchemas[vendor].safeParse(input);
  if (!result.success) throw validationFailed(result.error.issues.map(detailOf));
  return result.data as AuthDataOf<V>;
}
