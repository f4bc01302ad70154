import * as all from "./all.js";
import type { VendorDefinition, VendorOAuth } from "./contract/vendor.js";

/** Each vendor's definition with its own types (its id, its credentials, its capabilities). */
export type DefinedVendor = (typeof all)[keyof typeof all];

/**
 * Every vendor (all.ts lists them, one line each), in alphabetical order of their ids. The
 * vendor enum, the integration request schemas, the configuration's variables and the OAuth
 * table all derive from it.
 */
export const VENDORS: readonly DefinedVendor[] = Object.values(all).sort((a, b) => a.id.localeCompare(b.id));

/** A vendor's definition, its credentials' type forgotten: how the services see every vendor. */
export type Vendor = VendorDefinition<VendorId>;
export type VendorId = DefinedVendor["id"];
/** The vendors that connect by OAuth (docs/oauth.md). */
export type OAuthVendorId = Extract<DefinedVendor, { oauth: VendorOAuth }>["id"];

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
