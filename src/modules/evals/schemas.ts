import { z } from "zod";
import { resourceNameSchema } from "../../infra/common-schemas.js";

/**
 * Evaluations (docs/quality.md, "Evaluations"): the cases, runs, results and comparisons as the
 * API shows them, and the bodies it takes.
 */

/** Limits of a case (docs/quality.md, "Evaluations"). */
export const CASE_LIMITS = {
  messages: 50,
  contentChars: 8_000,
  expectations: 20,
  textChars: 4_000,
  toolResults: 50,
  toolResultsBytes: 64 * 1024,
  /** Cases per bot. */
  casesPerBot: 500,
} as const;

const text = (max: number) =>
  z.string().min(1, "must not be empty").max(max, `must be at most ${max} characters`);

const toolKeySchema = text(200).describe("The tool's `ai.tools` key.");

const argumentsSchema = z
  .record(z.string(), z.unknown())
  .describe(
    "A partial deep match: every key given must equal the call's (objects compared key by key, recursively; arrays and other values as a whole).",
  );

export const expectationSchema = z
  .discriminatedUnion("type", [
    z.strictObject({
      type: z.literal("contains"),
      value: text(CASE_LIMITS.textChars),
      case_sensitive: z.boolean().optional().describe("Default false."),
    }),
    z.strictObject({
      type: z.literal("not_contains"),
      value: text(CASE_LIMITS.textChars),
      case_sensitive: z.boolean().optional().describe("Default false."),
    }),
    z.strictObject({
      type: z.literal("tool_called"),
      tool: toolKeySchema,
      arguments: argumentsSchema.optional(),
    }),
    z.strictObject({
      type: z.literal("tool_not_called"),
      tool: toolKeySchema,
      arguments: argumentsSchema.optional(),
    }),
    z.strictObject({
      type: z.literal("hands_off"),
      expected: z.boolean().describe("Whether the turn must hand the conversation to an operator."),
    }),
    z.strictObject({
      type: z.literal("max_tokens"),
      value: z
        .number()
        .int("must be a whole number")
        .min(1, "must be at least 1")
        .max(1_000_000, "must be at most 1000000")
        .describe("The reply's output tokens (every model request of the turn) must be at most this."),
    }),
    z.strictObject({
      type: z.literal("rubric"),
      criteria: text(CASE_LIMITS.textChars).describe("What a judge model checks the reply against."),
    }),
  ])
  .meta({
    id: "EvalExpectation",
    description: 'What a case\'s answer must do (docs/quality.md, "Evaluations").',
  });
export type Expectation = z.infer<typeof expectationSchema>;

export const caseMessageSchema = z.strictObject({
  role: z.enum(["user", "assistant"]),
  content: text(CASE_LIMITS.contentChars),
});
export type CaseMessage = z.infer<typeof caseMessageSchema>;

const messagesSchema = z
  .array(caseMessageSchema)
  .min(1, "must hold at least one message")
  .max(CASE_LIMITS.messages, `must hold at most ${CASE_LIMITS.messages} messages`)
  .refine((messages) => messages.at(-1)?.role === "user", "must end with a user message")
  .describe("The conversation so far; the bot answers its last (user) message.");

const expectationsSchema = z
  .array(expectationSchema)
  .max(CASE_LIMITS.expectations, `must hold at most ${CASE_LIMITS.expectations} expectations`);

const toolResultsSchema = z
  .record(toolKeySchema, z.unknown())
  .superRefine((value, ctx) => {
    if (Object.keys(value).length > CASE_LIMITS.toolResults) {
      ctx.addIssue({ code: "custom", message: `must name at most ${CASE_LIMITS.toolResults} tools` });
    } else if (Buffer.byteLength(JSON.stringify(value)) > CASE_LIMITS.toolResultsBytes) {
      ctx.addIssue({
        code: "custom",
        message: `must be at most ${CASE_LIMITS.toolResultsBytes} bytes as JSON`,
      });
    }
  })
  .describe(
    'What each tool that evaluations do not run answers, by `ai.tools` key (default `{"evaluation": "this tool is not run in evaluations"}`).',
  );

