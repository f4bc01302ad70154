import { z } from "zod";
import type { MessageAuthor, MessageRole } from "../storage/schema-conversations.js";
import { messageButtonSchema, messageChoiceSchema } from "./buttons.js";
import { messageFileSchema } from "./message-files.js";

export type { PublicMessageFile } from "./message-files.js";

import { toolCallSchema, toolResultSchema } from "./tool-steps.js";

const roles = ["user", "assistant", "tool"] as const satisfies readonly MessageRole[];
const authors = ["user", "bot", "operator"] as const satisfies readonly MessageAuthor[];

export const attachmentSchema = z
  .object({
    kind: z.enum([
      "photo",
      "video",
      "voice",
      "audio",
      "document",
      "sticker",
      "location",
      "contact",
      "link",
      "other",
    ]),
    ref: z.string().optional().describe("The vendor's reference to the file."),
    mimeType: z.string().optional(),
    fileName: z.string().optional(),
    caption: z.string().optional(),
    url: z
      .string()
      .optional()
      .describe("A public URL, when the vendor gives one without a credential in it."),
    duration: z
      .number()
      .optional()
      .describe("Seconds, for voice messages, audio and video when the vendor gives it."),
    latitude: z.number().optional(),
    longitude: z.number().optional(),
    transcript: z
      .string()
      .optional()
      .describe(
        'What a voice or audio message says, when the bot transcribed it (docs/channels.md, "Voice").',
      ),
    transcriptionError: z
      .object({ code: z.string(), message: z.string() })
      .optional()
      .describe("Why a voice or audio message was not transcribed; `content` keeps its placeholder."),
    file: z
      .object({
        id: z.string(),
        size: z.number().int().describe("Bytes."),
        mime_type: z.string(),
        url: z
          .string()
          .describe(
            "Path of the kept file on this server (GET with an API key or a console session; relative to the server's address).",
          ),
      })
      .optional()
      .describe(
        'The copy Parley keeps of a file the customer sent (docs/channels.md, "Non-text messages"); present only while it is kept.',
      ),
    fileError: z
      .object({ code: z.enum(["too_large", "unavailable", "expired"]), message: z.string() })
      .optional()
      .describe(
        "Why no copy is kept: `too_large` (over PARLEY_ATTACHMENT_MAX_BYTES), `unavailable` (the vendor did not serve it), `expired` (deleted after the retention).",
      ),
  })
  .meta({ id: "MessageAttachment" });

/** A filled-in WhatsApp template as it goes to the vendor (vendors/contract/channel.ts TemplatePayload). */
export const templatePayloadSchema = z
  .object({
    name: z.string(),
    language: z.string(),
    components: z.array(
      z.object({
        type: z.enum(["header", "body"]),
        parameters: z.array(
          z.object({ type: z.literal("text"), text: z.string(), parameter_name: z.string().optional() }),
        ),
      }),
    ),
  })
  .meta({ id: "TemplatePayload" });

export const deliverySchema = z
  .object({
    status: z.enum(["pending", "sent", "failed"]),
    channel: z.string().describe("The vendor."),
    parts: z
      .number()
      .nullable()
      .describe("How many vendor messages the text was split into (null until known)."),
    parts_sent: z.number(),
    external_ids: z.array(z.string()).describe("The vendor's ids of the parts sent."),
    error: z
      .object({ code: z.string(), message: z.string() })
      .nullable()
      .describe(
        "Why it failed: `recipient_blocked`, `outside_window`, `credentials_rejected`, `vendor_unreachable`, …",
      ),
    attempts: z.number(),
    updated_at: z.string(),
    template: templatePayloadSchema
      .optional()
      .describe('A WhatsApp message template, sent instead of the text (docs/channels.md, "Templates").'),
  })
  .meta({ id: "MessageDelivery" });

export const operatorRefSchema = z
  .object({ id: z.string(), name: z.string() })
  .meta({ id: "OperatorRef", description: "A signed-in person of the project (docs/console.md)." });

export type OperatorRef = z.infer<typeof operatorRefSchema>;

/** A thread's assignee as an OperatorRef (null when unassigned), from the thread row's columns. */
export function assigneeOf(row: {
  assignee_id: string | null;
  assignee_name: string | null;
}): OperatorRef | null {
  return row.assignee_id ? { id: row.assignee_id, name: row.assignee_name ?? "" } : null;
}

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
  attachments: z
    .array(attachmentSchema)
    .optional()
    .describe(
      "What a channel message carried besides text (present only then); `content` has a readable placeholder.",
    ),
  delivery: deliverySchema
    .optional()
    .describe("How the message went out to a vendor channel (present only for messages sent to one)."),
  operator: operatorRefSchema
    .optional()
    .describe(
      "The signed-in operator who wrote it (present only on `operator` messages sent from a session).",
    ),
  buttons: z
    .array(messageButtonSchema)
    .optional()
    .describe(
      'The buttons offered under the message (present only then; docs/channels.md, "Buttons"): `reply` ' +
        "buttons answer with their label, `link` buttons open their URL.",
    ),
  files: z
    .array(messageFileSchema)
    .optional()
    .describe(
      'Pictures and files the message sends (present only then; docs/channels.md, "Files"); operators download ' +
        "them at GET /v1/threads/{id}/files/{file_id}.",
    ),
  choice: messageChoiceSchema
    .optional()
    .describe("On a customer's message that is the press of a reply button (present only then): which one."),
  tool_calls: z
    .array(toolCallSchema)
    .optional()
    .describe("The tools an assistant message called, with their arguments (present only then)."),
  tool_results: z
    .array(toolResultSchema)
    .optional()
    .describe("What the tools answered, on a `tool` message (present only then)."),
});

export type PublicMessage = z.infer<typeof messageObjectSchema>;
