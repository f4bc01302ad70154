/**
 * Pure rules of the composer's `/code` picker (docs/canned-responses.md, "In the console"):
 * when it opens, what it offers, what keys do, and how the chosen text replaces the `/code`.
 */

/** The `/code` being typed: where it starts (the `/`), where it ends, and the code typed so far. */
export interface SlashToken {
  start: number;
  end: number;
  query: string;
}

const CODE_CHAR = /[A-Za-z0-9_-]/;
const MAX_CODE = 32;

/**
 * The `/code` the caret is in, if any: a `/` at the start of the text or after whitespace,
 * then code characters (a–z, 0–9, `_`, `-`) up to and past the caret. A `/` inside a word
 * (`and/or`, a URL) opens nothing.
 */
export function slashTokenAt(text: string, caret: number): SlashToken | null {
  let start = caret;
  while (start > 0 && CODE_CHAR.test(text[start - 1]!)) start--;
  if (start === 0 || text[start - 1] !== "/") return null;
  const slash = start - 1;
  if (slash > 0 && !/\s/.test(text[slash - 1]!)) return null;
  let end = caret;
  while (end < text.length && CODE_CHAR.test(text[end]!)) end++;
  const query = text.slice(start, end);
  if (query.length > MAX_CODE) return null;
  return { start: slash, end, query: query.toLowerCase() };
}

export interface PickerItem {
  id: string;
  short_code: string;
  title: string | null;
}

/**
 * What the picker offers for a query: codes that start with it first, then codes or titles
 * that contain it, each group by code; at most `limit`.
 */
export function matchItems<T extends PickerItem>(items: readonly T[], query: string, limit = 8): T[] {
  const q = query.toLowerCase();
  const byCode = (a: T, b: T) => (a.short_code < b.short_code ? -1 : a.short_code > b.short_code ? 1 : 0);
  const prefix = items.filter((item) => item.short_code.startsWith(q)).sort(byCode);
  const contains = items
    .filter(
      (item) =>
        !item.short_code.startsWith(q) &&
        q !== "" &&
        (item.short_code.includes(q) || (item.title ?? "").toLowerCase().includes(q)),
    )
    .sort(byCode);
  return [...prefix, ...contains].slice(0, limit);
}

export type PickerKeyAction =
  | { type: "move"; index: number }
  | { type: "insert"; index: number }
  | { type: "close" }
  | null;

/**
 * What a key does while the picker is open with `count` items and `index` highlighted: ↑/↓
 * move (wrapping), Enter or Tab insert, Esc closes. Null: the key is the textarea's (with no
 * items Enter and Tab keep their meaning, and Ctrl/Cmd+Enter still sends).
 */
export function pickerKey(
  event: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean },
  state: { index: number; count: number },
): PickerKeyAction {
  if (event.key === "Escape") return { type: "close" };
  if (state.count === 0 || event.ctrlKey || event.metaKey || event.altKey) return null;
  switch (event.key) {
    case "ArrowDown":
      return { type: "move", index: (state.index + 1) % state.count };
    case "ArrowUp":
      return { type: "move", index: (state.index - 1 + state.count) % state.count };
    case "Enter":
    case "Tab":
      return event.shiftKey ? null : { type: "insert", index: Math.min(state.index, state.count - 1) };
    default:
      return null;
  }
}

/**
 * The text with the `/code` replaced by `insert`, and where the caret goes (after it). If the
 * text changed under the token while the answer was rendered, `insert` goes at the token's
 * start when that is still inside the text, else at the end.
 */
export function replaceToken(
  text: string,
  token: SlashToken & { raw: string },
  insert: string,
): { text: string; caret: number } {
  if (text.slice(token.start, token.end) === token.raw) {
    const next = text.slice(0, token.start) + insert + text.slice(token.end);
    return { text: next, caret: token.start + insert.length };
  }
  const at = Math.min(token.start, text.length);
  return { text: text.slice(0, at) + insert + text.slice(at), caret: at + insert.length };
}
