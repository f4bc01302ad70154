import type { z } from "zod";
import type { ChannelAdapter } from "../../channel-adapter.js";
import { githubAuthDataSchema } from "./auth-data.js";
import { githubProfile } from "./profile.js";
import { githubTools } from "./tools/index.js";

/**
 * The Github channel. Today: its `auth_data`, validated on create and update. Receiving
 * and sending messages arrive with the channels work (docs/development.md, "A new vendor").
 */
export const githubAdapter = {
  vendor: "github",
  authData: githubAuthDataSchema,
  profile: githubProfile,
  tools: githubTools,
} satisfies ChannelAdapter<z.infer<typeof githubAuthDataSchema>>;
