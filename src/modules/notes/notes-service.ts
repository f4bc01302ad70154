import type { Transactor, UnitOfWork } from "../../events/unit-of-work.js";
import type { AuthContext } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import { ApiError, forbidden, notFound } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { Repos } from "../../storage/repos/index.js";
import type { NoteMention, ThreadNote } from "../../storage/repos/thread-notes.repo.js";
import type { ThreadRow } from "../../storage/repos/threads.repo.js";
import type { NoteAuthorType } from "../../storage/schema-notes.js";
import type { CreateNoteBody, MarkMentionsReadBody, UpdateNoteBody } from "./schemas.js";

type Author = { type: NoteAuthorType; id: string };

/** Who writes: the signed-in operator, or the API key (only that key may edit its notes). */
function authorOf(auth: AuthContext): Author {
  return auth.operator ? { type: "operator", id: auth.operator.id } : { type: "api_key", id: auth.keyId };
}

const notAuthor = (noteId: string) =>
  new ApiError(403, "not_note_author", `Only the author of the note '${noteId}' may change or delete it.`);

/**
 * Private notes in threads and the mentions inbox (docs/conversations.md, "Private notes").
 * Notes live in their own table, never as messages, so no prompt, delivery, widget history or
 * customer-facing stream reads them. Each change records `thread.note` in its unit of work: the
 * operators' thread event and, for a new note, the `thread.note.created` webhook commit with it.
 */
export class NotesService {
  constructor(
    private readonly deps: { repos: Repos; transactor: Transactor; clock: Clock; newId: IdGenerator },
  ) {}

  async list(auth: AuthContext, threadId: string): Promise<ThreadNote[]> {
    const thread = await this.resolveThread(auth, threadId);
    return this.deps.repos.threadNotes.listForThread(auth.projectId, thread.id);
  }

  async create(auth: AuthContext, threadId: string, body: CreateNoteBody): Promise<ThreadNote> {
    await this.resolveThread(auth, threadId);
    const mentions = await this.validMentions(auth.projectId, body.mentions ?? []);
    const author = authorOf(auth);
    const now = this.deps.clock.now().toISOString();
    const id = this.deps.newId("note");
    return this.deps.transactor.run(auth.projectId, async (unit) => {
      const thread = await this.threadIn(unit, auth.projectId, threadId);
      await unit.repos.threadNotes.insert({
        id,
        project_id: auth.projectId,
        thread_id: threadId,
        author_type: author.type,
        author_id: author.id,
        text: body.text,
        mentions: JSON.stringify(mentions),
        created_at: now,
        updated_at: now,
      });
      const mentioned = await this.notify(unit, auth, threadId, id, mentions, now);
      const note = (await unit.repos.threadNotes.find(auth.projectId, threadId, id))!;
      unit.record({
        type: "thread.note",
        action: "created",
        threadId,
        chatId: thread.chat_id,
        note,
        mentioned,
      });
      return note;
    });
  }

  /** The author edits their note: fields not sent stay; `mentions` replaces the list. */
  async update(
    auth: AuthContext,
    threadId: string,
    noteId: string,
    body: UpdateNoteBody,
  ): Promise<ThreadNote> {
    await this.resolveThread(auth, threadId);
    const wanted =
      body.mentions === undefined ? undefined : await this.validMentions(auth.projectId, body.mentions);
    const now = this.deps.clock.now().toISOString();
    return this.deps.transactor.run(auth.projectId, async (unit) => {
      const thread = await this.threadIn(unit, auth.projectId, threadId);
      const row = await this.ownNote(unit, auth, threadId, noteId);
      const mentions = wanted ?? (JSON.parse(row.mentions) as string[]);
      const text = body.text ?? row.text;
      await unit.repos.threadNotes.update(noteId, { text, mentions, updated_at: now });
      await unit.repos.threadNotes.removeMentionsExcept(noteId, mentions);
      const mentioned = await this.notify(unit, auth, threadId, noteId, mentions, now);
      const note = (await unit.repos.threadNotes.find(auth.projectId, threadId, noteId))!;
      unit.record({
        type: "thread.note",
        action: "updated",
        threadId,
        chatId: thread.chat_id,
        note,
        mentioned,
      });
      return note;
    });
  }

