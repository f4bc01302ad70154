import type { z } from "zod";
import type { ChannelAdapter } from "../../channel-adapter.js";
import { bitrix24AuthDataSchema } from "./auth-data.js";

/**
 * The Bitrix24 channel. Today: its `auth_data`, validated on create and update. Receiving
 * and sending messages arrive with the channels work (docs/development.md, "A new vendor").
 */
export const bitrix24Adapter = {
  vendor: "bitrix24",
  authData: bitrix24AuthDataSchema,
} satisfies ChannelAdapter<z.infer<typeof bitrix24AuthDataSchema>>;
