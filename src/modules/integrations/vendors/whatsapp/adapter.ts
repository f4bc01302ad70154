import type { z } from "zod";
import type { ChannelAdapter } from "../../channel-adapter.js";
import { whatsappAuthDataSchema } from "./auth-data.js";

/**
 * The Whatsapp channel. Today: its `auth_data`, validated on create and update. Receiving
 * and sending messages arrive with the channels work (docs/development.md, "A new vendor").
 */
export const whatsappAdapter = {
  vendor: "whatsapp",
  authData: whatsappAuthDataSchema,
} satisfies ChannelAdapter<z.infer<typeof whatsappAuthDataSchema>>;
