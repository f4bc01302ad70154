import { z } from "zod";

/**
 * Buttons on messages (docs/channels.md, "Buttons"): what a bot (the offer_choices tool), an
 * operator (POST /v1/threads/{id}/send) or a confirmation question offers under a message, and
 * the customer's press of one. Shared by the engine (offering), the threads module (storing a
 * press) and channel delivery (native buttons or numbered text).
 */

/** At most this many buttons under one message. */
export const MAX_BUTTONS = 10;
/** The longest label, in characters (Unicode code points). */
export const MAX_BUTTON_LABEL = 40;

/** A button as the API and the tool take it: a `url` makes it a link button, none a reply button. */
export const buttonInputSchema = z.strictObject({
  label: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .refine((label) => [...label].length <= MAX_BUTTON_LABEL, {
      message: `must be at most ${MAX_BUTTON_LABEL} characters`,
    })
    .refine((label) => !/[\r\n]/.test(label), { message: "must be one line" })
    .describe(`What the button shows: one line of at most ${MAX_BUTTON_LABEL} characters.`),
  url: z
    .url({ protocol: /^https?$/, message: "must be an absolute http(s) URL" })
    .max(2048, "must be at most 2048 characters")
    .optional()
    .describe("Makes it a link button that opens this http(s) URL; without it, pressing it answers."),
});
export type ButtonInput = z.infer<typeof buttonInputSchema>;

export const buttonInputsSchema = z
  .array(buttonInputSchema)
  .min(1, "must hold at least one button")
  .max(MAX_BUTTONS, `must hold at most ${MAX_BUTTONS} buttons`);

/** A button as stored on its message and shown by the API. */
export const messageButtonSchema = z
  .object({
    kind: z.enum(["reply", "link"]),
    label: z.string(),
    id: z
      .string()
      .optional()
      .describe("On `reply` buttons: `<message id>:<index>`, what a press carries back (at most 64 bytes)."),
    url: z.string().optional().describe("On `link` buttons: the URL it opens."),
  })
  .meta({ id: "MessageButton" });
export type MessageButton = z.infer<typeof messageButtonSchema>;

/** The press of a reply button, stored on the customer's message it became. */
export const messageChoiceSchema = z
  .object({
    message_id: z.string().describe("The message that offered the button."),
    button_id: z.string(),
    label: z.string().describe("The pressed button's label."),
  })
  .meta({ id: "MessageChoice" });
export type MessageChoice = z.infer<typeof messageChoiceSchema>;

/**
 * The stored buttons of the message `messageId`: reply buttons get the id
 * `<message id>:<index>`, which names the message and the button without any lookup table and
 * stays far below Telegram's 64-byte `callback_data` limit (message ids are ~30 ASCII bytes).
 */
export function withButtonIds(messageId: string, inputs: readonly ButtonInput[]): MessageButton[] {
  return inputs.map((input, index) =>
    input.url !== undefined
      ? { kind: "link", label: input.label, url: input.url }
      : { kind: "reply", label: input.label, id: `${messageId}:${index}` },
  );
}

/** The message and button index a button id names, or undefined for anything Parley did not issue. */
export function parseButtonId(buttonId: string): { messageId: string; index: number } | undefined {
  const match = /^(msg_[A-Za-z0-9]{1,48}):(\d{1,2})$/.exec(buttonId);
  if (!match) return undefined;
  return { messageId: match[1] as string, index: Number(match[2]) };
}

/** The press of `buttonId` if it names a reply button of `message` (whose `buttons` JSON is given). */
export function choiceOf(
  message: { id: string; buttons: string | null },
  buttonId: string,
): MessageChoice | undefined {
  const named = parseButtonId(buttonId);
  if (!named || named.messageId !== message.id || message.buttons === null) return undefined;
  const button = (JSON.parse(message.buttons) as MessageButton[])[named.index];
  if (button?.kind !== "reply" || button.id !== buttonId) return undefined;
  return { message_id: message.id, button_id: buttonId, label: button.label };
}

/**
 * The buttons as numbered lines for channels without native buttons: "1. Yes\n2. No"; a link
 * button's URL follows its label ("3. Our site: https://…").
 */
export function numberedButtons(buttons: readonly MessageButton[]): string {
  return buttons
    .map((button, index) => `${index + 1}. ${button.label}${button.url ? `: ${button.url}` : ""}`)
    .join("\n");
}

/**
 * Which reply button a typed answer to numbered buttons picks: exactly one of the numbers
 * (surrounding spaces and a trailing dot allowed) or a label, case-insensitive.
 */
export function typedChoice(text: string, buttons: readonly MessageButton[]): MessageButton | undefined {
  const answer = text.trim().replace(/\.$/, "").trim();
  const byNumber = /^\d{1,2}$/.test(answer) ? buttons[Number(answer) - 1] : undefined;
  const picked =
    byNumber ?? buttons.find((button) => button.label.trim().toLowerCase() === answer.toLowerCase());
  return picked?.kind === "reply" ? picked : undefined;
}

/** What a message with buttons reads as in a transcript: its text, then "[Yes] [No]". */
export function buttonsAsText(buttons: readonly MessageButton[]): string {
  return buttons.map((button) => `[${button.label}${button.url ? `: ${button.url}` : ""}]`).join(" ");
}
