import { z } from "zod";
import type { VendorSettings } from "../contract/vendor.js";

/**
 * Meta's Graph API serves WhatsApp, Messenger and Instagram alike: one host and one version for
 * the three (`PARLEY_GRAPH_API_URL`, `PARLEY_GRAPH_API_VERSION`), the versioned base their calls use.
 */
export const graphApiSettings: VendorSettings = {
  env: {
    PARLEY_GRAPH_API_URL: z.url().default("https://graph.facebook.com"),
    PARLEY_GRAPH_API_VERSION: z
      .string()
      .regex(/^v\d+\.\d+$/, "must look like v21.0")
      .default("v21.0"),
  },
  read: (env) => ({
    apiBaseUrl: `${String(env.PARLEY_GRAPH_API_URL).replace(/\/+$/, "")}/${String(env.PARLEY_GRAPH_API_VERSION)}`,
  }),
};
