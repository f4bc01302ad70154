import { z } from "zod";

/**
 * Field builders shared by the per-vendor auth_data schemas. Messages never quote the value:
 * auth_data holds secrets, and a 422 body must not echo them back.
 */
const typeError = (expected: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? "required" : `must be ${expected}`;

/** An opaque secret or token: non-empty, no whitespace, at most 4096 characters. */
export function credential(description: string) {
  return z
    .string({ error: typeError("a string") })
    .max(4096, "must be at most 4096 characters")
    .regex(/^\S+$/, "must be a non-empty string without whitespace")
    .describe(description);
}

/** A numeric id that vendors send as a string (Meta ids exceed 2^53). */
export function numericId(description: string) {
  return z
    .string({ error: typeError("a string of digits") })
    .regex(/^\d{1,32}$/, "must be a string of 1 to 32 digits")
    .describe(description);
}

/** An auth_data object: unknown fields are refused, so a misspelt credential fails now, not at first use. */
export function authDataObject<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.strictObject(shape, { error: typeError("an object") });
}

/**
 * OAuth app credentials that are optional as a pair: both or neither. Without them the
 * OAuth start uses the server's own app for the vendor (configured by the operator).
 */
export function refineClientPair(
  value: { client_id?: string | undefined; client_secret?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (value.client_id !== undefined && value.client_secret === undefined) {
    ctx.addIssue({ code: "custom", path: ["client_secret"], message: "required when client_id is given" });
  }
  if (value.client_secret !== undefined && value.client_id === undefined) {
    ctx.addIssue({ code: "custom", path: ["client_id"], message: "required when client_secret is given" });
  }
}
