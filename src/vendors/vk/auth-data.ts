import { z } from "zod";
import { authDataObject, credential } from "../shared/fields.js";

/** VK community messages (docs/api.md "auth_data per vendor"): a community token, and the Callback API values. */
export const vkAuthDataSchema = authDataObject({
  access_token: credential("Community (group) access token with the messages permission."),
  group_id: z
    .number({ error: "must be a positive integer" })
    .int("must be a positive integer")
    .positive("must be a positive integer")
    .optional()
    .describe("Community id; needed for Bots Long Poll and the Callback API confirmation."),
  confirmation_code: z
    .string({ error: "must be a string" })
    .min(1, "must not be empty")
    .max(256, "must be at most 256 characters")
    .optional()
    .describe("String the Callback API `confirmation` event must be answered with."),
  secret: credential("Callback API secret key; VK sends it in the body of every event.").optional(),
}).meta({ id: "VkAuthData" });

export type VkAuthData = z.infer<typeof vkAuthDataSchema>;
