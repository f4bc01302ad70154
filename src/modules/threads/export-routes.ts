import { Readable } from "node:stream";
import { z } from "zod";
import { authOf } from "../../infra/api-guard.js";
import type { AuthContext } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import type { App } from "../../infra/http-types.js";
import type { ConversationService } from "./conversation-service.js";
import {
  listThreadsQuerySchema,
  messageSchema,
  type ThreadListItem,
  threadDetailSchema,
  threadParamsSchema,
} from "./schemas.js";
import { csvLine, downloadName, transcriptText } from "./transcript.js";

const tags = ["Threads"];

/** Threads read per page while a CSV is written: the list never sits in memory whole. */
const CSV_PAGE = 100;

const exportQuerySchema = z.object({
  format: z
    .enum(["text", "json"])
    .default("text")
    .describe("`text`: a readable transcript; `json`: the thread and all its messages."),
});

export const threadExportSchema = z
  .object({
    thread: threadDetailSchema,
    messages: z.array(messageSchema).describe("Every message, oldest first (tool steps included)."),
    exported_at: z.string().describe("ISO 8601, UTC."),
  })
  .meta({ id: "ThreadExport" });

/** The list's filters, without its paging: every matching thread is written. */
const csvQuerySchema = listThreadsQuerySchema.omit({ limit: true, offset: true, cursor: true });

/** The CSV's columns, one line per thread (docs/conversations.md, "Exporting conversations"). */
const COLUMNS: Array<[string, (thread: ThreadListItem, messages: number) => string | number | null]> = [
  ["id", (t) => t.id],
  ["title", (t) => t.title],
  ["created_at", (t) => t.created_at],
  ["last_message_at", (t) => t.last_message_at],
  ["mode", (t) => t.mode],
  ["pending_count", (t) => t.pending_count],
  ["assignee_id", (t) => t.assignee?.id ?? null],
  ["assignee_name", (t) => t.assignee?.name ?? null],
  ["person_id", (t) => t.person?.id ?? null],
  ["person_name", (t) => t.person?.name ?? null],
  ["chat_id", (t) => t.chat_id],
  ["bot_id", (t) => t.bot_id],
  ["message_count", (_, messages) => messages],
  ["last_message", (t) => t.last_message?.content ?? null],
];

/**
 * Exports (docs/conversations.md, "Exporting conversations"): one conversation as a transcript
 * (text or JSON), and the inbox's list, filtered as GET /v1/threads is, as CSV. Both downloads.
 */
export function threadExportRoutes(
  app: App,
  deps: {
    conversations: ConversationService;
    /** Messages per thread, for a page of the CSV. */
    messageCounts: (projectId: string, threadIds: string[]) => Promise<Map<string, number>>;
    clock: Clock;
  },
): void {
  const { conversations } = deps;

  app.get(
    "/threads/export.csv",
    {
      schema: {
        tags,
        operationId: "exportThreadsCsv",
        summary: "Export the filtered thread list as CSV",
        description:
          "Every thread GET /v1/threads would list with the same filters (`search` included), in the same order, " +
          "one line each: id, title, created_at, last_message_at, mode, pending_count, assignee, person, chat_id, " +
          "bot_id, message_count, last_message. Written page by page as it is read; a download " +
          "(Content-Disposition). A text starting with = + - @ is prefixed with `'` so no spreadsheet runs it.",
        querystring: csvQuerySchema,
        response: {
          200: {
            description: "The threads as CSV (RFC 4180, a header line first, CRLF line ends).",
            content: { "text/csv": { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      // The first page is read before the answer starts, so a bad filter is still a 4xx.
      const first = await conversations.listThreads(auth, { ...request.query, limit: CSV_PAGE, offset: 0 });
      const stamp = deps.clock.now().toISOString().slice(0, 10);
      return (
        reply
          .type("text/csv; charset=utf-8")
          .header(
            "content-disposition",
            `attachment; filename="${downloadName(`parley-threads-${stamp}`, "csv")}"`,
          )
          // A stream (the typed reply knows only the documented string): written as it is read.
          .send(Readable.from(csvLines(auth, request.query, first)) as unknown as string)
      );
    },
  );

  async function* csvLines(
    auth: AuthContext,
    query: z.infer<typeof csvQuerySchema>,
    first: { data: ThreadListItem[]; next_cursor: string | null },
  ): AsyncGenerator<string> {
    yield csvLine(COLUMNS.map(([name]) => name));
    let page = first;
    for (;;) {
      const counts = await deps.messageCounts(
        auth.projectId,
        page.data.map((thread) => thread.id),
      );
      let text = "";
      for (const thread of page.data)
        text += csvLine(COLUMNS.map(([, value]) => value(thread, counts.get(thread.id) ?? 0)));
      if (text) yield text;
      if (page.next_cursor === null) return;
      page = await conversations.listThreads(auth, {
        ...query,
        limit: CSV_PAGE,
        offset: 0,
        cursor: page.next_cursor,
      });
    }
  }

  app.get(
    "/threads/:thread_id/export",
    {
      schema: {
        tags,
        operationId: "exportThread",
        summary: "Export a conversation",
        description:
          "`format=text` (default): a transcript to read: each message with its time (UTC) and author (the customer, " +
          "the bot, the operator by name), attachments named, tool steps left out. `format=json`: the thread (as GET " +
          "/v1/threads/{thread_id}) and every message. Both are downloads (Content-Disposition). Private notes are " +
          "never part of it. A PDF is the console's print of the transcript (docs/console.md).",
        params: threadParamsSchema,
        querystring: exportQuerySchema,
        response: {
          200: {
            description: "The transcript (text/plain) or the thread with its messages (application/json).",
            content: {
              "text/plain": { schema: z.string() },
              "application/json": { schema: threadExportSchema },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const threadId = request.params.thread_id;
      const thread = await conversations.threadDetail(auth, threadId);
      const messages = await conversations.messages(auth, threadId);
      const exportedAt = deps.clock.now().toISOString();
      const json = request.query.format === "json";
      const name = downloadName(`parley-conversation-${thread.id}`, json ? "json" : "txt");
      reply.header("content-disposition", `attachment; filename="${name}"`);
      if (json) {
        const body = { thread, messages, exported_at: exportedAt };
        return reply.type("application/json; charset=utf-8").send(JSON.stringify(body, null, 2));
      }
      return reply.type("text/plain; charset=utf-8").send(transcriptText(thread, messages, exportedAt));
    },
  );
}
