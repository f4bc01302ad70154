import { z } from "zod";
import { storedTraceSchema } from "./trace-document.js";

export const turnTraceSchema = storedTraceSchema
  .extend({
    object: z.literal("turn_trace"),
    message_ids: z
      .array(z.string())
      .describe(
        "The messages the reply stored (tool steps and the final reply), oldest first; empty for a failure.",
      ),
    credits: z
      .number()
      .nullable()
      .describe('What the reply was charged (docs/billing.md, "Charges"); null for a failure or no charge.'),
  })
  .meta({ id: "TurnTrace", description: 'What one turn was given and did (docs/quality.md, "Traces").' });

export type TurnTrace = z.infer<typeof turnTraceSchema>;

export const turnTraceListSchema = z
  .object({
    data: z.array(turnTraceSchema),
    next_cursor: z.string().nullable().describe("Pass as `cursor` for older traces; null at the end."),
  })
  .meta({ id: "TurnTraceList" });

export const traceThreadParamsSchema = z.object({ thread_id: z.string().max(128) });
export const traceMessageParamsSchema = z.object({
  thread_id: z.string().max(128),
  message_id: z.string().max(128),
});

export const listTracesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100, "must be at most 100").default(20),
  cursor: z.string().max(128).optional().describe("From `next_cursor` of the previous page."),
});
