import { describe, expect, it } from "vitest";
import { hasVendorProfile, WIDGET_VENDOR } from "../../console/src/features/channels/vendor-facts.js";
import * as vendors from "../../src/vendors/all.js";

/**
 * The console offers "Check profile" only where the vendor has an account to look up
 * (console/src/features/channels/vendor-facts.ts): a vendor added or changed on the server
 * must not leave the console's list behind.
 */
describe("the console's vendor facts", () => {
  const all = Object.values(vendors) as Array<{ id: string; profile?: unknown }>;

  it("offer a profile check exactly for vendors with a profile of their own", () => {
    for (const vendor of all) {
      const ownProfile = typeof vendor.profile === "function" && vendor.id !== WIDGET_VENDOR;
      expect(hasVendorProfile(vendor.id), vendor.id).toBe(ownProfile);
    }
  });

  it("name a widget vendor the server has", () => {
    expect(all.map((vendor) => vendor.id)).toContain(WIDGET_VENDOR);
  });
});
