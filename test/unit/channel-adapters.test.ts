import { describe, expect, it } from "vitest";
import type { ChannelContext } from "../../src/modules/integrations/channel-adapter.js";
import {
  adapterFor,
  authDataSchemas,
  CHANNEL_ADAPTERS,
  INTEGRATION_VENDORS,
  parseAuthData,
} from "../../src/modules/integrations/registry.js";

describe("the channel adapter registry", () => {
  it("has one adapter per vendor, each under its own id, with its auth_data schema", () => {
    expect(Object.keys(CHANNEL_ADAPTERS).sort()).toEqual([...INTEGRATION_VENDORS].sort());
    for (const vendor of INTEGRATION_VENDORS) {
      expect(adapterFor(vendor).vendor).toBe(vendor);
      expect(authDataSchemas[vendor]).toBe(adapterFor(vendor).authData);
    }
  });

  it("validates auth_data through the vendor's adapter", () => {
    expect(parseAuthData("telegram", { token: "123:abc" })).toEqual({ token: "123:abc" });
    expect(() => parseAuthData("telegram", { token: "has spaces" })).toThrow(/auth_data.token/);
    expect(() => parseAuthData("parley", { unexpected: 1 })).toThrow(/unknown field/);
  });

  it("the parley channel answers with the integration's own identity and sends nothing to a vendor", async () => {
    const context: ChannelContext<Record<string, never>> = {
      integration: { id: "int_123", name: "Website" },
      authData: {},
      state: {},
      saveState: () => {},
      settings: {},
      apiBaseUrl: "http://127.0.0.1:9",
      hookUrl: "http://127.0.0.1:9/hooks/parley/int_123",
      fetch: () => Promise.reject(new Error("the parley channel makes no vendor call")),
    };
    const parley = adapterFor("parley");
    expect(await parley.profile(context)).toEqual({ id: "int_123", name: "Website" });
    expect("send" in parley).toBe(false);
  });
});
