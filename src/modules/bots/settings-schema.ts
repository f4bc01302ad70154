import { z } from "zod";

export const toolPolicySchema = z
  .enum(["auto", "user_approve", "operator_approve"])
  .describe(
    "`auto` runs at once; `user_approve` asks the end user; `operator_approve` waits for an operator.",
  );

export const toolNameSchema = z
  .string()
  .regex(
    /^(?:[a-z][a-z0-9_]{0,63}|mcp:[a-z][a-z0-9_-]{0,31}:[A-Za-z0-9_.-]{1,128})$/,
    "tool names are lowercase letters, digits and underscores, up to 64 characters, or mcp:<server>:<tool>",
  );

const range = (min: number, max: number) =>
  z.number().min(min, `must be between ${min} and ${max}`).max(max, `must be between ${min} and ${max}`);

const modelId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]*\/\S+$/, "must be a catalog id of the form <provider>/<model_name>")
  .describe("Catalog id `<provider>/<model_name>`; see GET /v1/models.");

/** Bounds of every model parameter; null means "unset: the provider's default". */
const modelParams = {
  temperature: range(0, 2).nullable(),
  max_tokens: z
    .number()
    .int("must be an integer")
    .positive("must be a positive integer")
    .max(1_000_000, "must be at most 1000000")
    .nullable(),
  top_p: range(0, 1).nullable(),
  frequency_penalty: range(-2, 2).nullable(),
  presence_penalty: range(-2, 2).nullable(),
};

const lastMessages = z
  .number()
  .int("must be an integer")
  .min(0, "must be between 0 and 100")
  .max(100, "must be between 0 and 100");

/** The vector stores `knowledge_search` searches (an addition to the API reference: docs/knowledge.md). */
const vectorStoreIds = z
  .array(z.string().regex(/^vs_[A-Za-z0-9]{1,64}$/, "must be a vector store id (vs_…)"))
  .max(10, "at most 10 vector stores")
  .describe("Vector stores of the project that the knowledge_search tool searches.");

/** What happens when the AI gives up on a reply (docs/agent.md, "When the AI cannot answer"). */
const failureHandoff = z
  .boolean()
  .describe(
    "When the AI gives up on a reply (model down after its retries, timeout, out of credits), switch the " +
      "thread to `manual` so operators answer the waiting messages. Default false.",
  );

/** Auto-resolve after inactivity (docs/conversations.md, "Status"); null is off. */
const autoResolveMinutes = z
  .number()
  .int("must be an integer")
  .min(10, "must be between 10 and 43200 (30 days)")
  .max(43_200, "must be between 10 and 43200 (30 days)")
  .nullable()
  .describe(
    "Resolve a conversation of this bot after this many minutes without a message (checked every few " +
      "minutes); null (the default) never does.",
  );

/** Speech-to-text for voice messages (docs/channels.md, "Voice"); null is off. */
const transcriptionModel = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]*\/\S+$/, "must be of the form <provider>/<model_name>, e.g. openai/whisper-1")
  .nullable()
  .describe(
    "Transcribe customers' voice and audio messages with this speech-to-text model before the bot " +
      "reads them, e.g. `openai/whisper-1`; null (the default) leaves them as placeholders.",
  );

const instruction = z.string().max(100_000, "must be at most 100000 characters");

/** The complete settings document, as GET returns it: every field present. */
export const botSettingsSchema = z
  .object({
    ai: z.object({
      instruction,
      model: z.object({ id: modelId, ...modelParams }),
      memory: z.object({
        lastMessages,
        semanticRecall: z.boolean(),
        workingMemory: z.object({ enabled: z.boolean() }),
        generateTitle: z.boolean(),
      }),
      formatting: z.object({ removeEmojis: z.boolean(), removeMarkdown: z.boolean() }),
      tools: z.record(toolNameSchema, toolPolicySchema),
      knowledge: z.object({ vectorStoreIds: vectorStoreIds }),
      failure: z.object({ handoff: failureHandoff }),
      conversation: z.object({ autoResolveMinutes }),
      voice: z.object({ transcriptionModel }),
    }),
  })
  .meta({ id: "BotSettings" });

export type BotSettings = z.infer<typeof botSettingsSchema>;

/**
 * A partial update: every field optional, unknown fields refused. `null` clears a model
 * parameter (back to the provider's default) or removes a tool from `ai.tools`.
 */
export const botSettingsPatchSchema = z
  .strictObject({
    ai: z
      .strictObject({
        instruction: instruction.optional(),
        model: z
          .strictObject({
            id: modelId.optional(),
            temperature: modelParams.temperature.optional(),
            max_tokens: modelParams.max_tokens.optional(),
            top_p: modelParams.top_p.optional(),
            frequency_penalty: modelParams.frequency_penalty.optional(),
            presence_penalty: modelParams.presence_penalty.optional(),
          })
          .optional(),
        memory: z
          .strictObject({
            lastMessages: lastMessages.optional(),
            semanticRecall: z.boolean().optional(),
            workingMemory: z.strictObject({ enabled: z.boolean().optional() }).optional(),
            generateTitle: z.boolean().optional(),
          })
          .optional(),
        formatting: z
          .strictObject({ removeEmojis: z.boolean().optional(), removeMarkdown: z.boolean().optional() })
          .optional(),
        tools: z.record(toolNameSchema, toolPolicySchema.nullable()).optional(),
        knowledge: z.strictObject({ vectorStoreIds: vectorStoreIds.optional() }).optional(),
        failure: z.strictObject({ handoff: failureHandoff.optional() }).optional(),
        conversation: z.strictObject({ autoResolveMinutes: autoResolveMinutes.optional() }).optional(),
        voice: z.strictObject({ transcriptionModel: transcriptionModel.optional() }).optional(),
      })
      .optional(),
  })
  .meta({ id: "BotSettingsPatch" });

export type BotSettingsPatch = z.infer<typeof botSettingsPatchSchema>;
