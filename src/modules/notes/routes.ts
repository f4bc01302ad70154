import { authOf } from "../../infra/api-guard.js";
import { deletedSchema } from "../../infra/common-schemas.js";
import { errorResponses } from "../../infra/error-responses.js";
import type { App } from "../../infra/http-types.js";
import type { NotesService } from "./notes-service.js";
import {
  createNoteBodySchema,
  markMentionsReadBodySchema,
  mentionsQuerySchema,
  noteMentionListSchema,
  threadNoteListSchema,
  threadNoteParamsSchema,
  threadNoteSchema,
  threadNotesParamsSchema,
  unreadCountSchema,
  updateNoteBodySchema,
} from "./schemas.js";

const tags = ["Notes"];
const NOTE = "/threads/:thread_id/notes/:note_id";
const NOT_FOUND = "`thread_not_found`, `note_not_found`: no such thread, or no such note in it.";
const NOT_AUTHOR =
  "`not_note_author`: only the note's author (that operator, or that API key) may change it.";
const UNKNOWN_OPERATOR = "`unknown_operator`: a mentioned id is not an operator of the project.";
const NO_OPERATOR = "`operator_session_required`: mentions are a signed-in operator's; an API key has none.";

/**
 * Private notes under /v1 (docs/conversations.md, "Private notes"): a thread's notes, with the
 * same access as reading the thread, and the signed-in operator's mentions inbox.
 */
export function notesRoutes(app: App, notes: NotesService): void {
  app.get(
    "/threads/:thread_id/notes",
    {
      schema: {
        tags,
        operationId: "listThreadNotes",
        summary: "A thread's private notes, oldest first",
        description: "Every note of the thread (not paginated, as the thread's messages).",
        params: threadNotesParamsSchema,
        response: { 200: threadNoteListSchema, ...errorResponses({ 404: "`thread_not_found`" }) },
      },
    },
    async (request) => ({ data: await notes.list(authOf(request), request.params.thread_id) }),
  );

  app.post(
    "/threads/:thread_id/notes",
    {
      schema: {
        tags,
        operationId: "createThreadNote",
        summary: "Write a private note in a thread",
        description:
          "A note the team sees and the customer and the model never do: it is not a message, so it is never in " +
          "a prompt, a delivery to the customer, the widget or the message list. Each operator in `mentions` gets " +
          "an unread mention (GET /v1/operators/me/mentions). Raises the thread event `note_created` and the " +
          "webhook event `thread.note.created`.",
        params: threadNotesParamsSchema,
        body: createNoteBodySchema,
        response: {
          200: threadNoteSchema,
          ...errorResponses({ 404: "`thread_not_found`", 422: UNKNOWN_OPERATOR }),
        },
      },
    },
    async (request) => notes.create(authOf(request), request.params.thread_id, request.body),
  );

  app.post(
    NOTE,
    {
      schema: {
        tags,
        operationId: "updateThreadNote",
        summary: "Edit your private note",
        description:
          "Fields not sent are unchanged; `mentions` replaces the list (operators added get an unread mention, " +
          "operators taken off lose theirs). Raises the thread event `note_updated`.",
        params: threadNoteParamsSchema,
        body: updateNoteBodySchema,
        response: {
          200: threadNoteSchema,
          ...errorResponses({ 403: NOT_AUTHOR, 404: NOT_FOUND, 422: UNKNOWN_OPERATOR }),
        },
      },
    },
    async (request) =>
      notes.update(authOf(request), request.params.thread_id, request.params.note_id, request.body),
  );

  app.post(
    `${NOTE}/delete`,
    {
      schema: {
        tags,
        operationId: "deleteThreadNote",
        summary: "Delete your private note",
        description: "Its mentions go with it. Raises the thread event `note_deleted`.",
        params: threadNoteParamsSchema,
        response: { 200: deletedSchema, ...errorResponses({ 403: NOT_AUTHOR, 404: NOT_FOUND }) },
      },
    },
    async (request) => {
      const note = await notes.remove(authOf(request), request.params.thread_id, request.params.note_id);
      return { id: note.id, deleted: true as const };
    },
  );

  app.get(
    "/operators/me/mentions",
    {
      schema: {
        tags,
        operationId: "listMyMentions",
        summary: "Private notes that mention you, unread first",
        description:
          "The signed-in operator's mentions in the session's project, with the count of unread ones.",
        querystring: mentionsQuerySchema,
        response: { 200: noteMentionListSchema, ...errorResponses({ 403: NO_OPERATOR }) },
      },
    },
    async (request) =>
      notes.mentions(authOf(request), { unreadOnly: request.query.unread, limit: request.query.limit }),
  );

  app.post(
    "/operators/me/mentions/read",
    {
      schema: {
        tags,
        operationId: "markMyMentionsRead",
        summary: "Mark your mentions read",
        description:
          "Either `ids` (yours; others are skipped) or `all: true`. Answers the unread count left.",
        body: markMentionsReadBodySchema,
        response: { 200: unreadCountSchema, ...errorResponses({ 403: NO_OPERATOR }) },
      },
    },
    async (request) => notes.markRead(authOf(request), request.body),
  );
}
