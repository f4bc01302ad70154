/**
 * What the console knows of vendors beyond the OpenAPI document (which gives their credential
 * forms, useVendorForms.ts). Plain data with no imports: test/architecture/console-vendor-facts.test.ts
 * holds it to the server's vendor definitions (src/vendors/<id>/index.ts).
 */

/** The web widget's channel, also the channel used through the Parley API (docs/widget.md). */
export const WIDGET_VENDOR = "parley";

/**
 * Vendors with no account at the vendor to look up ("Check profile" means nothing): those with no
 * `profile` in their definition, and the widget's, whose "profile" is the integration itself.
 */
export const VENDORS_WITHOUT_PROFILE: ReadonlySet<string> = new Set([WIDGET_VENDOR, "tbank"]);

export function hasVendorProfile(vendor: string): boolean {
  return !VENDORS_WITHOUT_PROFILE.has(vendor);
}
