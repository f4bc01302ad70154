/** Private notes in threads and the mentions they make (migration 0035; docs/conversations.md, "Private notes"). */

export type NoteAuthorType = "operator" | "api_key";

export interface ThreadNotesTable {
  /** `note_…` */
  id: string;
  project_id: string;
  thread_id: string;
  /** Who wrote it: a signed-in operator or an API key; only they may edit or delete it. */
  author_type: NoteAuthorType;
  /** The operator's id, or the API key's id. */
  author_id: string;
  text: string;
  /** The mentioned operators' ids, as a JSON array, in the order they were given. */
  mentions: string;
  created_at: string;
  updated_at: string;
}

/** One mention of one operator by one note: the mentioned person's inbox entry. */
export interface NoteMentionsTable {
  /** `mention_…` */
  id: string;
  project_id: string;
  thread_id: string;
  note_id: string;
  operator_id: string;
  /** When the mentioned operator marked it read; null while unread. */
  read_at: string | null;
  created_at: string;
}

export interface NoteTables {
  thread_notes: ThreadNotesTable;
  note_mentions: NoteMentionsTable;
}
