/**
 * Splits text into pieces no longer than `maxChars` (UTF-16 code units, what `String.length`
 * counts: never fewer than the characters a provider limits), cutting at the last paragraph
 * break, else sentence end, else line break, else space inside each window, and never inside
 * a surrogate pair. Consecutive pieces share about `overlapChars` of text, started at a word
 * boundary, so a sentence cut in two is still found whole in one of them. Pieces are trimmed;
 * blank text gives none.
 */
export interface ChunkOptions {
  maxChars: number;
  /** Default: a tenth of maxChars, at most 200. Must be below maxChars / 2. */
  overlapChars?: number;
}

export function chunkText(text: string, options: ChunkOptions): string[] {
  const maxChars = Math.floor(options.maxChars);
  if (!(maxChars >= 8)) throw new RangeError("chunkText: maxChars must be at least 8");
  const overlap = Math.max(
    0,
    Math.min(Math.floor(options.overlapChars ?? Math.min(200, maxChars / 10)), Math.floor(maxChars / 2) - 1),
  );
  const trimmed = text.trim();
  if (trimmed.length === 0) return [];
  if (trimmed.length <= maxChars) return [trimmed];

  const chunks: string[] = [];
  let start = 0;
  while (start < trimmed.length) {
    if (trimmed.length - start <= maxChars) {
      pushTrimmed(chunks, trimmed.slice(start));
      break;
    }
    const end = breakPoint(trimmed, start, start + maxChars);
    pushTrimmed(chunks, trimmed.slice(start, end));
    start = Math.max(nextStart(trimmed, end, overlap, start), start + 1);
  }
  return chunks;
}

/** Preferred cut points, best first; a cut is only taken in the second half of the window. */
const BOUNDARIES: RegExp[] = [
  /\n[ \t]*\n\s*/g, // paragraph
  /[.!?…。！？][)"'»”’\]]*\s+/g, // sentence end
  /\n\s*/g, // line
  /\s+/g, // word
];

/** Where the piece that starts at `start` ends (exclusive), at most at `limit`. */
function breakPoint(text: string, start: number, limit: number): number {
  const window = text.slice(start, limit + 1);
  const floor = Math.floor((limit - start) / 2);
  for (const boundary of BOUNDARIES) {
    let cut = -1;
    for (const match of window.matchAll(boundary)) {
      // Cut after the boundary's visible part: the whitespace goes with neither piece.
      const at = match.index + match[0].replace(/\s+$/, "").length;
      if (at > limit - start) break;
      if (at >= floor && at > 0) cut = at;
    }
    if (cut > 0) return start + cut;
  }
  return safeCut(text, limit);
}

/** Moves a cut off the middle of a surrogate pair. */
function safeCut(text: string, at: number): number {
  const code = text.charCodeAt(at - 1);
  return code >= 0xd800 && code <= 0xdbff ? at - 1 : at;
}

/** Where the next piece starts: `overlap` back from `end`, moved forward to a word start. */
function nextStart(text: string, end: number, overlap: number, previousStart: number): number {
  let start = end - overlap;
  if (start <= previousStart) return end;
  if (overlap > 0 && /\S/.test(text[start - 1] ?? "")) {
    const space = text.slice(start, end).search(/\s/);
    start = space < 0 ? end : start + space;
  }
  while (start < text.length && /\s/.test(text[start]!)) start++;
  return safeCut(text, start) === start ? start : start + 1;
}

function pushTrimmed(chunks: string[], piece: string): void {
  const trimmed = piece.trim();
  if (trimmed.length > 0) chunks.push(trimmed);
}
