import type { z } from "zod";
import type { VendorDefinition } from "../contract/vendor.js";
import { googleAuthDataSchema } from "./auth-data.js";
import { googleOAuth } from "./oauth.js";
import { googleProfile } from "./profile.js";
import { googleTools } from "./tools/index.js";

/**
 * Google, connected by OAuth (docs/oauth.md, "Google"): no messages; its tools read and write the
 * account's calendar (docs/oauth-tools.md), and its profile is the signed-in account.
 */
export const google = {
  id: "google",
  authData: googleAuthDataSchema,
  oauth: googleOAuth,
  profile: googleProfile,
  tools: googleTools,
} satisfies VendorDefinition<"google", z.infer<typeof googleAuthDataSchema>>;
