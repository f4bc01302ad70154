import { currentCsrfToken } from "../../api/client";
import { postFormWithProgress, type UploadOptions } from "../../api/upload";
import type { MessageFile } from "./types";

/** The server's default PARLEY_ATTACHMENT_MAX_BYTES; a server with another limit answers 413 itself. */
export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;
/** The most files one message sends. */
export const MAX_ATTACHMENTS = 10;

/** The types the server sends (docs/channels.md, "Files"), by extension. */
const ALLOWED = new Set([
  "jpg",
  "jpeg",
  "png",
  "webp",
  "gif",
  "pdf",
  "txt",
  "csv",
  "rtf",
  "doc",
  "docx",
  "xls",
  "xlsx",
  "ppt",
  "pptx",
  "odt",
  "ods",
  "zip",
]);

/** The accept attribute of the file picker. */
export const ACCEPT = [...ALLOWED].map((ext) => `.${ext}`).join(",");

/** Why a file cannot be attached, before it is uploaded: a type off the list, or too large. */
export function attachmentProblem(file: { name: string; size: number }): "type" | "tooLarge" | null {
  const ext = file.name.includes(".") ? file.name.split(".").pop()?.toLowerCase() : undefined;
  if (!ext || !ALLOWED.has(ext)) return "type";
  if (file.size > MAX_ATTACHMENT_BYTES) return "tooLarge";
  return null;
}

/** POST /v1/threads/{id}/files with upload progress. */
export function uploadAttachment(
  threadId: string,
  file: File,
  options: Omit<UploadOptions, "csrfToken">,
): Promise<MessageFile> {
  const body = new FormData();
  body.append("file", file, file.name);
  return postFormWithProgress<MessageFile>(
    `/threads/${encodeURIComponent(threadId)}/files`,
    body,
    file.size,
    { ...options, csrfToken: currentCsrfToken() },
  );
}

/** Where the console shows (or downloads) a file of a thread's message. */
export const attachmentUrl = (threadId: string, fileId: string) =>
  `/v1/threads/${encodeURIComponent(threadId)}/files/${encodeURIComponent(fileId)}`;
