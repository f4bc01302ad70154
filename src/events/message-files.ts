import { z } from "zod";

/** A file a message sends, as stored on the message (`messages.files`) and shown everywhere (docs/channels.md, "Files"). */
export const messageFileSchema = z
  .object({
    id: z.string().describe("The file's id (POST /v1/threads/{id}/files, or the bot's send_file)."),
    kind: z.enum(["image", "document"]),
    name: z.string(),
    mime_type: z.string(),
    size: z.number().int().describe("Bytes."),
    caption: z.string().optional(),
  })
  .meta({ id: "MessageFile" });

export type PublicMessageFile = z.infer<typeof messageFileSchema>;
