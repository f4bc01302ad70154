import { z } from "zod";
import type { ThreadNote } from "../storage/repos/thread-notes.repo.js";

export const NOTE_TEXT_MAX = 10_000;
export const NOTE_MENTIONS_MAX = 50;

/**
 * A private note as the team sees it (docs/conversations.md, "Private notes"): the API
 * (`ThreadNote`), the `thread.note.created` webhook event and the operators' thread event
 * streams. One shape; each place registers it under its own name. Never a customer's.
 */
export const noteObjectSchema = z.object({
  id: z.string().describe("`note_…`"),
  thread_id: z.string(),
  author: z
    .object({
      type: z.enum(["operator", "api_key"]),
      id: z.string().describe("The operator's id, or the API key's id."),
      name: z.string().nullable().describe("The operator's name; null for an API key."),
    })
    .describe("Who wrote it; only they may edit or delete it."),
  text: z.string().describe(`The note, 1–${NOTE_TEXT_MAX} characters, as written.`),
  mentions: z
    .array(z.string())
    .describe("The ids of the operators the note mentions; each got an entry in their mentions inbox."),
  created_at: z.string().describe("ISO 8601, UTC"),
  updated_at: z.string().describe("When it was last edited; ISO 8601, UTC"),
});

/** Holds the Zod schema and the repository's shape together: a drift fails the build. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const shapesAgree: Same<z.infer<typeof noteObjectSchema>, ThreadNote> = true;
void shapesAgree;
