import { describe, expect, it } from "vitest";
import { authDataSchemas, parseAuthData } from "../../src/modules/integrations/vendor-lookup.js";
import type { VendorContext } from "../../src/vendors/contract/vendor-context.js";
import { VENDOR_IDS, VENDORS, vendorOf } from "../../src/vendors/registry.js";

describe("the vendor registry", () => {
  it("has each vendor once, found by its id, with its auth_data schema", () => {
    expect(new Set(VENDOR_IDS).size).toBe(VENDORS.length);
    for (const vendor of VENDOR_IDS) {
      expect(vendorOf(vendor).id).toBe(vendor);
      expect(authDataSchemas[vendor]).toBe(vendorOf(vendor).authData);
    }
    expect(() => vendorOf("acme")).toThrow(/unknown vendor/);
  });

  it("validates auth_data through the vendor's definition", () => {
    expect(parseAuthData("telegram", { token: "123:abc" })).toEqual({ token: "123:abc" });
    expect(() => parseAuthData("telegram", { token: "has spaces" })).toThrow(/auth_data.token/);
    expect(() => parseAuthData("parley", { unexpected: 1 })).toThrow(/unknown field/);
  });

  it("the parley channel answers with the integration's own identity and sends nothing to a vendor", async () => {
    const context: VendorContext<Record<string, never>> = {
      integration: { id: "int_123", name: "Website" },
      authData: {},
      state: {},
      saveState: () => {},
      settings: {},
      apiBaseUrl: "http://127.0.0.1:9",
      hookUrl: "http://127.0.0.1:9/hooks/parley/int_123",
      fetch: () => Promise.reject(new Error("the parley channel makes no vendor call")),
    };
    const parley = vendorOf("parley");
    expect(await parley.profile?.(context)).toEqual({ id: "int_123", name: "Website" });
    expect(parley.channel?.send).toBeUndefined();
  });
});
