import type { z } from "zod";
import type { ChannelAdapter } from "../../channel-adapter.js";
import { facebookAuthDataSchema } from "./auth-data.js";

/**
 * The Facebook channel. Today: its `auth_data`, validated on create and update. Receiving
 * and sending messages arrive with the channels work (docs/development.md, "A new vendor").
 */
export const facebookAdapter = {
  vendor: "facebook",
  authData: facebookAuthDataSchema,
} satisfies ChannelAdapter<z.infer<typeof facebookAuthDataSchema>>;
