import { z } from "zod";
import { CANNED_VARIABLES } from "./template.js";

/** The API shapes of canned responses (docs/canned-responses.md). */

export const SHORT_CODE = /^[a-z0-9_-]{1,32}$/;
export const MAX_CONTENT_LENGTH = 4000;
export const MAX_TITLE_LENGTH = 200;

const timestamp = z.string().describe("ISO 8601, UTC");

const shortCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(SHORT_CODE, "must be 1–32 characters of a–z, 0–9, _ and -")
  .describe(
    "What an operator types after `/` in the composer: 1–32 characters of `a–z 0–9 _ -`, stored lowercased " +
      "(`Hello` is `hello`); unique in the project.",
  );
const title = z
  .string()
  .trim()
  .max(MAX_TITLE_LENGTH, `must be at most ${MAX_TITLE_LENGTH} characters`)
  .nullable()
  .describe("A label for the picker and the list; blank or null is none.");
const content = z
  .string()
  .min(1, "must not be empty")
  .max(MAX_CONTENT_LENGTH, `must be at most ${MAX_CONTENT_LENGTH} characters`)
  .refine((text) => text.trim().length > 0, "must not be blank")
  .describe(
    `The text, up to ${MAX_CONTENT_LENGTH} characters, with placeholders \`{{variable}}\` or ` +
      `\`{{variable|fallback}}\`. Variables: ${CANNED_VARIABLES.map((v) => `\`${v}\``).join(", ")}. An unknown ` +
      "variable or a stray `{{` / `}}` is 422.",
  );

export const cannedResponseSchema = z
  .object({
    id: z.string().describe("`cr_…`"),
    short_code: z.string().describe("Lowercase, unique in the project."),
    title: z.string().nullable(),
    content: z.string().describe("As written, placeholders unfilled."),
    created_by: z.string().describe("Who created it: an operator's id (`opr_…`) or an API key's (`key_…`)."),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "CannedResponse" });

export type CannedResponse = z.infer<typeof cannedResponseSchema>;

export const cannedResponseListSchema = z
  .object({
    data: z.array(cannedResponseSchema),
    next_cursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last page."),
  })
  .meta({ id: "CannedResponseList" });

export const listCannedResponsesQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(200, "must be at most 200 characters")
    .optional()
    .describe("Only responses whose short code, title or content contains this text, case-insensitively."),
  limit: z.coerce.number().int().min(1).max(100, "must be at most 100").default(50),
  cursor: z.string().max(500).optional().describe("Opaque; from `next_cursor` of the previous page."),
});

export type ListCannedResponsesQuery = z.infer<typeof listCannedResponsesQuerySchema>;

export const createCannedResponseBodySchema = z.strictObject({
  short_code: shortCode,
  title: title.optional(),
  content,
});

export type CreateCannedResponseInput = z.infer<typeof createCannedResponseBodySchema>;

export const updateCannedResponseBodySchema = z.strictObject({
  short_code: shortCode.optional(),
  title: title.optional(),
  content: content.optional(),
});

export type UpdateCannedResponseInput = z.infer<typeof updateCannedResponseBodySchema>;

export const cannedResponseParamsSchema = z.object({ id: z.string().max(128) });

export const renderCannedResponseBodySchema = z.strictObject({
  thread_id: z
    .string()
    .min(1)
    .max(128)
    .describe("The thread whose person, bot and project fill the variables."),
});

export const renderedCannedResponseSchema = z
  .object({ text: z.string().describe("The content with every placeholder filled: ready to send.") })
  .meta({ id: "RenderedCannedResponse" });
