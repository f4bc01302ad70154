/** The emoji stage of the output formatter (see index.ts). */
import emojiRegex from "emoji-regex";
import { EMOJI_WINDOW } from "./limits.js";
import { isHighSurrogate, lastCodePoint, Stage, type Step } from "./stage.js";

const ZWJ = "\u200d";
/** Characters that can begin or continue an emoji sequence (with `EMOJI_JOINERS`). */
const EMOJI_CHAR = /[\p{Emoji}\p{Emoji_Component}\p{Extended_Pictographic}\u{e0020}-\u{e007f}]/u;
/** A matched emoji that is shown as emoji (not a text-style symbol such as ©, ™, ↔). */
const EMOJI_PRESENTATION = /[\p{Emoji_Presentation}\u{1f1e6}-\u{1f1ff}\u{1f3fb}-\u{1f3ff}]/u;
/** Emoji-only components that are removed even when left over on their own. */
const EMOJI_ONLY_COMPONENT = /^[\u{1f1e6}-\u{1f1ff}\u{1f3fb}-\u{1f3ff}\u{e0020}-\u{e007f}]$/u;
/** Joiners / selectors: removed when next to a removed emoji, kept otherwise. */
const EMOJI_JOINERS = new Set([ZWJ, "\u20e3", "\ufe0e", "\ufe0f"]);
/** Tokens that end within this distance of a forced cut are not trusted. */
const EMOJI_CUT_MARGIN = 18;

type Token = { type: "W" | "M" | "K" | "J"; text: string };
/** What is next to a run of emoji: line start/end, text end, opening or closing punctuation, other text. */
type Side = "sol" | "eol" | "end" | "open" | "close" | "text";
const OPENING = /[\p{Ps}\p{Pi}]/u;
const CLOSING = /[\p{Pe}\p{Pf}.,!?;:…]/u;

function isEmojiWs(c: string): boolean {
  return c === " " || c === "\t";
}

function isEmojiChar(c: string): boolean {
  return EMOJI_JOINERS.has(c) || EMOJI_CHAR.test(c);
}

/** Splits a run of emoji-ish characters and spaces into tokens. */
function tokenize(region: string): Token[] {
  const tokens: Token[] = [];
  const gap = (s: string) => {
    for (const c of s) {
      const type = isEmojiWs(c) ? "W" : EMOJI_ONLY_COMPONENT.test(c) ? "M" : EMOJI_JOINERS.has(c) ? "J" : "K";
      const last = tokens[tokens.length - 1];
      if (type === "W" && last?.type === "W") last.text += c;
      else tokens.push({ type, text: c });
    }
  };
  const re = emojiRegex();
  let last = 0;
  for (let m = re.exec(region); m; m = re.exec(region)) {
    gap(region.slice(last, m.index));
    const shown = EMOJI_PRESENTATION.test(m[0]) || /\u200d|\ufe0f|\u20e3/.test(m[0]);
    tokens.push({ type: shown ? "M" : "K", text: m[0] });
    last = m.index + m[0].length;
  }
  gap(region.slice(last));
  // A joiner or selector next to a removed emoji is part of it (e.g. a dangling ZWJ).
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (t.type === "J" && tokens[k - 1]?.type === "M") t.type = "M";
  }
  for (let k = tokens.length - 1; k >= 0; k--) {
    const t = tokens[k] as Token;
    if (t.type === "J") t.type = tokens[k + 1]?.type === "M" ? "M" : "K";
  }
  return tokens;
}

/**
 * Removes emoji. Whitespace rule: a run of emoji separated only by spaces is
 * removed as one; between words a single space survives (the one before the
 * emoji, else the one after); none survives before closing punctuation
 * (`.,!?;:…)»`) or after opening punctuation (`(«“`); at the start of a line
 * the indentation is kept and the space after the emoji dropped; at the end of
 * a line (or text) the spaces before it are dropped too. A line that held only emoji is removed
 * with its line break, and if that leaves two blank lines in a row (or a blank
 * line at the start of the text), one of them is removed as well.
 *
 * Text-style symbols that Unicode lists as emoji but renders as text unless
 * followed by U+FE0F (©, ®, ™, ↔, ▶, digits, `#`, `*`…) are kept; lone
 * regional indicators, skin-tone modifiers and tag characters are removed.
 */
export class EmojiStage extends Stage {
  private lineStart = true;
  private dropBlank = false;
  /** Previous input character before a run of emoji. */
  private prevChar = "";
  private tail = "";

  private done(len: number, out: string): Step {
    if (out) this.tail = (this.tail + out).slice(-2);
    return { len, out };
  }

