import { z } from "zod";

export const integrationParamsSchema = z.object({ id: z.string().max(128) });

/** docs/channels.md, "Templates". */
export const whatsappTemplateSchema = z
  .object({
    id: z.string(),
    integration_id: z.string(),
    name: z.string(),
    language: z.string().describe("Meta's language and locale code, e.g. `en_US`."),
    category: z.string().describe("`MARKETING`, `UTILITY` or `AUTHENTICATION`, as Meta names it."),
    status: z
      .string()
      .describe(
        "`APPROVED`, `PENDING`, `REJECTED`, `PAUSED`, `DISABLED`, …: only `APPROVED` templates are sent.",
      ),
    components: z
      .array(z.unknown())
      .describe("The template's components as Meta lists them (`HEADER`, `BODY`, `FOOTER`, `BUTTONS`)."),
    parameters: z
      .object({
        header: z
          .array(z.string())
          .describe("The header's placeholders (`1`, `2` or names), in the order values are given."),
        body: z.array(z.string()).describe("The body's placeholders, in the order values are given."),
      })
      .describe("What a send must fill in: one value per placeholder of each part."),
    sendable: z
      .boolean()
      .describe("Whether Parley can send it: approved, and no media header (which needs a media parameter)."),
    synced_at: z.string(),
  })
  .meta({ id: "WhatsappTemplate" });

export type WhatsappTemplate = z.infer<typeof whatsappTemplateSchema>;

export const templateListQuerySchema = z.object({
  status: z.string().max(40).optional().describe("Only templates of this status (`APPROVED`, …; any case)."),
  language: z.string().max(40).optional().describe("Only this language code (`en_US`)."),
  name: z.string().max(512).optional().describe("Only names containing this text (any case)."),
});

export const templateSyncSchema = z
  .object({
    synced: z.number().int().describe("How many templates the account listed."),
    synced_at: z.string(),
    templates: z.array(whatsappTemplateSchema),
  })
  .meta({ id: "WhatsappTemplateSync" });

const parameterValue = z.string().min(1, "must not be empty").max(1024, "must be at most 1024 characters");

export const templateParametersSchema = z.strictObject({
  header: z.array(parameterValue).max(20).optional().describe("The header's values, in placeholder order."),
  body: z.array(parameterValue).max(100).optional().describe("The body's values, in placeholder order."),
});

export const sendTemplateBodySchema = z
  .strictObject({
    name: z.string().min(1).max(512),
    language: z.string().min(1).max(40).describe("The template's language code, e.g. `en_US`."),
    parameters: templateParametersSchema.optional(),
    scheduledAt: z.iso
      .datetime({ offset: true, message: "must be an ISO 8601 timestamp" })
      .optional()
      .describe("Send later (a re-engagement message): the answer is then 202 with the job id."),
  })
  .meta({ id: "SendWhatsappTemplate" });

export type SendTemplateBody = z.infer<typeof sendTemplateBodySchema>;