  /** The author deletes their note, and its mentions with it. */
  async remove(auth: AuthContext, threadId: string, noteId: string): Promise<ThreadNote> {
    await this.resolveThread(auth, threadId);
    return this.deps.transactor.run(auth.projectId, async (unit) => {
      const thread = await this.threadIn(unit, auth.projectId, threadId);
      await this.ownNote(unit, auth, threadId, noteId);
      const note = (await unit.repos.threadNotes.find(auth.projectId, threadId, noteId))!;
      await unit.repos.threadNotes.delete(noteId);
      unit.record({
        type: "thread.note",
        action: "deleted",
        threadId,
        chatId: thread.chat_id,
        note,
        mentioned: [],
      });
      return note;
    });
  }

  /** The signed-in operator's mentions in the session's project. */
  async mentions(
    auth: AuthContext,
    options: { unreadOnly: boolean; limit: number },
  ): Promise<{ data: NoteMention[]; unread_count: number }> {
    const operatorId = this.signedIn(auth);
    const notes = this.deps.repos.threadNotes;
    const [data, unread] = await Promise.all([
      notes.listMentions(auth.projectId, operatorId, options),
      notes.countUnread(auth.projectId, operatorId),
    ]);
    return { data, unread_count: unread };
  }

  async markRead(auth: AuthContext, body: MarkMentionsReadBody): Promise<{ unread_count: number }> {
    const operatorId = this.signedIn(auth);
    const notes = this.deps.repos.threadNotes;
    const at = this.deps.clock.now().toISOString();
    await notes.markRead(auth.projectId, operatorId, body.all ? null : (body.ids ?? []), at);
    return { unread_count: await notes.countUnread(auth.projectId, operatorId) };
  }

  /** Inbox entries for the mentioned (never the author themselves); the ids notified now. */
  private notify(
    unit: UnitOfWork,
    auth: AuthContext,
    threadId: string,
    noteId: string,
    mentions: readonly string[],
    now: string,
  ): Promise<string[]> {
    const others = mentions.filter((id) => id !== auth.operator?.id);
    return unit.repos.threadNotes.addMentions(
      others.map((operatorId) => ({
        id: this.deps.newId("mention"),
        project_id: auth.projectId,
        thread_id: threadId,
        note_id: noteId,
        operator_id: operatorId,
        created_at: now,
      })),
    );
  }

  /** The ids, once each, in order; 422 `unknown_operator` for one not in the project. */
  private async validMentions(projectId: string, ids: readonly string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const members = new Set((await this.deps.repos.operators.listMembers(projectId)).map((m) => m.id));
    const unknown = unique.find((id) => !members.has(id));
    if (unknown !== undefined) {
      throw new ApiError(422, "unknown_operator", `No operator with id '${unknown}' is in this project.`);
    }
    return unique;
  }

  private async ownNote(unit: UnitOfWork, auth: AuthContext, threadId: string, noteId: string) {
    const row = await unit.repos.threadNotes.lock(auth.projectId, threadId, noteId);
    if (!row) throw notFound("note", noteId);
    const author = authorOf(auth);
    if (row.author_type !== author.type || row.author_id !== author.id) throw notAuthor(noteId);
    return row;
  }

  private signedIn(auth: AuthContext): string {
    if (!auth.operator) {
      throw new ApiError(
        403,
        "operator_session_required",
        "Mentions belong to a person: sign in to the console (an API key has no mentions).",
      );
    }
    return auth.operator.id;
  }

  private async threadIn(unit: UnitOfWork, projectId: string, threadId: string): Promise<ThreadRow> {
    const thread = await unit.repos.threads.find(projectId, threadId);
    if (!thread) throw notFound("thread", threadId);
    return thread;
  }

  /** As reading the thread: 404 when no project has it, 403 when only another project does. */
  private async resolveThread(auth: AuthContext, threadId: string): Promise<ThreadRow> {
    const threads = this.deps.repos.threads;
    const thread = await threads.find(auth.projectId, threadId);
    if (thread) return thread;
    if (await threads.existsInOtherProject(auth.projectId, threadId)) {
      throw forbidden(`The thread '${threadId}' belongs to another project.`);
    }
    throw notFound("thread", threadId);
  }
}
