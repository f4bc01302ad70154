import type { z } from "zod";
import type { ChannelAdapter } from "../../channel-adapter.js";
import { instagramAuthDataSchema } from "./auth-data.js";

/**
 * The Instagram channel. Today: its `auth_data`, validated on create and update. Receiving
 * and sending messages arrive with the channels work (docs/development.md, "A new vendor").
 */
export const instagramAdapter = {
  vendor: "instagram",
  authData: instagramAuthDataSchema,
} satisfies ChannelAdapter<z.infer<typeof instagramAuthDataSchema>>;
