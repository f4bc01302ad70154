import { z } from "zod";
import type { Label } from "../../storage/repos/labels.repo.js";

export const LABEL_NAME_MAX = 50;
export const LABEL_DESCRIPTION_MAX = 500;
/** Names one request may add or remove at once. */
export const LABELS_PER_REQUEST = 50;

/** Labels on conversations and people (docs/labels.md). */
export const labelSchema = z
  .object({
    id: z.string().describe("`lbl_…`"),
    name: z.string().describe(`Unique in the project whatever its case; 1 to ${LABEL_NAME_MAX} characters.`),
    color: z.string().nullable().describe("`#rrggbb`, or null."),
    description: z.string().nullable(),
    created_at: z.string().describe("ISO 8601, UTC"),
    updated_at: z.string().describe("ISO 8601, UTC"),
  })
  .meta({ id: "Label", description: "A label of the project, put on threads and contacts." });

/** Holds the Zod schema and the repository's shape together: a drift fails the build. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const shapesAgree: Same<z.infer<typeof labelSchema>, Label> = true;
void shapesAgree;

export const labelListSchema = z
  .object({ data: z.array(labelSchema).describe("By name, case-insensitively.") })
  .meta({ id: "LabelList" });

export const labelNameSchema = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(LABEL_NAME_MAX, `must be at most ${LABEL_NAME_MAX} characters`);

const colorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, "must be a colour as #rrggbb")
  .transform((color) => color.toLowerCase())
  .nullable()
  .describe("`#rrggbb`, or null for none.");

const descriptionSchema = z
  .string()
  .trim()
  .max(LABEL_DESCRIPTION_MAX, `must be at most ${LABEL_DESCRIPTION_MAX} characters`)
  .nullable()
  .transform((text) => (text ? text : null))
  .describe(`What the label means, for the team; at most ${LABEL_DESCRIPTION_MAX} characters.`);

export const createLabelBodySchema = z.strictObject({
  name: labelNameSchema.describe(
    `1 to ${LABEL_NAME_MAX} characters, trimmed; unique in the project whatever its case.`,
  ),
  color: colorSchema.optional(),
  description: descriptionSchema.optional(),
});
export type CreateLabelBody = z.infer<typeof createLabelBodySchema>;

export const updateLabelBodySchema = z.strictObject({
  name: labelNameSchema.optional().describe("A new name; threads and contacts keep the label."),
  color: colorSchema.optional(),
  description: descriptionSchema.optional(),
});
export type UpdateLabelBody = z.infer<typeof updateLabelBodySchema>;

export const labelNamesBodySchema = z.strictObject({
  labels: z
    .array(labelNameSchema)
    .min(1, "name at least one label")
    .max(LABELS_PER_REQUEST, `at most ${LABELS_PER_REQUEST} labels at once`)
    .describe("Label names of the project, whatever their case."),
});

export const labelParamsSchema = z.object({ label_id: z.string().max(128) });
export const threadLabelsParamsSchema = z.object({ thread_id: z.string().max(128) });
export const contactLabelsParamsSchema = z.object({
  contact_id: z.string().max(128).describe("The contact's (person's) id."),
});
