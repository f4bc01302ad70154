import { amocrm } from "./amocrm/index.js";
import { avito } from "./avito/index.js";
import { bitrix24 } from "./bitrix24/index.js";
import type { VendorDefinition, VendorOAuth } from "./contract/vendor.js";
import { facebook } from "./facebook/index.js";
import { github } from "./github/index.js";
import { google } from "./google/index.js";
import { instagram } from "./instagram/index.js";
import { parley } from "./parley/index.js";
import { tbank } from "./tbank/index.js";
import { telegram } from "./telegram/index.js";
import { vk } from "./vk/index.js";
import { whatsapp } from "./whatsapp/index.js";
import { yandex } from "./yandex/index.js";

/**
 * Every vendor, in the documented order (docs/api.md): the one list a new vendor is added to
 * (docs/development.md, "Adding a vendor"). The vendor enum, the integration request schemas,
 * the configuration's variables and the OAuth table all derive from it.
 */
export const VENDORS = [
  telegram,
  whatsapp,
  vk,
  instagram,
  facebook,
  github,
  google,
  yandex,
  amocrm,
  bitrix24,
  avito,
  tbank,
  parley,
] as const;

/** A vendor's definition, its credentials' type forgotten: how the services see every vendor. */
export type Vendor = VendorDefinition<VendorId>;
export type VendorId = (typeof VENDORS)[number]["id"];
/** The vendors that connect by OAuth (docs/oauth.md). */
export type OAuthVendorId = Extract<(typeof VENDORS)[number], { oauth: VendorOAuth }>["id"];

export const VENDOR_IDS: readonly VendorId[] = VENDORS.map((vendor) => vendor.id);

const byId = new Map<string, Vendor>(VENDORS.map((vendor) => [vendor.id, vendor as unknown as Vendor]));

export function isVendorId(id: string): id is VendorId {
  return byId.has(id);
}

/** The definition of a vendor; throws for an id no vendor has (a stored row from a removed vendor). */
export function vendorOf(id: string): Vendor {
  const vendor = byId.get(id);
  if (!vendor) throw new Error(`unknown vendor '${id}'`);
  return vendor;
}

/** The vendors that connect by OAuth, each with its OAuth capability. */
export const OAUTH_VENDORS = VENDORS.flatMap((vendor) =>
  "oauth" in vendor && vendor.oauth ? [{ id: vendor.id as OAuthVendorId, oauth: vendor.oauth }] : [],
);

export function isOAuthVendor(id: string): id is OAuthVendorId {
  return OAUTH_VENDORS.some((vendor) => vendor.id === id);
}
