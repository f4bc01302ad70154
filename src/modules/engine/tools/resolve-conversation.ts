import { tool } from "ai";
import { z } from "zod";
import type { BuiltinTool } from "../../../tools/tool-context.js";
import { reasonSuffix } from "../../../tools/tool-presentation.js";

export const inputSchema = z.object({
  reason: z
    .string()
    .max(500, "must be at most 500 characters")
    .optional()
    .describe("Why the conversation is done, in a sentence (seen by operators)."),
});

/** What the model is told after resolving; also documented in GET /v1/tools. */
export const RESOLVE_INSTRUCTION =
  "The conversation is marked resolved. Say goodbye briefly in the user's language; if they write again, " +
  "the conversation reopens by itself.";

export const resolveConversationTool: BuiltinTool = {
  name: "resolve_conversation",
  description:
    "Marks the conversation `resolved` (raising the status-change event and webhook); a new message from the " +
    'customer reopens it (docs/conversations.md, "Status").',
  presentation: {
    title: { en: "Resolve the conversation", ru: "Закрыть разговор" },
    summary: {
      en: "Lets the bot mark a conversation as resolved once the customer's question is answered; it reopens when they write again.",
      ru: "Даёт боту отметить разговор решённым, когда вопрос клиента закрыт; он откроется снова, если клиент напишет.",
    },
    ask: (args, language) => {
      const why = reasonSuffix(args, language);
      return language === "ru"
        ? `отметить разговор решённым${why}`
        : `mark this conversation as resolved${why}`;
    },
  },
  inputSchema,
  create: (context) =>
    tool({
      description:
        "Mark the conversation as resolved. Use it only when the user's request is fully handled and they " +
        "confirm they need nothing else. If the user writes again, the conversation reopens by itself.",
      inputSchema,
      execute: async () => {
        await context.resolveConversation?.();
        return { resolved: true as const, instruction: RESOLVE_INSTRUCTION };
      },
    }),
};