  protected step(i: number): Step {
    const limit = i + EMOJI_WINDOW;
    const c = this.buf.charAt(i);
    if (c === "\n") {
      const drop = this.dropBlank && this.lineStart;
      this.dropBlank = false;
      this.lineStart = true;
      return this.done(1, drop ? "" : "\n");
    }
    const first = this.cpAt(i, Number.POSITIVE_INFINITY) as string;
    if (!isEmojiWs(first) && !isEmojiChar(first)) {
      let j = i + first.length;
      while (j < this.buf.length) {
        // A high surrogate at the end of the buffer waits for its pair.
        if (j + 1 === this.buf.length && !this.final && isHighSurrogate(this.buf.charAt(j))) break;
        const d = this.cpAt(j, Number.POSITIVE_INFINITY) as string;
        if (d === "\n" || isEmojiWs(d) || isEmojiChar(d)) break;
        j += d.length;
      }
      this.lineStart = false;
      this.dropBlank = false;
      this.prevChar = lastCodePoint(this.buf.slice(Math.max(i, j - 2), j));
      return this.done(j - i, this.buf.slice(i, j));
    }
    // A run of spaces and emoji-ish characters, up to the next plain character.
    let k = i;
    let forced = false;
    for (;;) {
      const d = this.cpAt(k, limit);
      if (d === null) {
        forced = true;
        break;
      }
      if (d === "" || !(isEmojiWs(d) || isEmojiChar(d))) break;
      k += d.length;
    }
    const left: Side = this.lineStart ? "sol" : OPENING.test(this.prevChar) ? "open" : "text";
    if (forced) return this.forcedRegion(i, left);
    const t = this.at(k, limit);
    let right: Side = "text";
    let newline = 0;
    if (t === "" || t === null) right = "end";
    else if (t === "\n") {
      right = "eol";
      newline = 1;
    } else if (t === "\r" && this.at(k + 1, Number.POSITIVE_INFINITY) === "\n") {
      right = "eol";
      newline = 2;
    } else if (CLOSING.test(t)) {
      right = "close";
    }
    const tokens = tokenize(this.buf.slice(i, k));
    const out = render(tokens, left, right);
    const removed = tokens.some((x) => x.type === "M");
    if (left === "sol" && removed && right !== "text" && tokens.every((x) => x.type !== "K")) {
      // The whole line was emoji: remove it with its line break.
      const blankBefore = this.tail === "" || this.tail === "\n" || this.tail === "\n\n";
      this.dropBlank = blankBefore;
      this.lineStart = true;
      return this.done(k - i + newline, "");
    }
    this.lineStart = false;
    this.dropBlank = false;
    return this.done(k - i, out);
  }

  /** A run longer than the window: cut it at a token boundary and treat the cut as text. */
  private forcedRegion(i: number, left: Side): Step {
    const view = this.buf.slice(i, i + EMOJI_WINDOW);
    const tokens = tokenize(view);
    const target = EMOJI_WINDOW - EMOJI_CUT_MARGIN;
    const kept: Token[] = [];
    let cut = 0;
    for (const t of tokens) {
      if (cut > 0 && cut + t.text.length > target) break;
      if (cut === 0 && t.type === "W" && t.text.length > target) {
        kept.push({ type: "W", text: t.text.slice(0, target) });
        cut = target;
        break;
      }
      kept.push(t);
      cut += t.text.length;
    }
    this.lineStart = false;
    this.dropBlank = false;
    return this.done(cut, render(kept, left, "text"));
  }
}

function render(tokens: Token[], left: Side, right: Side): string {
  let out = "";
  let segment: Token[] = [];
  let side = left;
  const flushSegment = (next: Side) => {
    const firstEmoji = segment.findIndex((t) => t.type === "M");
    if (firstEmoji === -1) {
      for (const t of segment) out += t.text;
    } else {
      let lastEmoji = segment.length - 1;
      while ((segment[lastEmoji] as Token).type !== "M") lastEmoji--;
      const before = segment
        .slice(0, firstEmoji)
        .map((t) => t.text)
        .join("");
      const after = segment
        .slice(lastEmoji + 1)
        .map((t) => t.text)
        .join("");
      if (next === "eol" || next === "end" || next === "close" || side === "open") out += "";
      else if (side === "sol") out += before;
      else out += before !== "" ? before : after;
    }
    segment = [];
  };
  for (const t of tokens) {
    if (t.type === "K") {
      flushSegment("text");
      out += t.text;
      side = "text";
    } else {
      segment.push(t);
    }
  }
  flushSegment(right);
  return out;
}
