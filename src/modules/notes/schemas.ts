import { z } from "zod";
import { NOTE_MENTIONS_MAX, NOTE_TEXT_MAX, noteObjectSchema } from "../../events/thread-note.js";

/** A private note in a thread (docs/conversations.md, "Private notes"). */
export const threadNoteSchema = noteObjectSchema.meta({
  id: "ThreadNote",
  description: "A private note in a thread: the team's only, never the customer's or the model's.",
});

export const threadNoteListSchema = z
  .object({ data: z.array(threadNoteSchema).describe("Oldest first.") })
  .meta({ id: "ThreadNoteList" });

export const threadNotesParamsSchema = z.object({ thread_id: z.string().min(1).max(128) });
export const threadNoteParamsSchema = z.object({
  thread_id: z.string().min(1).max(128),
  note_id: z.string().min(1).max(128),
});

const noteText = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(NOTE_TEXT_MAX, `must be at most ${NOTE_TEXT_MAX} characters`)
  .describe(
    `The note, 1–${NOTE_TEXT_MAX} characters (trimmed). \`@Name\` in it is text only: \`mentions\` notifies.`,
  );

const mentionIds = z
  .array(z.string().min(1).max(128))
  .max(NOTE_MENTIONS_MAX, `at most ${NOTE_MENTIONS_MAX} operators`)
  .describe(
    "Ids of operators of the project to notify (GET /v1/operators); repeated ids count once. Each gets an " +
      "unread entry in their mentions inbox (GET /v1/operators/me/mentions), except the author.",
  );

export const createNoteBodySchema = z.strictObject({
  text: noteText,
  mentions: mentionIds.optional(),
});
export type CreateNoteBody = z.infer<typeof createNoteBodySchema>;

export const updateNoteBodySchema = z.strictObject({
  text: noteText.optional(),
  mentions: mentionIds
    .optional()
    .describe(
      "Replaces the note's mentions: operators added get an unread mention; operators taken off lose theirs.",
    ),
});
export type UpdateNoteBody = z.infer<typeof updateNoteBodySchema>;

export const noteMentionSchema = z
  .object({
    id: z.string().describe("`mention_…`"),
    thread_id: z.string(),
    note: threadNoteSchema,
    read_at: z.string().nullable().describe("When you marked it read; null while unread. ISO 8601, UTC."),
    created_at: z.string().describe("When you were mentioned; ISO 8601, UTC."),
  })
  .meta({ id: "NoteMention", description: "A private note that mentions you." });

export const noteMentionListSchema = z
  .object({
    data: z.array(noteMentionSchema).describe("Unread first, then newest first."),
    unread_count: z.number().int().min(0).describe("All your unread mentions in this project."),
  })
  .meta({ id: "NoteMentionList" });

export const mentionsQuerySchema = z.object({
  unread: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => value === "true")
    .describe("`true`: only unread mentions."),
  limit: z.coerce.number().int().min(1).max(100, "must be at most 100").default(50),
});

export const markMentionsReadBodySchema = z
  .strictObject({
    ids: z
      .array(z.string().min(1).max(128))
      .min(1, "must name at least one mention")
      .max(500, "at most 500 ids")
      .optional()
      .describe("Your mentions to mark read; ids that are not your unread mentions are skipped."),
    all: z.literal(true).optional().describe("Mark every unread mention of yours in this project read."),
  })
  .refine((body) => (body.ids === undefined) !== (body.all === undefined), {
    message: "send either `ids` or `all: true`",
  });
export type MarkMentionsReadBody = z.infer<typeof markMentionsReadBodySchema>;

export const unreadCountSchema = z
  .object({ unread_count: z.number().int().min(0).describe("Your unread mentions left in this project.") })
  .meta({ id: "NoteMentionsUnread" });
