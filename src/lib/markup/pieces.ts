/**
 * Cuts Markdown into pieces the parser takes one at a time. micromark resolves emphasis and
 * links in time quadratic in a paragraph's length ("**a" repeated 20,000 times takes a
 * minute), so no piece the parser sees is longer than `PIECE` characters outside fenced code
 * (code is parsed in linear time and is never cut): a text is cut at its last blank line
 * before the limit, else at a line break, else (one very long line) at a space. The pieces
 * are rendered on their own and joined with the whitespace that was between them; a
 * construct cut in two (emphasis across a cut, a list continued after one) is literal text or
 * starts again, and never unbalanced markup.
 */

export const PIECE = 1000;

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

export interface Piece {
  text: string;
  /** The whitespace between this piece and the previous one ("" for the first). */
  before: string;
}

export function piecesOf(markdown: string, size = PIECE): Piece[] {
  const cuts: number[] = [];
  let start = 0;
  let fence: string | null = null;
  let lastBlank = -1;
  let lastLine = -1;
  for (let lineStart = 0; lineStart < markdown.length; ) {
    const newline = markdown.indexOf("\n", lineStart);
    const lineEnd = newline === -1 ? markdown.length : newline;
    const marker = FENCE.exec(markdown.slice(lineStart, Math.min(lineEnd, lineStart + 64)))?.[1];
    if (fence === null && marker !== undefined) fence = marker;
    else if (
      fence !== null &&
      marker !== undefined &&
      marker[0] === fence[0] &&
      marker.length >= fence.length &&
      markdown.slice(lineStart, lineEnd).trim() === marker
    )
      fence = null;
    if (fence === null && lineEnd - start > size) {
      const cut = lastBlank > start ? lastBlank : lastLine > start ? lastLine : -1;
      if (cut !== -1) {
        cuts.push(cut);
        start = cut;
      }
      // Only this line (never code closed on it) is left: cut it at spaces.
      while (start >= lineStart && lineEnd - start > size) {
        const space = markdown.lastIndexOf(" ", start + size);
        const at = space > start + size / 2 ? space : safeCut(markdown, start + size);
        cuts.push(at);
        start = at;
      }
    }
    const next = lineEnd + 1;
    if (fence === null) {
      lastLine = next;
      if (markdown.slice(lineStart, lineEnd).trim() === "") lastBlank = next;
    }
    lineStart = next;
  }
  const pieces: Piece[] = [];
  let from = 0;
  let previousEnd = -1;
  for (const cut of [...cuts, markdown.length]) {
    const slice = markdown.slice(from, cut);
    const text = slice.trim();
    if (text !== "") {
      const textStart = from + slice.length - slice.trimStart().length;
      pieces.push({ text, before: previousEnd === -1 ? "" : markdown.slice(previousEnd, textStart) });
      previousEnd = textStart + text.length;
    }
    from = cut;
  }
  return pieces;
}

/** A hard cut that does not split a surrogate pair. */
function safeCut(text: string, at: number): number {
  const code = text.charCodeAt(at - 1);
  return code >= 0xd800 && code <= 0xdbff ? at - 1 : at;
}

/** The separator the rendered pieces are joined with: a blank line, a line break or a space. */
export function separator(whitespace: string): string {
  const breaks = whitespace.split("\n").length - 1;
  if (breaks >= 2) return "\n\n";
  return breaks === 1 ? "\n" : " ";
}
