/**
 * How much one file may hold (docs/knowledge.md, "Formats"). Parsing runs in the service's
 * process and keeps the whole file and its text in memory, so each bound caps that memory:
 * - `maxBytes`: the uploaded file itself.
 * - `maxUnpackedBytes`: a DOCX is a zip; its entries' declared unpacked sizes must add up to at
 *   most this, so a small "zip bomb" is refused before it is inflated.
 * - `maxTextChars`: the extracted text (UTF-16 code units), about 2.5 million tokens at the
 *   default; more would be a very large embedding bill for one file.
 * Exceeding any of them is a `too_large` DocumentParseError.
 */
export interface ParseLimits {
  maxBytes: number;
  maxUnpackedBytes: number;
  maxTextChars: number;
}

export const DEFAULT_PARSE_LIMITS: Readonly<ParseLimits> = Object.freeze({
  maxBytes: 50 * 1024 * 1024,
  maxUnpackedBytes: 200 * 1024 * 1024,
  maxTextChars: 10_000_000,
});
