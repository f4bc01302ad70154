import { z } from "zod";

export const modelSchema = z
  .object({
    id: z.string().describe("Catalog id, `<provider>/<model_name>`: the value for `ai.model.id`."),
    provider: z.string(),
    name: z.string().describe("The provider's own model name."),
    note: z.string().nullable(),
    context_window: z.number().int().describe("Context window in tokens."),
    images: z
      .boolean()
      .describe("Whether the model reads images: photos a customer sends on a channel are given to it."),
    configured: z.boolean().describe("Whether this server has credentials for the model's provider."),
  })
  .meta({ id: "Model" });
