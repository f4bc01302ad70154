import type { z } from "zod";
import type { VendorDefinition } from "../contract/vendor.js";
import { githubAuthDataSchema } from "./auth-data.js";
import { githubOAuth } from "./oauth.js";
import { githubProfile } from "./profile.js";
import { githubTools } from "./tools/index.js";

/**
 * GitHub, connected by OAuth (docs/oauth.md, "GitHub"): no messages; its tools file issues
 * (docs/oauth-tools.md) with the integration's token, and its profile is the token's user.
 */
export const github = {
  id: "github",
  authData: githubAuthDataSchema,
  oauth: githubOAuth,
  profile: githubProfile,
  tools: githubTools,
} satisfies VendorDefinition<"github", z.infer<typeof githubAuthDataSchema>>;
