import { z } from "zod";
import type { MessageAuthor, MessageRole } from "../storage/schema-conversations.js";

const roles = ["user", "assistant", "tool"] as const satisfies readonly MessageRole[];
const authors = ["user", "bot", "operator"] as const satisfies readonly MessageAuthor[];

/**
 * A message as everything outside Parley sees it: in the API (`Message`), on the thread event
 * streams and in webhook events. One shape; each place registers it under its own name.
 */
export const messageObjectSchema = z.object({
  id: z.string(),
  role: z.enum(roles),
  author: z.enum(authors).describe("Who wrote it: the end user, the AI (`bot`), or a human operator."),
  content: z.string(),
  created_at: z.string().describe("ISO 8601, UTC"),
});

export type PublicMessage = z.infer<typeof messageObjectSchema>;
