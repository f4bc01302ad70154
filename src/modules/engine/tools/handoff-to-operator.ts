import { tool } from "ai";
import { z } from "zod";
import type { BuiltinTool } from "../../../tools/tool-context.js";
import { reasonSuffix } from "../../../tools/tool-presentation.js";

export const inputSchema = z.object({
  reason: z
    .string()
    .min(1, "must not be empty")
    .max(500, "must be at most 500 characters")
    .describe("Why a person should take over, in a sentence (seen by the operator)."),
  summary: z
    .string()
    .max(2000, "must be at most 2000 characters")
    .optional()
    .describe("A short summary of the conversation so far, so the operator need not read it all."),
});

/** What the model is told to do after handing off; also documented in GET /v1/tools. */
export const HANDOFF_INSTRUCTION =
  "The conversation is now handed to a human operator and you will not answer further messages. " +
  "Tell the user, briefly and in their language, that a person will take over shortly.";

export const handoffToOperatorTool: BuiltinTool = {
  name: "handoff_to_operator",
  description:
    "Hands the conversation to a human operator: the thread switches to `manual` mode (raising the " +
    "mode-change event and webhook) and the bot stops answering; the model then tells the user a person will take over.",
  presentation: {
    title: { en: "Hand over to an operator", ru: "Передать оператору" },
    summary: {
      en: "Passes the conversation to a person on your team; the bot stops answering until it is handed back.",
      ru: "Передаёт разговор сотруднику; бот перестаёт отвечать, пока разговор ему не вернут.",
    },
    ask: (args, language) => {
      const why = reasonSuffix(args, language);
      return language === "ru"
        ? `передать разговор сотруднику${why}`
        : `pass this conversation to a person on our team${why}`;
    },
  },
  inputSchema,
  create: (context) =>
    tool({
      description:
        "Hand the conversation to a human operator. Use it when the user asks for a person, when you " +
        "cannot help, or when the request needs a human decision. After calling it, tell the user a person " +
        "will take over; do not try to continue the conversation yourself.",
      inputSchema,
      execute: async () => {
        await context.setMode("manual");
        return { handed_off: true as const, instruction: HANDOFF_INSTRUCTION };
      },
    }),
};
