import { api } from "../../api/client";

/**
 * Private notes (docs/conversations.md, "Private notes"): the API's ThreadNote and mentions
 * inbox, and the pure rules of writing a note with @mentions and placing notes in the timeline.
 */
export interface ThreadNote {
  id: string;
  thread_id: string;
  author: { type: "operator" | "api_key"; id: string; name: string | null };
  text: string;
  mentions: string[];
  created_at: string;
  updated_at: string;
}

export interface NoteMention {
  id: string;
  thread_id: string;
  note: ThreadNote;
  read_at: string | null;
  created_at: string;
}

export const NOTE_TEXT_MAX = 10_000;

const enc = encodeURIComponent;

export const notesKeys = {
  thread: (threadId: string) => ["inbox", "thread", threadId, "notes"] as const,
  mentions: ["inbox", "mentions"] as const,
};

export const listNotes = (threadId: string) =>
  api<{ data: ThreadNote[] }>(`/threads/${enc(threadId)}/notes`).then((answer) => answer.data);

export const createNote = (threadId: string, text: string, mentions: string[]) =>
  api<ThreadNote>(`/threads/${enc(threadId)}/notes`, { method: "POST", body: { text, mentions } });

/** The author edits the text; the note's mentions stay. */
export const updateNote = (threadId: string, noteId: string, text: string) =>
  api<ThreadNote>(`/threads/${enc(threadId)}/notes/${enc(noteId)}`, { method: "POST", body: { text } });

export const deleteNote = (threadId: string, noteId: string) =>
  api<{ id: string; deleted: true }>(`/threads/${enc(threadId)}/notes/${enc(noteId)}/delete`, {
    method: "POST",
  });

export const listMentions = () =>
  api<{ data: NoteMention[]; unread_count: number }>("/operators/me/mentions", { query: { limit: 30 } });

export const markMentionsRead = (body: { ids: string[] } | { all: true }) =>
  api<{ unread_count: number }>("/operators/me/mentions/read", { method: "POST", body });

/** Adds or replaces a note in a thread's notes (oldest first); removes it when `deleted`. */
export function mergeNote(notes: ThreadNote[], note: ThreadNote, deleted = false): ThreadNote[] {
  const rest = notes.filter((n) => n.id !== note.id);
  if (deleted) return rest;
  return [...rest, note].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

/**
 * Where notes go among the conversation's items (each with its time, oldest first): `before[i]`
 * are the notes written before item i (and after item i-1), `after` those after the last item.
 */
export function placeNotes(
  itemTimes: readonly string[],
  notes: readonly ThreadNote[],
): { before: ThreadNote[][]; after: ThreadNote[] } {
  const before: ThreadNote[][] = itemTimes.map(() => []);
  const after: ThreadNote[] = [];
  let index = 0;
  for (const note of notes) {
    while (index < itemTimes.length && itemTimes[index]! <= note.created_at) index++;
    if (index < itemTimes.length) before[index]!.push(note);
    else after.push(note);
  }
  return { before, after };
}

/** The `@word` being typed just before the caret, if any: what the mention picker filters by. */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|\s)@([\p{L}\p{N}_.-]*)$/u.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, query: match[2]! };
}

/** The text with the `@query` at `start` replaced by `@Name `, and the caret after it. */
export function insertMention(
  text: string,
  at: { start: number; query: string },
  name: string,
): { text: string; caret: number } {
  const inserted = `@${name} `;
  const end = at.start + 1 + at.query.length;
  return { text: text.slice(0, at.start) + inserted + text.slice(end), caret: at.start + inserted.length };
}

/**
 * The operators a note mentions: those picked whose `@Name` is still in the text (a picked name
 * the writer deleted again notifies nobody). Each once, in the order picked.
 */
export function mentionedIds(text: string, picked: ReadonlyArray<{ id: string; name: string }>): string[] {
  const ids: string[] = [];
  for (const operator of picked) {
    if (text.includes(`@${operator.name}`) && !ids.includes(operator.id)) ids.push(operator.id);
  }
  return ids;
}
