/**
 * Why a file could not be turned into text (docs/knowledge.md, "Formats"). The vector-store
 * file is marked `failed` with `code` as its `last_error.code` and `message` shown to a person:
 * - `unsupported_format`: neither the name, the MIME type nor the bytes say it is a format we
 *   read (an image, an archive, a legacy `.doc`…).
 * - `corrupt_document`: it claims a format we read but its bytes do not parse (a truncated or
 *   encrypted PDF, a damaged DOCX, invalid JSON or CSV); the message carries the parser's reason.
 * - `empty_document`: it parsed but holds no text (an empty file, a scanned PDF without a text
 *   layer).
 * - `too_large`: the file or the text it gives exceeds the limits in `parse-limits.ts`.
 */
export type DocumentParseErrorCode =
  | "unsupported_format"
  | "corrupt_document"
  | "empty_document"
  | "too_large";

export class DocumentParseError extends Error {
  constructor(
    readonly code: DocumentParseErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "DocumentParseError";
  }
}

/** The reason a library gave when it threw, for a `corrupt_document` message. */
export function reasonOf(error: unknown): string {
  if (error instanceof Error && error.message.trim() !== "") return error.message.trim();
  if (typeof error === "string" && error.trim() !== "") return error.trim();
  return "unknown error";
}
