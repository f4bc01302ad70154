import type { z } from "zod";
import { type ErrorDetail, validationFailed } from "../../infra/errors.js";
import type { IntegrationVendor } from "../../storage/schema-integrations.js";
import type { ChannelAdapter } from "./channel-adapter.js";
import { amocrmAdapter } from "./vendors/amocrm/adapter.js";
import { avitoAdapter } from "./vendors/avito/adapter.js";
import { bitrix24Adapter } from "./vendors/bitrix24/adapter.js";
import { facebookAdapter } from "./vendors/facebook/adapter.js";
import { githubAdapter } from "./vendors/github/adapter.js";
import { googleAdapter } from "./vendors/google/adapter.js";
import { instagramAdapter } from "./vendors/instagram/adapter.js";
import { parleyAdapter } from "./vendors/parley/adapter.js";
import { tbankAdapter } from "./vendors/tbank/adapter.js";
import { telegramAdapter } from "./vendors/telegram/adapter.js";
import { vkAdapter } from "./vendors/vk/adapter.js";
import { whatsappAdapter } from "./vendors/whatsapp/adapter.js";
import { yandexAdapter } from "./vendors/yandex/adapter.js";

/** The 13 vendors (docs/api.md), in the documented order. */
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

/**
 * Vendor id -> channel adapter: the one table a new vendor is added to (docs/development.md).
 * The mapped type makes a missing vendor a compile error, and each adapter must name its own id.
 */
export const CHANNEL_ADAPTERS = {
  telegram: telegramAdapter,
  whatsapp: whatsappAdapter,
  vk: vkAdapter,
  instagram: instagramAdapter,
  facebook: facebookAdapter,
  github: githubAdapter,
  google: googleAdapter,
  yandex: yandexAdapter,
  amocrm: amocrmAdapter,
  bitrix24: bitrix24Adapter,
  avito: avitoAdapter,
  tbank: tbankAdapter,
  parley: parleyAdapter,
} satisfies { [V in IntegrationVendor]: ChannelAdapter & { vendor: V } };

/** The adapter of a vendor. */
export function adapterFor<V extends IntegrationVendor>(vendor: V): (typeof CHANNEL_ADAPTERS)[V] {
  return CHANNEL_ADAPTERS[vendor];
}

/** The adapter of a vendor as the service sees it: the interface, capabilities optional. */
export function channelOf(vendor: IntegrationVendor): ChannelAdapter {
  return CHANNEL_ADAPTERS[vendor] as ChannelAdapter;
}

type AuthDataSchemas = { [V in IntegrationVendor]: (typeof CHANNEL_ADAPTERS)[V]["authData"] };

/** Each vendor's `auth_data` schema, as its adapter declares it. */
export const authDataSchemas = Object.fromEntries(
  INTEGRATION_VENDORS.map((vendor) => [vendor, CHANNEL_ADAPTERS[vendor].authData]),
) as AuthDataSchemas;

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
