import { DocumentParseError, reasonOf } from "../document-parse-error.js";
import { readZipDirectory } from "../zip-directory.js";

/**
 * A Word (DOCX) document's text as mammoth's `extractRawText` gives it: each paragraph (table
 * cells included) followed by a blank line (docs/knowledge.md, "Formats"). Before anything is
 * inflated, the archive's declared unpacked sizes must fit `maxUnpackedBytes` (a zip bomb is
 * refused as `too_large`); a file that is not a readable Word archive is `corrupt_document`
 * with mammoth's reason.
 */
export async function parseDocx(
  bytes: Uint8Array,
  filename: string,
  maxUnpackedBytes: number,
): Promise<string> {
  const entries = readZipDirectory(bytes);
  const unpacked = entries?.reduce((sum, entry) => sum + entry.unpackedSize, 0) ?? 0;
  if (unpacked > maxUnpackedBytes) {
    throw new DocumentParseError(
      "too_large",
      `"${filename}" unpacks to more than ${maxUnpackedBytes} bytes, more than a document may hold.`,
    );
  }
  // Loaded on first use, like pdf.js: only deployments that meet a DOCX pay for it.
  const { default: mammoth } = await import("mammoth");
  let value: string;
  try {
    ({ value } = await mammoth.extractRawText({
      buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    }));
  } catch (error) {
    throw new DocumentParseError(
      "corrupt_document",
      `"${filename}" is not a readable Word document: ${reasonOf(error)}`,
      { cause: error },
    );
  }
  return value.replace(/\n{3,}/g, "\n\n").trim();
}
