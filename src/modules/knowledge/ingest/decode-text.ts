import { isUtf8 } from "node:buffer";

/**
 * Bytes that should be text, as a string (docs/knowledge.md, "Formats"): UTF-8 when they are
 * valid UTF-8 (a BOM is dropped), UTF-16 when they start with a UTF-16 BOM, else the
 * `fallbackEncoding` (an HTML page's declared charset) or Windows-1252, which maps every byte,
 * so an old Latin-1 text file still reads. Bytes that are none of these and hold NUL bytes are
 * binary: `undefined`, and the caller refuses the file.
 */
export function decodeText(bytes: Uint8Array, fallbackEncoding?: string): string | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes);
  if (isUtf8(bytes)) return new TextDecoder("utf-8").decode(bytes);
  if (bytes.includes(0)) return undefined;
  const encoding = supportedEncoding(fallbackEncoding) ?? "windows-1252";
  // Windows-1252 (also "latin1" and "ascii", which the Encoding Standard maps to it) by the
  // standard's table: 0x80–0x9F are € “ ” – — …, not C1 controls (Node.js 20 got this wrong).
  return new TextDecoder(encoding).decode(bytes);
}

/** True for what sniffing calls text: valid UTF-8 without NUL bytes, or UTF-16 with its BOM. */
export function looksLikeText(bytes: Uint8Array): boolean {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return true;
  return isUtf8(bytes) && !bytes.includes(0);
}

function supportedEncoding(label: string | undefined): string | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return undefined; // not a label the WHATWG Encoding Standard knows
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The clean-up every format's text gets, so what is stored and embedded is valid UTF-8: a
 * leading BOM is dropped, CRLF and CR line ends become LF, NUL (which PostgreSQL text cannot
 * hold) and unpaired surrogates (which UTF-8 cannot encode) become U+FFFD.
 */
export function normalizeText(text: string): string {
  return text
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .replace(/\0/g, "\uFFFD")
    .replace(LONE_SURROGATE, "\uFFFD");
}
