/**
 * Why a file could not be turned into text (docs/knowledge.md, "Formats"). The vector-store
 * file is marked `error`; `lastErrorCodeOf` gives its `last_error.code`, and `message` is shown
 * to a person:
 * - `unsupported_format`: neither the name, the MIME type nor the bytes say it is a format we
 *   read (an image, an archive, a legacy `.doc`…).
 * - `corrupt_document`: it claims a format we read but its bytes do not parse (a truncated or
 *   encrypted PDF, a damaged DOCX, invalid JSON or CSV); the message carries the parser's reason.
 * - `empty_document`: it parsed but holds no text (an empty file, a scanned PDF without a text
 *   layer).
 * - `too_large`: the file or the text it gives exceeds the limits in `parse-limits.ts`.
 * - `too_complex`: its structure asks for unbounded work: nesting deeper than the limit (JSON,
 *   HTML), a PDF page tree that lists one object again or loops.
 * The parse worker (parse-pool.ts) adds what only it can see (docs/operations.md, "Parse
 * workers"):
 * - `parse_timeout`: parsing and chunking did not finish within the time limit.
 * - `parse_out_of_memory`: they needed more than the worker's memory limit.
 * - `parse_crashed`: the worker died parsing it, or the process died while the file was being
 *   parsed often enough that it is not tried again (the poison-pill rule).
 */
export type DocumentParseErrorCode =
  | "unsupported_format"
  | "corrupt_document"
  | "empty_document"
  | "too_large"
  | "too_complex"
  | "parse_timeout"
  | "parse_out_of_memory"
  | "parse_crashed";

/**
 * The `last_error.code` of a file that failed with `code` on `/v1` (docs/knowledge.md,
 * "Ingestion"): OpenAI's `unsupported_file` and `invalid_file` for a file that is not a
 * document we read or a broken one, Parley's own code for one refused for what reading it costs.
 * The OpenAI mirror maps those back to OpenAI's codes (serialize-openai.ts).
 */
export function lastErrorCodeOf(code: DocumentParseErrorCode) {
  switch (code) {
    case "unsupported_format":
      return "unsupported_file" as const;
    case "corrupt_document":
    case "empty_document":
    case "too_large":
      return "invalid_file" as const;
    case "too_complex":
      return "document_too_complex" as const;
    default:
      return code;
  }
}

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
