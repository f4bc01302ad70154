import type { TextLimit } from "../../../vendors/contract/channel.js";

/** The length of text as a vendor counts it. */
export function measure(text: string, unit: TextLimit["unit"]): number {
  switch (unit) {
    case "utf16":
      return text.length;
    case "bytes":
      return Buffer.byteLength(text, "utf8");
    case "chars":
      return [...text].length;
  }
}

/** Boundaries to cut at, best first: a paragraph, a line, a sentence end, a space. */
const BOUNDARIES = [/\n\s*\n/g, /\n/g, /[.!?…。！？](?=\s)/g, /\s/g];

/**
 * The longest prefix of `text` (in whole code points) that fits `max` in `unit`: a binary
 * search over code point counts, so surrogate pairs and multi-byte characters are never cut.
 */
function fittingPrefix(points: string[], max: number, unit: TextLimit["unit"]): string {
  let low = 0;
  let high = points.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(points.slice(0, mid).join(""), unit) <= max) low = mid;
    else high = mid - 1;
  }
  return points.slice(0, Math.max(low, 1)).join("");
}

/**
 * Where to end the part whose most that fits is `room` code units of `rest`: the last good
 * boundary in the second half of the room. The character just past the room counts too, so a
 * window that ends right before a space or a line break is cut there.
 */
function cutPoint(rest: string, room: number): number {
  const minimum = Math.floor(room / 2);
  const view = rest.slice(0, room + 1);
  for (const boundary of BOUNDARIES) {
    let best = -1;
    for (const match of view.matchAll(boundary)) {
      const end = match.index + match[0].length;
      if (end >= minimum && rest.slice(0, end).trimEnd().length <= room) best = end;
    }
    if (best > 0) return best;
  }
  return room;
}

/**
 * Splits a message into parts that each fit the vendor's limit, cutting at paragraph, line,
 * sentence or word boundaries where one lies in the second half of the room available, and
 * hard at the limit otherwise (docs/channels.md, "Sending"). Whitespace at the cuts is dropped;
 * no part is empty; joined with the whitespace back, the parts are the text.
 */
export function splitText(text: string, limit: TextLimit): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > 0) {
    if (measure(rest, limit.unit) <= limit.max) {
      parts.push(rest);
      break;
    }
    const window = fittingPrefix([...rest], limit.max, limit.unit);
    const cut = cutPoint(rest, window.length);
    const part = rest.slice(0, cut).trimEnd();
    parts.push(part.length > 0 ? part : window);
    rest = rest.slice(part.length > 0 ? cut : window.length).trimStart();
  }
  return parts;
}
