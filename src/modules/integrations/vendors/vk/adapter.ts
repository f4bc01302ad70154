import type { z } from "zod";
import type { ChannelAdapter } from "../../channel-adapter.js";
import { vkAuthDataSchema } from "./auth-data.js";

/**
 * The Vk channel. Today: its `auth_data`, validated on create and update. Receiving
 * and sending messages arrive with the channels work (docs/development.md, "A new vendor").
 */
export const vkAdapter = {
  vendor: "vk",
  authData: vkAuthDataSchema,
} satisfies ChannelAdapter<z.infer<typeof vkAuthDataSchema>>;
