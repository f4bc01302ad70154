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

/** Error responses every authenticated route can give, for the OpenAPI document. */
export const standardErrorResponses = {
  400: errorBodySchema.describe("The body is not JSON, not an object, or has the wrong content type."),
  401: errorBodySchema.describe("The API key is missing, invalid or revoked."),
  403: errorBodySchema.describe(
    "The resource belongs to another project, or the key's role does not allow this.",
  ),
  404: errorBodySchema.describe("No such resource."),
  409: errorBodySchema.describe("A state conflict, or an Idempotency-Key reused with a different request."),
  422: errorBodySchema.describe("A field is missing, has the wrong type, or is out of range."),
  429: errorBodySchema.describe("Rate limit exceeded; see Retry-After."),
} as const;
