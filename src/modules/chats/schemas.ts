import { z } from "zod";
import { freeFormObjectSchema, resourceNameSchema } from "../../infra/common-schemas.js";

export const chatStatusSchema = z.enum(["active", "disabled", "error"]).meta({ id: "ChatStatus" });

const settingsObjectSchema = z.record(z.string(), z.unknown(), { error: "must be a JSON object" });
/** Settings as a client sends them: bounded in depth and size. */
const settingsInputSchema = freeFormObjectSchema();

const botVersionSchema = z
  .enum(["published", "draft"])
  .describe(
    'Which version of the bot answers: `published`, or its `draft` (the published one while it has none): a chat to try changes in before they go live (docs/quality.md, "Versions").',
  );

export const chatSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    bot_id: z.string(),
    integration_id: z.string().nullable(),
    status: chatStatusSchema,
    project_id: z.string(),
    settings: settingsObjectSchema.describe("Chat settings, as last sent."),
    bot_version: botVersionSchema,
    created_at: z.string().describe("ISO 8601, UTC"),
    updated_at: z.string().describe("ISO 8601, UTC"),
    events_24h: z
      .number()
      .int()
      .describe("Messages (of every role) in the chat's threads created in the last 24 hours."),
  })
  .meta({ id: "Chat" });

export type Chat = z.infer<typeof chatSchema>;

const name = resourceNameSchema.describe("Unique within the integration.");
const botId = z.string().min(1, "must not be empty").max(128).describe("A bot of the same project.");

export const createChatBodySchema = z.strictObject({
  bot_id: botId,
  name,
  settings: settingsInputSchema.optional().describe("Default `{}`."),
  bot_version: botVersionSchema.optional().describe("Default `published`."),
});

export type CreateChatInput = z.infer<typeof createChatBodySchema>;

export const updateChatBodySchema = z.strictObject({
  name: name.optional(),
  bot_id: botId.optional(),
  settings: settingsInputSchema.optional().describe("Replaces the whole settings object."),
  bot_version: botVersionSchema.optional(),
});

export type UpdateChatInput = z.infer<typeof updateChatBodySchema>;

export const setChatStatusBodySchema = z.strictObject({
  status: z
    .enum(["active", "disabled"], { error: "must be active or disabled (error is set by the service)" })
    .describe("`error` is set only by the service."),
});

export const chatParamsSchema = z.object({ chat_id: z.string().max(128) });
export const integrationChatsParamsSchema = z.object({ id: z.string().max(128) });
export const integrationChatParamsSchema = z.object({
  id: z.string().max(128),
  chat_id: z.string().max(128),
});
