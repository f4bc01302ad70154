import type { z } from "zod";
import type { VendorDefinition } from "../contract/vendor.js";
import { githubAuthDataSchema } from "./auth-data.js";
import { githubOAuth } from "./oauth.js";
import { githubProfile } from "./profile.js";
import { githubTools } from "./tools/index.js";

/**
 * The Github channel. Today: its `auth_data`, validated on create and update. Receiving
 * and sending messages arrive with the channels work (docs/development.md, "A new vendor").
 */
export const github = {
  id: "github",
  authData: githubAuthDataSchema,
  oauth: githubOAuth,
  profile: githubProfile,
  tools: githubTools,
} satisfies VendorDefinition<"github", z.infer<typeof githubAuthDataSchema>>;
