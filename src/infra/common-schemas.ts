import { z } from "zod";

/** The answer of every delete operation (DECISIONS §Shapes). */
export const deletedSchema = z.object({ id: z.string(), deleted: z.literal(true) }).meta({ id: "Deleted" });
