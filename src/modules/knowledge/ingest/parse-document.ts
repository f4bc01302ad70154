import { normalizeText } from "./decode-text.js";
import { type DocumentFormat, detectFormat, extensionOf } from "./detect-format.js";
import { DocumentParseError } from "./document-parse-error.js";
import { parseCsv } from "./formats/csv.js";
import { parseDocx } from "./formats/docx.js";
import { parseHtml } from "./formats/html.js";
import { parseJson } from "./formats/json.js";
import { parsePdf } from "./formats/pdf.js";
import { parsePlainText } from "./formats/plain-text.js";
import { DEFAULT_PARSE_LIMITS, type ParseLimits } from "./parse-limits.js";

export type { DocumentFormat } from "./detect-format.js";
export { DocumentParseError, type DocumentParseErrorCode } from "./document-parse-error.js";
export { DEFAULT_PARSE_LIMITS, type ParseLimits } from "./parse-limits.js";

export interface ParsedDocument {
  /** Plain text (Markdown stays Markdown), valid UTF-8, LF line ends, never blank. */
  text: string;
  /** The reader that produced it. */
  format: DocumentFormat;
}

export interface ParseDocumentInput {
  bytes: Uint8Array;
  /** The uploaded file's name; its extension picks the reader first. */
  filename: string;
  /** The MIME type the client sent, used when the name has no known extension. */
  mimeType?: string | undefined;
  /** Overrides of DEFAULT_PARSE_LIMITS (tests, or a deployment with other bounds). */
  limits?: Partial<ParseLimits> | undefined;
}

/**
 * An uploaded file as plain text for chunking (docs/knowledge.md, "Formats"). The reader is
 * chosen by `detectFormat`; each reader lives in `formats/`. Every result then gets the same
 * clean-up (`normalizeText`: no BOM, LF line ends, no NUL, no unpaired surrogate), and must
 * hold some non-blank text and fit the limits. Failures are DocumentParseError with a stable
 * `code`; any other error is a bug in this code, not in the file.
 */
export async function parseDocument(input: ParseDocumentInput): Promise<ParsedDocument> {
  const { bytes, filename, mimeType } = input;
  const limits: ParseLimits = { ...DEFAULT_PARSE_LIMITS, ...input.limits };
  if (bytes.byteLength === 0) {
    throw new DocumentParseError("empty_document", `"${filename}" is empty.`);
  }
  if (bytes.byteLength > limits.maxBytes) {
    throw new DocumentParseError(
      "too_large",
      `"${filename}" is ${bytes.byteLength} bytes; at most ${limits.maxBytes} bytes can be read.`,
    );
  }
  const format = detectFormat(bytes, filename, mimeType);
  if (!format) {
    throw new DocumentParseError(
      "unsupported_format",
      `"${filename}" is not a format that can be read: supported are text and source code, Markdown, HTML, ` +
        "PDF, DOCX, CSV and JSON.",
    );
  }
  const text = normalizeText(await extract(format, input, limits));
  if (text.trim() === "") {
    throw new DocumentParseError(
      "empty_document",
      format === "pdf"
        ? `"${filename}" has no text layer (a scanned PDF needs OCR first).`
        : `"${filename}" holds no text.`,
    );
  }
  if (text.length > limits.maxTextChars) {
    throw new DocumentParseError(
      "too_large",
      `"${filename}" holds ${text.length} characters of text; at most ${limits.maxTextChars} can be indexed.`,
    );
  }
  return { text, format };
}

async function extract(
  format: DocumentFormat,
  input: ParseDocumentInput,
  limits: ParseLimits,
): Promise<string> {
  const { bytes, filename } = input;
  switch (format) {
    case "text":
    case "markdown":
      return parsePlainText(bytes, filename);
    case "html":
      return parseHtml(bytes, filename, limits.maxNestingDepth);
    case "pdf":
      return parsePdf(bytes, filename, limits);
    case "docx":
      return parseDocx(bytes, filename, limits.maxUnpackedBytes);
    case "csv":
      return parseCsv(
        normalizeText(parsePlainText(bytes, filename)),
        filename,
        delimiterOf(input),
        limits.maxCsvColumns,
      );
    case "json":
      return parseJson(normalizeText(parsePlainText(bytes, filename)), filename, {
        maxDepth: limits.maxNestingDepth,
        maxChars: limits.maxTextChars,
      });
  }
}

function delimiterOf(input: ParseDocumentInput): "," | "\t" {
  const extension = extensionOf(input.filename);
  if (extension === "tsv") return "\t";
  if (extension === "csv") return ",";
  return /^text\/tab-separated-values\b/i.test(input.mimeType ?? "") ? "\t" : ",";
}
