import type { z } from "zod";
import type { ChannelAdapter } from "../../channel-adapter.js";
import { amocrmAuthDataSchema } from "./auth-data.js";

/**
 * The Amocrm channel. Today: its `auth_data`, validated on create and update. Receiving
 * and sending messages arrive with the channels work (docs/development.md, "A new vendor").
 */
export const amocrmAdapter = {
  vendor: "amocrm",
  authData: amocrmAuthDataSchema,
} satisfies ChannelAdapter<z.infer<typeof amocrmAuthDataSchema>>;
