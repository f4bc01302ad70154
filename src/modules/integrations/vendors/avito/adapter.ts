import type { z } from "zod";
import type { ChannelAdapter } from "../../channel-adapter.js";
import { avitoAuthDataSchema } from "./auth-data.js";

/**
 * The Avito channel. Today: its `auth_data`, validated on create and update. Receiving
 * and sending messages arrive with the channels work (docs/development.md, "A new vendor").
 */
export const avitoAdapter = {
  vendor: "avito",
  authData: avitoAuthDataSchema,
} satisfies ChannelAdapter<z.infer<typeof avitoAuthDataSchema>>;
