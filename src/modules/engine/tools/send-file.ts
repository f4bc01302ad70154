import { tool } from "ai";
import { z } from "zod";
import type { PublicMessageFile } from "../../../events/message.js";
import type { BuiltinTool } from "../../../tools/tool-context.js";
import { quote, textArg } from "../../../tools/tool-presentation.js";

export const SEND_FILE_TOOL = "send_file";

/** The longest text file the model may write and send (characters). */
export const GENERATED_MAX_CHARS = 200_000;

export const inputSchema = z
  .object({
    url: z.url().max(2048).optional().describe("An http(s) URL of the picture or file."),
    knowledge_file_id: z
      .string()
      .min(1)
      .max(128)
      .optional()
      .describe("Or the id of one of the project's knowledge files (GET /v1/files)."),
    content: z
      .string()
      .min(1)
      .max(GENERATED_MAX_CHARS)
      .optional()
      .describe(
        "Or the file's text, written by you (a list, a table as CSV); give `name` ending in .txt or .csv.",
      ),
    caption: z.string().max(1024).optional().describe("A short text sent with the file."),
    name: z
      .string()
      .max(255)
      .optional()
      .describe("The file's name as the customer sees it, with its extension (e.g. price-list.pdf)."),
  })
  .refine(
    (input) =>
      [input.url, input.knowledge_file_id, input.content].filter((value) => value !== undefined).length === 1,
    { message: "give exactly one of url, knowledge_file_id and content" },
  )
  .refine((input) => input.content === undefined || /\.(txt|csv)$/i.test(input.name ?? ""), {
    message: "a file you write needs a name ending in .txt or .csv",
    path: ["name"],
  });

/**
 * send_file (docs/agent.md, "Sending files"): fetches the file now and keeps it like an
 * operator's upload (docs/channels.md, "Files"); the turn's reply then carries it
 * (store-response.ts reads the successful results back through `filesIn`).
 */
export const sendFileTool: BuiltinTool = {
  name: SEND_FILE_TOOL,
  description:
    "Sends a picture or file (from an http(s) URL, a knowledge file, or a text or CSV file the model writes) with " +
    "the bot's reply: images jpeg, png, " +
    'webp, gif; documents pdf, txt, csv, office files, zip; within PARLEY_ATTACHMENT_MAX_BYTES (docs/channels.md, "Files").',
  presentation: {
    title: { en: "Send pictures and files", ru: "Отправлять картинки и файлы" },
    summary: {
      en: "Lets the bot send a picture or a document from a link or the knowledge files, or a text or CSV file it writes.",
      ru: "Даёт боту отправлять картинку или документ по ссылке или из файлов базы знаний, или текстовый или CSV-файл, который он пишет сам.",
    },
    ask: (args, language) => {
      const what = textArg(args, "name") ?? textArg(args, "url") ?? textArg(args, "knowledge_file_id");
      const shown = what ? ` ${quote(what, language)}` : "";
      return language === "ru" ? `отправить вам файл${shown}` : `send you the file${shown}`;
    },
  },
  inputSchema,
  create: (context) =>
    tool({
      description:
        "Send the user a picture or a document with your reply, from an http(s) URL or a knowledge file id, " +
        "or write a text or CSV file yourself (`content` with a `name` ending in .txt or .csv). " +
        "Write your reply's text as usual; the file goes out after it.",
      inputSchema,
      execute: async (input) => {
        if (!context.attachFile) return { attached: false as const, error: "Files cannot be sent here." };
        const result = await context.attachFile({
          ...(input.url ? { url: input.url } : {}),
          ...(input.knowledge_file_id ? { knowledgeFileId: input.knowledge_file_id } : {}),
          ...(input.content !== undefined ? { content: input.content } : {}),
          ...(input.name ? { name: input.name } : {}),
          ...(input.caption ? { caption: input.caption } : {}),
        });
        if (!result.ok) return { attached: false as const, error: result.error };
        return {
          attached: true as const,
          file: result.file,
          instruction: "The file is sent after your reply's text.",
        };
      },
    }),
};

type Part = { type: string; toolName?: string; output?: { type: string; value?: unknown } };

/** The files the turn's send_file calls attached, in call order. */
export function filesIn(messages: ReadonlyArray<{ content: unknown }>): PublicMessageFile[] {
  return messages
    .flatMap((message) => (Array.isArray(message.content) ? (message.content as Part[]) : []))
    .filter(
      (part) =>
        part.type === "tool-result" && part.toolName === SEND_FILE_TOOL && part.output?.type === "json",
    )
    .map((part) => part.output?.value as { attached?: boolean; file?: PublicMessageFile })
    .filter((value) => value?.attached === true && value.file !== undefined)
    .map((value) => value.file as PublicMessageFile);
}
