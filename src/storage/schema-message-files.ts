/** Files customers sent on a channel that Parley keeps (migration 0042; docs/channels.md, "Non-text messages"). */
export interface MessageFilesTable {
  id: string;
  project_id: string;
  thread_id: string;
  message_id: string;
  /** The attachment's place in the message's `attachments`. */
  attachment_index: number;
  mime_type: string;
  size: number;
  /** Where the bytes are, relative to the file store's root. */
  path: string;
  created_at: string;
  /** When the retention ends: the housekeeping sweep deletes the file and the row after it. */
  expires_at: string;
}

export interface MessageFileTables {
  message_files: MessageFilesTable;
}