export const evalCaseSchema = z
  .object({
    id: z.string(),
    bot_id: z.string(),
    name: z.string(),
    messages: z.array(caseMessageSchema),
    expectations: z.array(expectationSchema),
    tool_results: z.record(z.string(), z.unknown()),
    source: z.object({
      type: z.enum(["manual", "thread", "feedback"]),
      thread_id: z.string().nullable(),
      message_id: z.string().nullable(),
    }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({
    id: "EvalCase",
    description: 'A test conversation and what its answer must do (docs/quality.md, "Evaluations").',
  });
export type EvalCase = z.infer<typeof evalCaseSchema>;

export const evalCaseListSchema = z
  .object({ data: z.array(evalCaseSchema), next_cursor: z.string().nullable() })
  .meta({ id: "EvalCaseList" });

export const createCaseBodySchema = z.strictObject({
  name: resourceNameSchema,
  messages: messagesSchema,
  expectations: expectationsSchema.default([]),
  tool_results: toolResultsSchema.default({}),
});
export type CreateCaseBody = z.infer<typeof createCaseBodySchema>;

export const updateCaseBodySchema = z.strictObject({
  name: resourceNameSchema.optional(),
  messages: messagesSchema.optional(),
  expectations: expectationsSchema.optional(),
  tool_results: toolResultsSchema.optional(),
});
export type UpdateCaseBody = z.infer<typeof updateCaseBodySchema>;

const idSchema = z.string().min(1, "must not be empty").max(128, "must be at most 128 characters");

export const caseFromThreadBodySchema = z.strictObject({
  thread_id: idSchema,
  message_id: idSchema
    .optional()
    .describe(
      "A bot message: the case is the conversation before it. Default: up to the thread's last user message.",
    ),
  name: resourceNameSchema.optional(),
  expectations: expectationsSchema.optional(),
});
export type CaseFromThreadBody = z.infer<typeof caseFromThreadBodySchema>;

export const caseFromFeedbackBodySchema = z.strictObject({
  thread_id: idSchema,
  message_id: idSchema.describe("The rated bot message."),
});
export type CaseFromFeedbackBody = z.infer<typeof caseFromFeedbackBodySchema>;

const errorSchema = z.object({ code: z.string(), message: z.string() });
const usageSchema = z.object({ input_tokens: z.number(), output_tokens: z.number() });

export const evalRunSchema = z
  .object({
    id: z.string(),
    bot_id: z.string(),
    version: z.number().describe("The bot version run."),
    settings_version: z
      .string()
      .describe("The short hash of the version's settings (a trace's `settings_version`)."),
    model: z.string(),
    judge_model: z.string(),
    status: z.enum(["queued", "running", "completed", "failed"]),
    passed: z
      .boolean()
      .nullable()
      .describe("Once completed: whether every case passed; null before, and for a failed run."),
    summary: z.object({ total: z.number(), passed: z.number(), failed: z.number(), errored: z.number() }),
    usage: usageSchema.describe("Tokens of the bot's turns (not the judge's). Runs are not charged credits."),
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    error: errorSchema
      .nullable()
      .describe("Why a `failed` run could not run (`version_not_found`, `model_unavailable`)."),
  })
  .meta({
    id: "EvalRun",
    description: 'A run of a bot\'s cases against a version (docs/quality.md, "Evaluations").',
  });
export type EvalRun = z.infer<typeof evalRunSchema>;

export const expectationResultSchema = z.object({
  type: z.string(),
  passed: z.boolean(),
  detail: z.string(),
});
export type ExpectationResult = z.infer<typeof expectationResultSchema>;

export const evalResultSchema = z.object({
  case_id: z.string(),
  case_name: z.string(),
  status: z.enum(["passed", "failed", "error"]),
  reply: z.string().nullable().describe("All the assistant's text of the turn; null when it failed."),
  expectations: z.array(expectationResultSchema),
  tool_calls: z.array(z.object({ tool: z.string(), arguments: z.unknown() })),
  handed_off: z.boolean(),
  usage: usageSchema,
  duration_ms: z.number(),
  error: errorSchema.nullable(),
  trace_id: z.string().describe("GET …/results/{case_id}/trace reads it."),
});
export type EvalResult = z.infer<typeof evalResultSchema>;

export const evalRunWithResultsSchema = evalRunSchema
  .extend({
    results: z.array(evalResultSchema).describe("In the run's order; a case still to run has none."),
  })
  .meta({ id: "EvalRunWithResults" });

export const evalRunListSchema = z
  .object({ data: z.array(evalRunSchema), next_cursor: z.string().nullable() })
  .meta({ id: "EvalRunList" });

export const versionRefSchema = z.union([
  z.enum(["draft", "published"]),
  z.number().int("must be a whole number").min(1, "must be at least 1"),
]);
export type VersionRef = z.infer<typeof versionRefSchema>;

export const createRunBodySchema = z.strictObject({
  version: versionRefSchema
    .optional()
    .describe(
      "`draft`, `published` or a version number; default the draft when there is one, else the published version.",
    ),
  model: text(200).optional().describe("Default: the version's `ai.model.id`."),
  judge_model: text(200).optional().describe("Judges rubrics; default: the run's model."),
  case_ids: z
    .array(idSchema)
    .min(1, "must name at least one case")
    .max(CASE_LIMITS.casesPerBot, `must name at most ${CASE_LIMITS.casesPerBot} cases`)
    .optional()
    .describe("Default: every case of the bot."),
});
export type CreateRunBody = z.infer<typeof createRunBodySchema>;

const comparedSideSchema = z
  .object({ status: z.enum(["passed", "failed", "error"]), reply: z.string().nullable() })
  .nullable();

export const compareSchema = z
  .object({
    base: evalRunSchema,
    head: evalRunSchema,
    cases: z.array(
      z.object({
        case_id: z.string(),
        name: z.string(),
        base: comparedSideSchema,
        head: comparedSideSchema,
        change: z.enum(["fixed", "broken", "same", "added", "removed"]),
      }),
    ),
  })
  .meta({ id: "EvalComparison" });

export const compareQuerySchema = z.object({ base: idSchema, head: idSchema });

export const botParamsSchema = z.object({ bot_id: z.string().max(128) });
export const caseParamsSchema = botParamsSchema.extend({ case_id: z.string().max(128) });
export const runParamsSchema = botParamsSchema.extend({ run_id: z.string().max(128) });
export const resultParamsSchema = runParamsSchema.extend({ case_id: z.string().max(128) });

export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100, "must be at most 100").default(20),
  cursor: z.string().max(128).optional().describe("From `next_cursor` of the previous page."),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
