import { z } from "zod";

/** The API shapes of contacts (docs/contacts.md). */

export const MAX_ATTRIBUTES = 50;
const timestamp = z.string().describe("ISO 8601, UTC");

const name = z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters");
const email = z
  .string()
  .trim()
  .max(320, "must be at most 320 characters")
  .pipe(z.email("must be an email address"))
  .describe("An email address; searched case-insensitively. Several contacts may share one.");
const phone = z
  .string()
  .trim()
  .regex(
    /^\+?[0-9][0-9 ()./-]{2,40}$/,
    "must be a phone number: digits, an optional leading +, spaces ( ) . / -",
  )
  .describe("A phone number as written (digits, an optional leading `+`, spaces and `( ) . / -`).");
const avatarUrl = z.url("must be a URL").max(2048, "must be at most 2048 characters");
const notes = z.string().max(10_000, "must be at most 10000 characters").describe("Free text for the team.");
const attributeKey = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{1,64}$/, "must be 1–64 characters: letters, digits, _ . -");
const attributeValue = z.union([
  z.string().max(1000, "must be at most 1000 characters"),
  z.number(),
  z.boolean(),
]);
const fewAttributes = (value: Record<string, unknown>) => Object.keys(value).length <= MAX_ATTRIBUTES;
const externalId = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(256, "must be at most 256 characters")
  .describe(
    "Your own id of the person: the `person.external_id` the stream endpoint names; unique in the project.",
  );

export const contactIdentitySchema = z.object({
  channel: z
    .string()
    .nullable()
    .describe("The vendor (`telegram`, `vk`, …); null for an id named through the API (`external_id`)."),
  id: z.string().describe("The vendor's user id, or the API's external id."),
  contact_id: z
    .string()
    .describe("The person the identity was first stored on: this contact's id, or one merged into it."),
});

export const contactSchema = z
  .object({
    id: z.string(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    avatar_url: z.string().nullable(),
    attributes: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
      .describe("Custom attributes: string keys, string, number or boolean values."),
    notes: z.string().nullable(),
    external_id: z.string().nullable().describe("The id named through the API; null for a vendor's user."),
    channels: z
      .array(contactIdentitySchema)
      .describe(
        "Every identity that reaches the contact: its own and those of contacts merged into it, oldest first.",
      ),
    labels: z
      .array(z.string())
      .describe("Its label names, sorted (docs/labels.md; changed through /v1/contacts/{id}/labels)."),
    thread_count: z.number().int().describe("Its conversations, in every chat."),
    last_seen_at: z.string().nullable().describe("Its newest conversation's latest message, if any."),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Contact" });

export const contactListSchema = z
  .object({ data: z.array(contactSchema), next_cursor: z.string().nullable() })
  .meta({ id: "ContactList" });

export const contactListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe("Part of the name, email, phone, external id or vendor user id; case-insensitive."),
  limit: z.coerce.number().int().min(1).max(100, "must be at most 100").default(20),
  cursor: z.string().max(500).optional().describe("Opaque; from `next_cursor` of the previous page."),
});

export const contactParamsSchema = z.object({ contact_id: z.string().max(128) });

export const createContactBodySchema = z.strictObject({
  name: name.optional(),
  email: email.optional(),
  phone: phone.optional(),
  avatar_url: avatarUrl.optional(),
  attributes: z
    .record(attributeKey, attributeValue, { error: "must be a JSON object" })
    .refine(fewAttributes, `must have at most ${MAX_ATTRIBUTES} keys`)
    .optional(),
  notes: notes.optional(),
  external_id: externalId.optional(),
});

export const updateContactBodySchema = z.strictObject({
  name: name.nullable().optional(),
  email: email.nullable().optional(),
  phone: phone.nullable().optional(),
  avatar_url: avatarUrl.nullable().optional(),
  attributes: z
    .record(attributeKey, attributeValue.nullable(), { error: "must be a JSON object" })
    .refine(fewAttributes, `must have at most ${MAX_ATTRIBUTES} keys`)
    .optional()
    .describe("Sets the keys it names; a `null` value removes the key. Keys not named stay."),
  notes: notes.nullable().optional(),
});

export const mergeContactBodySchema = z.strictObject({
  from: z
    .string()
    .min(1)
    .max(128)
    .describe(
      "The contact merged into this one: its threads, recall and identities follow, it stops standing.",
    ),
});

export const contactThreadsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100, "must be at most 100").default(20),
  cursor: z.string().max(500).optional().describe("Opaque; from `next_cursor` of the previous page."),
});

export const contactThreadSchema = z
  .object({
    id: z.string(),
    chat_id: z.string(),
    chat_name: z.string().nullable(),
    channel: z
      .string()
      .nullable()
      .describe(
        "The chat's vendor (`telegram`, `vk`, …); null for a chat the API or the widget talk through.",
      ),
    bot_id: z.string(),
    mode: z.enum(["auto", "manual", "operator", "blocked"]),
    title: z.string().nullable(),
    last_message_at: z.string().nullable(),
    pending_count: z.number().int(),
    created_at: timestamp,
  })
  .meta({ id: "ContactThread" });

export const contactThreadListSchema = z
  .object({ data: z.array(contactThreadSchema), next_cursor: z.string().nullable() })
  .meta({ id: "ContactThreadList" });

export type Contact = z.infer<typeof contactSchema>;
export type ContactThread = z.infer<typeof contactThreadSchema>;
export type CreateContactBody = z.infer<typeof createContactBodySchema>;
export type UpdateContactBody = z.infer<typeof updateContactBodySchema>;
