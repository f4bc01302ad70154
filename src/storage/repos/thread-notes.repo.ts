import type { Kysely, Selectable } from "kysely";
import { dialectOf } from "../dialect.js";
import type { Database } from "../schema.js";
import type { NoteAuthorType, NoteMentionsTable, ThreadNotesTable } from "../schema-notes.js";

export type ThreadNoteRow = Selectable<ThreadNotesTable>;
export type NoteMentionRow = Selectable<NoteMentionsTable>;

/** A private note as the API, webhooks and thread events show it (OpenAPI `ThreadNote`). */
export interface ThreadNote {
  id: string;
  thread_id: string;
  author: { type: NoteAuthorType; id: string; name: string | null };
  text: string;
  mentions: string[];
  created_at: string;
  updated_at: string;
}

/** One entry of an operator's mentions inbox (OpenAPI `NoteMention`). */
export interface NoteMention {
  id: string;
  thread_id: string;
  note: ThreadNote;
  read_at: string | null;
  created_at: string;
}

/** Ids per query: far below either database's limit on bound parameters. */
const IDS_PER_QUERY = 500;

/**
 * Private notes in threads and the mentions inbox (docs/conversations.md, "Private notes").
 * Notes are never messages: nothing here is read by a prompt, a delivery or the widget.
 */
export class ThreadNotesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: ThreadNoteRow): Promise<void> {
    await this.db.insertInto("thread_notes").values(row).execute();
  }

  async find(projectId: string, threadId: string, noteId: string): Promise<ThreadNote | undefined> {
    const row = await this.selectPublic()
      .where("n.project_id", "=", projectId)
      .where("n.thread_id", "=", threadId)
      .where("n.id", "=", noteId)
      .executeTakeFirst();
    return row ? toPublic(row) : undefined;
  }

  /** The note's row, locked until the transaction ends on PostgreSQL (SQLite has one writer). */
  async lock(projectId: string, threadId: string, noteId: string): Promise<ThreadNoteRow | undefined> {
    const query = this.db
      .selectFrom("thread_notes")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("thread_id", "=", threadId)
      .where("id", "=", noteId);
    return (dialectOf(this.db) === "postgres" ? query.forUpdate() : query).executeTakeFirst();
  }

  /** Every note of a thread, oldest first. */
  async listForThread(projectId: string, threadId: string): Promise<ThreadNote[]> {
    const rows = await this.selectPublic()
      .where("n.project_id", "=", projectId)
      .where("n.thread_id", "=", threadId)
      .orderBy("n.created_at")
      .orderBy("n.id")
      .execute();
    return rows.map(toPublic);
  }

  async update(id: string, patch: { text: string; mentions: string[]; updated_at: string }): Promise<void> {
    await this.db
      .updateTable("thread_notes")
      .set({ text: patch.text, mentions: JSON.stringify(patch.mentions), updated_at: patch.updated_at })
      .where("id", "=", id)
      .execute();
  }

  /** Deletes the note and, with it, its mentions. */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom("note_mentions").where("note_id", "=", id).execute();
    await this.db.deleteFrom("thread_notes").where("id", "=", id).execute();
  }

  /**
   * Gives each of these operators an unread mention of the note, unless they have one; the ids
   * of those who got one now (a note edited to mention someone again notifies only the new).
   */
  async addMentions(rows: Array<Omit<NoteMentionRow, "read_at">>): Promise<string[]> {
    const added: string[] = [];
    for (const row of rows) {
      const inserted = await this.db
        .insertInto("note_mentions")
        .values({ ...row, read_at: null })
        .onConflict((oc) => oc.columns(["note_id", "operator_id"]).doNothing())
        .returning("operator_id")
        .executeTakeFirst();
      if (inserted) added.push(inserted.operator_id);
    }
    return added;
  }

  /** Takes the note's mentions of everyone not in `keep` away (an edit that unmentions them). */
  async removeMentionsExcept(noteId: string, keep: readonly string[]): Promise<void> {
    let query = this.db.deleteFrom("note_mentions").where("note_id", "=", noteId);
    if (keep.length > 0) query = query.where("operator_id", "not in", [...keep]);
    await query.execute();
  }

  /** An operator's mentions in a project: unread first, then newest first. */
  async listMentions(
    projectId: string,
    operatorId: string,
    options: { unreadOnly: boolean; limit: number },
  ): Promise<NoteMention[]> {
    let query = this.db
      .selectFrom("note_mentions")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("operator_id", "=", operatorId);
    if (options.unreadOnly) query = query.where("read_at", "is", null);
    const rows = await query
      // Unread (null read_at) first on both databases, then the newest.
      .orderBy((eb) => eb.case().when("read_at", "is", null).then(0).else(1).end())
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(options.limit)
      .execute();
    const notes = await this.notesByIds(rows.map((row) => row.note_id));
    return rows.flatMap((row) => {
      const note = notes.get(row.note_id);
      return note
        ? [{ id: row.id, thread_id: row.thread_id, note, read_at: row.read_at, created_at: row.created_at }]
        : [];
    });
  }

  async countUnread(projectId: string, operatorId: string): Promise<number> {
    const row = await this.db
      .selectFrom("note_mentions")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("project_id", "=", projectId)
      .where("operator_id", "=", operatorId)
      .where("read_at", "is", null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Marks the operator's unread mentions read: these ids of theirs, or all (`ids` null). */
  async markRead(
    projectId: string,
    operatorId: string,
    ids: readonly string[] | null,
    at: string,
  ): Promise<void> {
    let query = this.db
      .updateTable("note_mentions")
      .set({ read_at: at })
      .where("project_id", "=", projectId)
      .where("operator_id", "=", operatorId)
      .where("read_at", "is", null);
    if (ids !== null) {
      if (ids.length === 0) return;
      query = query.where("id", "in", [...ids]);
    }
    await query.execute();
  }

  private async notesByIds(ids: readonly string[]): Promise<Map<string, ThreadNote>> {
    const unique = [...new Set(ids)];
    const notes = new Map<string, ThreadNote>();
    for (let at = 0; at < unique.length; at += IDS_PER_QUERY) {
      const rows = await this.selectPublic()
        .where("n.id", "in", unique.slice(at, at + IDS_PER_QUERY))
        .execute();
      for (const row of rows) notes.set(row.id, toPublic(row));
    }
    return notes;
  }

  private selectPublic() {
    return this.db
      .selectFrom("thread_notes as n")
      .leftJoin("operators as o", (join) =>
        join.onRef("o.id", "=", "n.author_id").on("n.author_type", "=", "operator"),
      )
      .select([
        "n.id",
        "n.thread_id",
        "n.author_type",
        "n.author_id",
        "n.text",
        "n.mentions",
        "n.created_at",
        "n.updated_at",
        "o.name as author_name",
      ]);
  }
}

type NoteSelection = Pick<
  ThreadNoteRow,
  "id" | "thread_id" | "author_type" | "author_id" | "text" | "mentions" | "created_at" | "updated_at"
> & { author_name: string | null };

function toPublic(row: NoteSelection): ThreadNote {
  return {
    id: row.id,
    thread_id: row.thread_id,
    author: {
      type: row.author_type,
      id: row.author_id,
      // Operators are never deleted (only removed from projects), so the name is there.
      name: row.author_type === "operator" ? (row.author_name ?? "") : null,
    },
    text: row.text,
    mentions: JSON.parse(row.mentions) as string[],
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
