import type { z } from "zod";
import type { ParsedEnv } from "./vendors/contract/vendor.js";
import { VENDORS, type VendorId } from "./vendors/registry.js";

/**
 * Every vendor's own variables (`VendorDefinition.settings`), spread into config.ts's
 * environment schema: a vendor added to the registry brings its variables with it.
 */
export const vendorEnvShape: z.ZodRawShape = Object.assign(
  {},
  ...VENDORS.map((vendor) => ("settings" in vendor && vendor.settings ? vendor.settings.env : {})),
);

/** What each vendor made of its variables: API base URLs and server-wide vendor settings by vendor id. */
export function vendorSettingsOf(
  env: ParsedEnv,
  problems: string[],
): {
  apiUrls: Partial<Record<VendorId, string>>;
  config: Partial<Record<VendorId, Readonly<Record<string, string>>>>;
} {
  const apiUrls: Partial<Record<VendorId, string>> = {};
  const config: Partial<Record<VendorId, Readonly<Record<string, string>>>> = {};
  for (const vendor of VENDORS) {
    if (!("settings" in vendor) || !vendor.settings) continue;
    const read = vendor.settings.read(env, problems);
    if (read.apiBaseUrl !== undefined) apiUrls[vendor.id] = read.apiBaseUrl;
    if (read.vendorConfig !== undefined) config[vendor.id] = read.vendorConfig;
  }
  return { apiUrls, config };
}
