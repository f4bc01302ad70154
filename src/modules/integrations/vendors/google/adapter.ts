import type { z } from "zod";
import type { ChannelAdapter } from "../../channel-adapter.js";
import { googleAuthDataSchema } from "./auth-data.js";
import { googleProfile } from "./profile.js";
import { googleTools } from "./tools/index.js";

/**
 * The Google channel. Today: its `auth_data`, validated on create and update. Receiving
 * and sending messages arrive with the channels work (docs/development.md, "A new vendor").
 */
export const googleAdapter = {
  vendor: "google",
  authData: googleAuthDataSchema,
  profile: googleProfile,
  tools: googleTools,
} satisfies ChannelAdapter<z.infer<typeof googleAuthDataSchema>>;
