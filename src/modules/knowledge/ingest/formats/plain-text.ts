import { decodeText } from "../decode-text.js";
import { DocumentParseError } from "../document-parse-error.js";

/**
 * Text and Markdown are kept as they are (docs/knowledge.md, "Formats"): Markdown's headings
 * and lists read well to a model, so they are not stripped. Only the encoding is settled here
 * (see `decodeText`); the shared clean-up (BOM, line ends, NUL) follows in `parseDocument`.
 */
export function parsePlainText(bytes: Uint8Array, filename: string): string {
  const text = decodeText(bytes);
  if (text === undefined) {
    throw new DocumentParseError("unsupported_format", `"${filename}" holds binary data, not text.`);
  }
  return text;
}
