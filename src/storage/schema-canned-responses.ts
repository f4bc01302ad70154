/**
 * Canned responses (migration 0033, docs/canned-responses.md): a project's ready answers that
 * operators insert in the composer by a short code, with `{{variables}}` filled per thread.
 */
export interface CannedResponsesTable {
  /** `cr_…` */
  id: string;
  project_id: string;
  /** Lowercase `[a-z0-9_-]{1,32}`, unique in the project (stored lowercased, so case-insensitive). */
  short_code: string;
  title: string | null;
  /** The text with its `{{variables}}`, as written. */
  content: string;
  /** Code, title and content lowercased by the service: what `q` searches the same on both dialects. */
  search_text: string;
  /** Who created it: an operator's id (`opr_…`) or an API key's (`key_…`). */
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface CannedResponseTables {
  canned_responses: CannedResponsesTable;
}
