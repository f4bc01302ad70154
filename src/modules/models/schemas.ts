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
    configured: z
      .boolean()
      .describe(
        "Whether this server can call the model: credentials for its provider; for an embedded (`local/…`) model, its file is here or can be downloaded.",
      ),
    local: z
      .object({
        installed: z.boolean().describe("Whether the model's file is on this server."),
        bytes: z
          .number()
          .int()
          .nullable()
          .describe("The file's size, or the download's expected size when known."),
        download: z
          .object({ received_bytes: z.number().int(), total_bytes: z.number().int().nullable() })
          .nullable()
          .describe("The download in progress, if any."),
        error: z.string().nullable().describe("Why the last download failed, until another starts."),
      })
      .nullable()
      .describe("Embedded models only (docs/local-models.md); null for models of a provider."),
  })
  .meta({ id: "Model" });
