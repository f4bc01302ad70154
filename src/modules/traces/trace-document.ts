import { z } from "zod";

/**
 * A turn's trace as the API shows it (docs/quality.md, "Traces"): what the bot was given, each
 * request to the model and each tool call, and how the turn ended. Stored as it is recorded;
 * `message_ids`, `credits` and `feedback` are read with it.
 */
export const modelRequestSchema = z.object({
  attempt: z.number().describe("The model call's attempt, from 1: a retry is a later attempt."),
  step: z.number().describe("The request's step in its attempt, from 0 (tools run between steps)."),
  model: z.string().describe("`<provider>/<model>` as the bot names it."),
  response_model: z.string().nullable().describe("The model the provider says answered."),
  parameters: z.record(z.string(), z.number()).describe("The sampling parameters the bot set."),
  started_at: z.string(),
  first_token_ms: z.number().nullable().describe("From the request to its first output."),
  duration_ms: z.number(),
  input_tokens: z.number(),
  output_tokens: z.number(),
  cost_credits: z
    .number()
    .nullable()
    .describe("The tokens at the catalog's prices (a turn is charged once, for its total: see `credits`)."),
  finish_reason: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});

export const toolCallSchema = z.object({
  call_id: z.string(),
  name: z.string().describe("The tool's `ai.tools` key."),
  args: z.unknown().describe("The arguments the model gave (large values cut: docs/quality.md)."),
  status: z.enum(["ok", "error", "denied"]),
  result: z.unknown().describe("What the model was given back: the result, the error or the refusal."),
  approval: z
    .object({
      policy: z.string(),
      decision: z.enum(["approved", "denied"]),
      decided_by: z.string().nullable().describe("`operator` or `user`."),
    })
    .nullable()
    .describe("Present when the call waited for a person's decision."),
  started_at: z.string(),
  duration_ms: z.number(),
});

export const knowledgeSearchSchema = z.object({
  query: z.string(),
  passages: z.array(
    z.object({
      vector_store_id: z.string(),
      file_id: z.string(),
      file_name: z.string(),
      chunk: z.number().describe("The passage's index in its file."),
      score: z.number(),
    }),
  ),
});

/** What is stored. */
export const storedTraceSchema = z.object({
  id: z.string(),
  thread_id: z
    .string()
    .nullable()
    .describe('Null for an evaluation\'s turn (docs/quality.md, "Evaluations").'),
  job_id: z.string().nullable(),
  bot_id: z.string().nullable(),
  model: z.string().nullable(),
  bot_version: z
    .number()
    .nullable()
    .describe(
      'The bot\'s version that answered (docs/quality.md, "Versions"); null in traces from before versions.',
    ),
  settings_version: z.string().nullable().describe("A short hash of the bot's settings the turn read."),
  started_at: z.string(),
  duration_ms: z.number(),
  first_token_ms: z.number().nullable().describe("From the start of the turn to the model's first output."),
  outcome: z.enum(["replied", "failed"]),
  code: z.string().nullable().describe("The failure's code (`model_error`, `model_timeout`, …)."),
  reason: z.string().nullable().describe("The failure, as operators read it."),
  window: z.object({
    message_ids: z.array(z.string()).describe("The stored messages in the model's window, oldest first."),
    recalled: z
      .array(z.object({ message_id: z.string(), thread_id: z.string(), score: z.number() }))
      .describe("Earlier messages semantic recall added, best first."),
  }),
  knowledge: z.array(knowledgeSearchSchema).describe("Each knowledge search and the passages it returned."),
  model_requests: z.array(modelRequestSchema),
  tool_calls: z.array(toolCallSchema),
  formatting: z
    .array(z.string())
    .describe("`remove_markdown`, `remove_emojis`: what the reply's text went through."),
  usage: z.object({ input_tokens: z.number(), output_tokens: z.number() }),
  truncated: z.boolean().describe('Some arguments or results were cut to fit (docs/quality.md, "Traces").'),
});

export type StoredTrace = z.infer<typeof storedTraceSchema>;
