import { z } from "zod";
import { messageButtonSchema, messageChoiceSchema } from "../../events/buttons.js";
import { messageFileSchema } from "../outbound-files/index.js";
import { messageContentSchema } from "../threads/index.js";

/** An origin as browsers send it: scheme, host and optional port; nothing else. */
export const originSchema = z
  .string()
  .max(200)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.origin === value;
    } catch {
      return false;
    }
  }, "must be an origin such as https://shop.example (scheme, host and port only, no path or trailing slash)");

const positionSchema = z.enum(["right", "left"]);
const languageSchema = z.enum(["auto", "en", "ru"]);
const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a colour such as #4c6ef5");

export const widgetThemeSchema = z.object({
  title: z.string().max(80),
  greeting: z.string().max(500),
  color: colorSchema,
  position: positionSchema,
  language: languageSchema,
});
export type WidgetTheme = z.infer<typeof widgetThemeSchema>;

export const DEFAULT_THEME: WidgetTheme = {
  title: "Chat with us",
  greeting: "Hi! How can we help?",
  color: "#4c6ef5",
  position: "right",
  language: "auto",
};

export const widgetSettingsSchema = z
  .object({
    chat_id: z.string(),
    allowed_origins: z.array(z.string()).describe("Pages of these origins may embed the widget; no others."),
    title: z.string(),
    greeting: z.string(),
    color: z.string(),
    position: positionSchema,
    language: languageSchema,
    identity_required: z
      .boolean()
      .describe("Refuse visitors without a verified identity (data-user-id and data-user-signature)."),
    identity_secret_set: z
      .boolean()
      .describe("Whether an identity secret exists (it is shown only when made)."),
    embed_snippet: z.string().describe("The script tag to paste into the site's pages."),
  })
  .meta({ id: "WidgetSettings", description: "The web widget of a `parley` chat (docs/widget.md)." });

export const updateWidgetBodySchema = z.strictObject({
  allowed_origins: z.array(originSchema).max(20, "must list at most 20 origins").optional(),
  title: z.string().trim().max(80).optional(),
  greeting: z.string().trim().max(500).optional(),
  color: colorSchema.optional(),
  position: positionSchema.optional(),
  language: languageSchema.optional(),
  identity_required: z.boolean().optional(),
});
export type UpdateWidgetInput = z.infer<typeof updateWidgetBodySchema>;

export const identitySecretSchema = z
  .object({ identity_secret: z.string().describe("Shown once: keep it on the site's server.") })
  .meta({ id: "WidgetIdentitySecret" });

// The public widget API (/widget/v1).

export const publicConfigSchema = z
  .object({
    chat_id: z.string(),
    title: z.string(),
    greeting: z.string(),
    color: z.string(),
    position: positionSchema,
    language: languageSchema,
    identity_required: z.boolean(),
  })
  .meta({ id: "WidgetConfig" });

export const startSessionBodySchema = z.strictObject({
  visitor_token: z.string().max(200).optional().describe("The token of an earlier session, to resume it."),
  identity: z
    .strictObject({
      user_id: z.string().min(1).max(256),
      signature: z
        .string()
        .min(1)
        .max(256)
        .describe("Hex HMAC-SHA256 of user_id with the chat's identity secret."),
      name: z.string().max(200).optional(),
    })
    .optional(),
});

export const sessionSchema = z
  .object({
    visitor_token: z
      .string()
      .describe("Send as `Authorization: Bearer …`; keep it to resume after a reload."),
    thread_id: z.string(),
    mode: z.enum(["auto", "manual", "operator", "blocked"]),
  })
  .meta({ id: "WidgetSession" });

/** The visitor's own rating of a bot message (docs/widget.md, "Rating answers"). */
export const widgetFeedbackSchema = z
  .object({
    rating: z.enum(["up", "down"]),
    comment: z.string().nullable(),
  })
  .meta({ id: "WidgetFeedback" });
export type WidgetFeedback = z.infer<typeof widgetFeedbackSchema>;

export const widgetMessageSchema = z
  .object({
    id: z.string(),
    author: z.enum(["user", "bot", "operator"]),
    content: z.string(),
    created_at: z.string(),
    operator_name: z.string().optional(),
    feedback: widgetFeedbackSchema
      .optional()
      .describe("On a bot message the visitor rated (in the history only): their rating."),
    buttons: z
      .array(messageButtonSchema)
      .optional()
      .describe(
        'Buttons under a bot or operator message (docs/widget.md, "Buttons"): shown as chips and links.',
      ),
    choice: messageChoiceSchema
      .optional()
      .describe("On the visitor's message that is the press of a button: which one."),
    files: z
      .array(
        messageFileSchema.extend({
          url: z
            .string()
            .describe(
              'A signed link that opens the file for a day (docs/channels.md, "Files"); read again for a new one.',
            ),
        }),
      )
      .optional()
      .describe('Pictures and files an operator or the bot sent (docs/widget.md, "Files").'),
  })
  .meta({ id: "WidgetMessage" });
export type WidgetMessage = z.infer<typeof widgetMessageSchema>;

export const historySchema = z
  .object({ data: z.array(widgetMessageSchema), mode: z.enum(["auto", "manual", "operator", "blocked"]) })
  .meta({ id: "WidgetHistory" });

/** The `data` of one server-sent event of GET /widget/v1/events (public-routes.ts writes them). */
export const widgetEventSchema = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("message_created"), message: widgetMessageSchema }),
    z.object({ type: z.literal("mode_changed"), mode: z.enum(["auto", "manual", "operator", "blocked"]) }),
  ])
  .meta({ id: "WidgetEvent" });
export type WidgetEvent = z.infer<typeof widgetEventSchema>;

export const sendBodySchema = z
  .strictObject({
    text: messageContentSchema
      .optional()
      .describe("What the visitor wrote; with `choice`, optional (the button's label is stored)."),
    choice: z
      .strictObject({
        button_id: z.string().min(1).max(64).describe("The `id` of a reply button of this conversation."),
      })
      .optional()
      .describe(
        'The visitor pressed a button (docs/widget.md, "Buttons"): stored as their message, its label as text.',
      ),
  })
  .refine((body) => body.text !== undefined || body.choice !== undefined, {
    message: "needs `text` or `choice`",
    path: ["text"],
  });

export const feedbackParamsSchema = z.object({ message_id: z.string().max(128) });
