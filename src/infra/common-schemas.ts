import { z } from "zod";

/** The answer of every delete operation (DECISIONS §Shapes). */
export const deletedSchema = z.object({ id: z.string(), deleted: z.literal(true) }).meta({ id: "Deleted" });

/** Names of projects, keys and bots: trimmed, 1 to 200 characters. */
export const resourceNameSchema = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(200, "must be at most 200 characters");
