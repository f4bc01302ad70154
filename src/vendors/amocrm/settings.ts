import { z } from "zod";
import type { VendorSettings } from "../contract/vendor.js";

/**
 * amoCRM's Chats API (docs/channels.md, "amoCRM"): its host, and the channel the server's
 * operator registered with amoCRM, given to every call as `vendorConfig` when both its id and
 * secret are set.
 */
export const amocrmSettings: VendorSettings = {
  env: {
    PARLEY_AMOJO_API_URL: z.url().default("https://amojo.amocrm.ru"),
    PARLEY_AMOCRM_CHANNEL_ID: z.string().optional(),
    PARLEY_AMOCRM_CHANNEL_SECRET: z.string().optional(),
  },
  read: (env, problems) => {
    const apiBaseUrl = String(env.PARLEY_AMOJO_API_URL).replace(/\/+$/, "");
    const id = env.PARLEY_AMOCRM_CHANNEL_ID as string | undefined;
    const secret = env.PARLEY_AMOCRM_CHANNEL_SECRET as string | undefined;
    if (Boolean(id) !== Boolean(secret)) {
      problems.push("PARLEY_AMOCRM_CHANNEL_ID and PARLEY_AMOCRM_CHANNEL_SECRET: set both or neither");
    }
    if (!id || !secret) return { apiBaseUrl };
    return { apiBaseUrl, vendorConfig: { channel_id: id, channel_secret: secret } };
  },
};
