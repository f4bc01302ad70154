import { z } from "zod";
import { resourceNameSchema } from "../../infra/common-schemas.js";

export const botStatusSchema = z.enum(["active", "disabled", "error"]).meta({ id: "BotStatus" });

export const botSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    status: botStatusSchema,
    project_id: z.string(),
    published_version: z
      .number()
      .describe('The version that answers customers (docs/quality.md, "Versions").'),
    draft_version: z
      .number()
      .nullable()
      .describe("The draft's version; null when there are no unpublished changes."),
    publish_requires_evals: z
      .boolean()
      .describe(
        "Publishing needs a passing evaluation run of exactly the settings published; live settings changes are refused.",
      ),
    created_at: z.string().describe("ISO 8601, UTC"),
    updated_at: z.string().describe("ISO 8601, UTC"),
  })
  .meta({ id: "Bot" });

export type Bot = z.infer<typeof botSchema>;

const name = resourceNameSchema;
const description = z.string().max(2000, "must be at most 2000 characters").nullable();

export const createBotBodySchema = z.strictObject({ name, description: description.optional() });
export const updateBotBodySchema = z.strictObject({
  name: name.optional(),
  description: description.optional(),
  publish_requires_evals: z
    .boolean()
    .optional()
    .describe('Block publishing until the evaluations pass (docs/quality.md, "The publish gate").'),
});
export const setBotStatusBodySchema = z.strictObject({ status: botStatusSchema });
export const cloneBotBodySchema = z
  .strictObject({ name: name.optional().describe("Name of the copy; default `<name> (copy)`.") })
  .nullish();

export const botParamsSchema = z.object({ bot_id: z.string().max(128) });
