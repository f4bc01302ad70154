import { messageFileSchema, type PublicMessageFile } from "../../events/message-files.js";

/** The most files one message may send (docs/conversations.md, "Sending as an operator"). */
export const MAX_MESSAGE_FILES = 10;

/** A caption's longest length Parley accepts; each channel may cut it shorter (docs/channels.md, "Files"). */
export const MAX_CAPTION = 1024;

export { messageFileSchema };
export type MessageFile = PublicMessageFile;

/** A message's `files` column, parsed (empty when null). */
export function messageFilesOf(column: string | null): MessageFile[] {
  return column ? (JSON.parse(column) as MessageFile[]) : [];
}
