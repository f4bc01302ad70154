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
    pricing: z
      .object({
        input_usd_per_million: z.number(),
        output_usd_per_million: z.number(),
        input_credits_per_million: z.number(),
        output_credits_per_million: z.number(),
      })
      .describe(
        "What a reply costs: its input and output tokens at these prices, in credits at PARLEY_CREDITS_PER_USD (docs/billing.md).",
      ),
    configured: z.boolean().describe("Whether this server has credentials for the model's provider."),
  })
  .meta({ id: "Model" });
