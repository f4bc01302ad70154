import type { z } from "zod";
import type { VendorDefinition } from "../contract/vendor.js";
import { googleAuthDataSchema } from "./auth-data.js";
import { googleOAuth } from "./oauth.js";
import { googleProfile } from "./profile.js";
import { googleTools } from "./tools/index.js";

/**
 * The Google channel. Today: its `auth_data`, validated on create and update. Receiving
 * and sending messages arrive with the channels work (docs/development.md, "A new vendor").
 */
export const google = {
  id: "google",
  authData: googleAuthDataSchema,
  oauth: googleOAuth,
  profile: googleProfile,
  tools: googleTools,
} satisfies VendorDefinition<"google", z.infer<typeof googleAuthDataSchema>>;
