import { tool } from "ai";
import { z } from "zod";
import type { BuiltinTool } from "../../../tools/tool-context.js";
import { quote, textArg } from "../../../tools/tool-presentation.js";

/** The bound of a thread's working-memory block, in characters (UTF-16 code units). */
export const WORKING_MEMORY_MAX_CHARS = 4000;

export const inputSchema = z.object({
  markdown: z
    .string()
    .max(
      WORKING_MEMORY_MAX_CHARS,
      `must be at most ${WORKING_MEMORY_MAX_CHARS} characters: shorten it, keeping only the facts that matter, and call the tool again`,
    )
    .describe(
      `The complete new working memory, as Markdown (at most ${WORKING_MEMORY_MAX_CHARS} characters). It replaces the previous block entirely; an empty string clears it.`,
    ),
});

/** The tool's name; the prompt's working-memory section names it too. */
export const WORKING_MEMORY_TOOL = "update_working_memory";

export const updateWorkingMemoryTool: BuiltinTool = {
  name: WORKING_MEMORY_TOOL,
  description:
    "Replaces the thread's working memory: a Markdown block of facts the bot keeps across turns (the user's name, " +
    `preferences, the state of their request), given to the model at every turn. At most ${WORKING_MEMORY_MAX_CHARS} characters.`,
  presentation: {
    title: { en: "Remember facts", ru: "Запоминать факты" },
    summary: {
      en: "Keeps short notes about the person and their request (name, preferences, what was agreed) for the rest of the conversation.",
      ru: "Ведёт короткие заметки о собеседнике и его запросе (имя, предпочтения, договорённости) до конца разговора.",
    },
    ask: (args, language) => {
      const notes = textArg(args, "markdown");
      if (!notes)
        return language === "ru" ? "очистить мои заметки о разговоре" : "clear my notes on this conversation";
      return language === "ru"
        ? `запомнить: ${quote(notes, language)}`
        : `note this down: ${quote(notes, language)}`;
    },
  },
  inputSchema,
  create: (context) =>
    tool({
      description:
        "Save what you should remember about this user and conversation (name, preferences, open requests, decisions). " +
        "Send the whole block: it replaces the previous one, so keep every fact that still matters. " +
        `At most ${WORKING_MEMORY_MAX_CHARS} characters of Markdown.`,
      inputSchema,
      execute: async ({ markdown }) => {
        await context.writeWorkingMemory(markdown);
        return { saved: true as const, length: markdown.length };
      },
    }),
};
