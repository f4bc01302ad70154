/** Files operators and the bot send (migration 0043; docs/channels.md, "Files"). */
export interface OutboundFilesTable {
  id: string;
  project_id: string;
  /** The thread it was uploaded to or fetched for: only that thread's messages may send it. */
  thread_id: string;
  /** `image` (shown inline where the channel can) or `document`. */
  kind: "image" | "document";
  /** The file's name as the customer sees it. */
  name: string;
  /** From the allow-list (docs/channels.md, "Files"); images are checked against their bytes. */
  mime_type: string;
  size: number;
  created_at: string;
}

export interface OutboundFileTables {
  outbound_files: OutboundFilesTable;
}
