import { tool } from "ai";
import { z } from "zod";
import { buttonInputsSchema, MAX_BUTTON_LABEL, MAX_BUTTONS } from "../../../events/buttons.js";
import type { BuiltinTool } from "../../../tools/tool-context.js";
import { quote, textArg } from "../../../tools/tool-presentation.js";

export const OFFER_CHOICES_TOOL = "offer_choices";

export const inputSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(4000, "must be at most 4000 characters")
    .describe("The message shown above the buttons: your whole reply for this turn."),
  buttons: buttonInputsSchema.describe(
    `The buttons, in order: at most ${MAX_BUTTONS}, labels of at most ${MAX_BUTTON_LABEL} characters. ` +
      "A button with `url` opens that page; one without sends its label back as the user's answer.",
  ),
});
export type OfferChoicesInput = z.infer<typeof inputSchema>;

/** What the model is told after offering; also documented in GET /v1/tools. */
export const OFFER_INSTRUCTION =
  "The message and its buttons are sent to the user as your reply. The user's choice arrives as their next message.";

/**
 * offer_choices (docs/agent.md, "Buttons"): the turn ends at the call (model-call.ts stops on
 * it), and `text` with the buttons becomes the turn's reply (store-response.ts), delivered as
 * native buttons or numbered lines on each channel (docs/channels.md, "Buttons").
 */
export const offerChoicesTool: BuiltinTool = {
  name: OFFER_CHOICES_TOOL,
  description:
    "Replies with a message and up to 10 buttons under it (quick replies, and link buttons with a URL); the " +
    "turn ends there, and the customer's press arrives as their next message with a `choice` " +
    '(docs/channels.md, "Buttons").',
  presentation: {
    title: { en: "Offer choices as buttons", ru: "Предложить варианты кнопками" },
    summary: {
      en: "Lets the bot answer with buttons the customer can press instead of typing, and with link buttons.",
      ru: "Даёт боту отвечать кнопками, которые клиент может нажать вместо ответа текстом, и кнопками-ссылками.",
    },
    ask: (args, language) => {
      const text = textArg(args, "text");
      const shown = text ? ` ${quote(text, language)}` : "";
      return language === "ru"
        ? `показать вам варианты кнопками${shown}`
        : `show you choices as buttons${shown}`;
    },
  },
  inputSchema,
  create: () =>
    tool({
      description:
        "Reply with a message and buttons the user can press: use it when the user should pick one of a few " +
        "clear options (sizes, time slots, yes/no), or to offer a link. Put your whole reply in `text`; the " +
        "turn ends with this call. Keep labels short.",
      inputSchema,
      execute: async () => ({ shown: true as const, instruction: OFFER_INSTRUCTION }),
    }),
};

type Part = {
  type: string;
  toolCallId?: string;
  toolName?: string;
  input?: unknown;
  output?: { type: string };
};

/**
 * The offer a turn's steps made: the input of the last offer_choices call that ran (its result
 * not an error), read again through the schema so the stored text and labels are the trimmed ones.
 */
export function offerIn(messages: ReadonlyArray<{ content: unknown }>): OfferChoicesInput | undefined {
  const parts = messages.flatMap((message) =>
    Array.isArray(message.content) ? (message.content as Part[]) : [],
  );
  const ran = parts.filter(
    (part) =>
      part.type === "tool-result" && part.toolName === OFFER_CHOICES_TOOL && part.output?.type === "json",
  );
  for (const result of ran.reverse()) {
    const call = parts.find((part) => part.type === "tool-call" && part.toolCallId === result.toolCallId);
    const input = inputSchema.safeParse(call?.input);
    if (input.success) return input.data;
  }
  return undefined;
}
