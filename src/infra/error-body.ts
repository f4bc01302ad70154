import { z } from "zod";

/** The one error body of the API (docs/api.md). */
export const errorBodySchema = z
  .object({
    code: z.string().describe("Stable snake_case identifier of the error; see docs/api.md#errors."),
    message: z.string().describe("Explanation for a person."),
    details: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe("Per-field problems, for validation errors."),
    request_id: z.string().optional().describe("Present on 500 errors: quote it when reporting the problem."),
  })
  .meta({ id: "Error" });

export type ErrorBody = z.infer<typeof errorBodySchema>;
