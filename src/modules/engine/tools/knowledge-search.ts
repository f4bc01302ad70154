import { tool } from "ai";
import { z } from "zod";
import type { BuiltinTool } from "../../../tools/tool-context.js";
import { quote, textArg } from "../../../tools/tool-presentation.js";

export const inputSchema = z.object({
  query: z
    .string()
    .min(1, "must not be empty")
    .max(500, "must be at most 500 characters")
    .describe("What to look for, in words likely to appear in the documents."),
  limit: z
    .number()
    .int("must be a whole number")
    .min(1, "must be between 1 and 10")
    .max(10, "must be between 1 and 10")
    .default(5)
    .describe("How many passages to return (1 to 10, default 5)."),
});

export const NO_KNOWLEDGE_NOTE =
  "Nothing found: either no knowledge base is connected to this bot or nothing in it matched the query. " +
  "Do not invent an answer from the knowledge base; answer from what you know or say you do not know.";

export const knowledgeSearchTool: BuiltinTool = {
  name: "knowledge_search",
  description:
    "Searches the bot's knowledge base (its vector stores) and returns the best-matching passages with their source " +
    "and score. Returns no results while the bot has no knowledge base.",
  presentation: {
    title: { en: "Knowledge search", ru: "Поиск по базе знаний" },
    summary: {
      en: "Looks for answers in the documents, FAQs and price lists connected to the bot.",
      ru: "Ищет ответы в подключённых к боту документах, FAQ и прайс-листах.",
    },
    ask: (args, language) => {
      const query = textArg(args, "query");
      if (language === "ru") return `поискать в базе знаний${query ? `: ${quote(query, language)}` : ""}`;
      return `search our knowledge base${query ? ` for ${quote(query, language)}` : ""}`;
    },
  },
  inputSchema,
  create: (context) =>
    tool({
      description:
        "Search the knowledge base of this business (documents, FAQs, price lists, policies) for passages relevant to " +
        "the user's question. Use it before answering questions about the business; cite only what it returns.",
      inputSchema,
      execute: async ({ query, limit }) => {
        const results = await context.searchKnowledge(query, limit);
        const found = results
          .slice(0, limit)
          .map((r) => ({ text: r.text, source: r.source, score: r.score }));
        return found.length > 0 ? { results: found } : { results: found, note: NO_KNOWLEDGE_NOTE };
      },
    }),
};
