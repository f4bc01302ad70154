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
  return encoding === "windows-1252" ? decodeWindows1252(bytes) : new TextDecoder(encoding).decode(bytes);
}

/**
 * Node 20's TextDecoder decodes "windows-1252" (and so "latin1", "ascii", which the Encoding
 * Standard maps to it) as ISO-8859-1, turning 0x80–0x9F (€, “ ”, – —…) into C1 controls; this
 * follows the standard's table instead.
 */
function decodeWindows1252(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    const codes = Array.from(bytes.subarray(i, i + 8192), (byte) =>
      byte >= 0x80 && byte < 0xa0 ? WINDOWS_1252_C1.charCodeAt(byte - 0x80) : byte,
    );
    text += String.fromCharCode(...codes);
  }
  return text;
}

/** What 0x80–0x9F stand for in Windows-1252; the five unassigned bytes keep their C1 code. */
const WINDOWS_1252_C1 =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

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
