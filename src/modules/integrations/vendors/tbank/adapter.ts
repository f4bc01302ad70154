import type { z } from "zod";
import type { ChannelAdapter } from "../../channel-adapter.js";
import { tbankAuthDataSchema } from "./auth-data.js";

/**
 * The Tbank channel. Today: its `auth_data`, validated on create and update. Receiving
 * and sending messages arrive with the channels work (docs/development.md, "A new vendor").
 */
export const tbankAdapter = {
  vendor: "tbank",
  authData: tbankAuthDataSchema,
} satisfies ChannelAdapter<z.infer<typeof tbankAuthDataSchema>>;
