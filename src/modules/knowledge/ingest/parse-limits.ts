/**
 * How much one file may hold (docs/knowledge.md, "Formats"). Parsing runs in a parse worker
 * (parse-pool.ts) that keeps the whole file and its text in memory, so each bound caps that
 * memory or the work a document can ask for:
 * - `maxBytes`: the uploaded file itself.
 * - `maxUnpackedBytes`: a DOCX is a zip; its entries' declared unpacked sizes must add up to at
 *   most this, so a small "zip bomb" is refused before it is inflated.
 * - `maxTextChars`: the extracted text (UTF-16 code units), about 2.5 million tokens at the
 *   default; more would be a very large embedding bill for one file.
 * - `maxPdfPages`: the pages a PDF's page tree may declare.
 * - `maxCsvColumns`: the columns of any row of a CSV or TSV table (Excel's own limit).
 * - `maxNestingDepth`: how deep a JSON document's arrays and objects, or an HTML page's
 *   elements, may nest.
 * Exceeding the depth is a `too_complex` DocumentParseError, any other `too_large`: each
 * reader checks its bound as it reads, so a hostile file is refused early rather than left to
 * the parse worker's time limit.
 */
export interface ParseLimits {
  maxBytes: number;
  maxUnpackedBytes: number;
  maxTextChars: number;
  maxPdfPages: number;
  maxCsvColumns: number;
  maxNestingDepth: number;
}

export const DEFAULT_PARSE_LIMITS: Readonly<ParseLimits> = Object.freeze({
  maxBytes: 50 * 1024 * 1024,
  maxUnpackedBytes: 200 * 1024 * 1024,
  maxTextChars: 10_000_000,
  maxPdfPages: 10_000,
  maxCsvColumns: 16_384,
  maxNestingDepth: 512,
});
