/**
 * Output formatting for channels that cannot render emoji or Markdown
 * (`ai.formatting.removeEmojis`, `ai.formatting.removeMarkdown`).
 *
 * The same code path formats whole texts (`formatText`, used for what is
 * stored) and streamed deltas (`createStreamFormatter`, used for what is sent
 * while the model is still writing). `formatText(text)` is literally "push the
 * whole text, then flush", and every decision the stream formatter takes is a
 * function of the text itself (never of where the deltas were split), so for
 * ANY split of a text into deltas:
 *
 *     deltas.map(push).join("") + flush() === formatText(text)
 *
 * The formatter is a pipeline of two stages, each enabled by its option:
 *
 * 1. Markdown stage. A small incremental scanner decides *where* Markdown
 *    constructs start and end (line prefixes, fences, table rows, inline
 *    spans); the conversion of each complete inline construct to text is done
 *    by `mdast-util-from-markdown` (CommonMark + GFM strikethrough) and
 *    `mdast-util-to-string`. Plain text is emitted as soon as it is read; only a
 *    possible construct is held back until it is decided.
 * 2. Emoji stage. `emoji-regex` (generated from Unicode's emoji data) finds the
 *    emoji; whitespace around removed emoji is tidied (see `EmojiStage`).
 *
 * Holdback is bounded: the Markdown stage never looks further than
 * `MARKDOWN_WINDOW` characters past the start of an undecided construct (a
 * construct that is not closed within that window, or on its line, is emitted
 * as literal text), the emoji stage never further than `EMOJI_WINDOW`, so a
 * stream never holds more than `MAX_HOLDBACK` characters.
 */
import emojiRegex from "emoji-regex";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmStrikethroughFromMarkdown } from "mdast-util-gfm-strikethrough";
import { toString as mdastToString } from "mdast-util-to-string";
import { gfmStrikethrough } from "micromark-extension-gfm-strikethrough";

export interface FormattingOptions {
  /** Remove emoji (presentation-style emoji and emoji sequences). */
  removeEmojis?: boolean | undefined;
  /** Convert Markdown to plain text. */
  removeMarkdown?: boolean | undefined;
}

export interface StreamFormatter {
  /** Feed the next delta; returns the text that is safe to emit now. */
  push(delta: string): string;
  /** End of stream: returns everything still held back. Call once. */
  flush(): string;
  /** Number of characters currently held back (for diagnostics and tests). */
  readonly pending: number;
}

/** Max characters the Markdown stage looks ahead from an undecided construct. */
export const MARKDOWN_WINDOW = 158;
/** Max characters the emoji stage holds (a run of emoji / spaces / digits). */
export const EMOJI_WINDOW = 40;
/** Upper bound of `StreamFormatter.pending`. */
export const MAX_HOLDBACK = MARKDOWN_WINDOW + EMOJI_WINDOW + 2;

/** Replacement for unordered list markers (`-`, `*`, `+`). */
export const BULLET = "• ";

export function formatText(text: string, options: FormattingOptions): string {
  if (!options.removeEmojis && !options.removeMarkdown) return text;
  const formatter = createStreamFormatter(options);
  return formatter.push(text) + formatter.flush();
}

export function createStreamFormatter(options: FormattingOptions): StreamFormatter {
  if (!options.removeEmojis && !options.removeMarkdown) {
    return { push: (delta) => delta, flush: () => "", pending: 0 };
  }
  const markdown = options.removeMarkdown ? new MarkdownStage() : null;
  const emoji = options.removeEmojis ? new EmojiStage() : null;
  // A delta that ends inside a surrogate pair keeps its high half for the next one.
  let carry = "";
  const run = (text: string): string => {
    const out = markdown ? markdown.push(text) : text;
    return emoji ? emoji.push(out) : out;
  };
  return {
    push(delta: string): string {
      let text = carry + delta;
      carry = "";
      if (text.length > 0 && isHighSurrogate(text.charAt(text.length - 1))) {
        carry = text.slice(-1);
        text = text.slice(0, -1);
      }
      return run(text);
    },
    flush(): string {
      let out = run(carry);
      carry = "";
      const text = markdown ? markdown.flush() : "";
      out += emoji ? emoji.push(text) + emoji.flush() : text;
      return out;
    },
    get pending(): number {
      return carry.length + (markdown?.pending ?? 0) + (emoji?.pending ?? 0);
    },
  };
}

// ---------------------------------------------------------------------------
// Stage driver
// ---------------------------------------------------------------------------

interface Step {
  /** Input characters consumed (0 only together with a state change). */
  len: number;
  out: string;
}

/** Thrown by `Stage.at` when a decision needs input that has not arrived yet. */
class NeedMoreInput extends Error {}
const NEED_MORE = new NeedMoreInput("need more input");

/**
 * A stage consumes its buffer through `step`, which decides one token from
 * `buf[i..]`. A step either throws NEED_MORE before touching any state, or
 * commits its state change and returns. Every decision depends only on the
 * characters in `buf[i .. limit)` and on whether the text ends before `limit`,
 * which makes the output independent of how the input was split.
 */
abstract class Stage {
  protected buf = "";
  protected final = false;

  push(text: string): string {
    this.buf += text;
    return this.drain();
  }

  flush(): string {
    this.final = true;
    const out = this.drain();
    this.buf = "";
    return out;
  }

  get pending(): number {
    return this.buf.length;
  }

  /**
   * Code unit at `p`: `null` when `p` is at or past `limit` (the decision must
   * not look there), `""` at the end of the text, throws when not yet known.
   */
  protected at(p: number, limit: number): string | null {
    if (p >= limit) return null;
    if (p < this.buf.length) return this.buf.charAt(p);
    if (this.final) return "";
    throw NEED_MORE;
  }

  /** Code point at `p` (see `at`); a surrogate pair cut by `limit` is `null`. */
  protected cpAt(p: number, limit: number): string | null {
    const c = this.at(p, limit);
    if (c === null || c === "" || !isHighSurrogate(c)) return c;
    const d = this.at(p + 1, limit);
    if (d === null) return null;
    return d !== "" && isLowSurrogate(d) ? c + d : c;
  }

  protected abstract step(i: number): Step;

  private drain(): string {
    let out = "";
    let i = 0;
    for (let guard = 0; i < this.buf.length; guard++) {
      let r: Step;
      try {
        r = this.step(i);
      } catch (e) {
        if (e === NEED_MORE) break;
        throw e;
      }
      out += r.out;
      i += r.len;
      if (r.len === 0 && guard > this.buf.length * 4 + 16) {
        throw new Error("formatting: no progress");
      }
    }
    this.buf = this.buf.slice(i);
    return out;
  }
}

function isHighSurrogate(c: string): boolean {
  const u = c.charCodeAt(0);
  return u >= 0xd800 && u <= 0xdbff;
}

function isLowSurrogate(c: string): boolean {
  const u = c.charCodeAt(0);
  return u >= 0xdc00 && u <= 0xdfff;
}

/** Last code point of `s`. */
function lastCodePoint(s: string): string {
  if (s.length >= 2 && isLowSurrogate(s.charAt(s.length - 1)) && isHighSurrogate(s.charAt(s.length - 2))) {
    return s.slice(-2);
  }
  return s.slice(-1);
}

// ---------------------------------------------------------------------------
// Markdown stage
// ---------------------------------------------------------------------------

const mdOptions = {
  extensions: [gfmStrikethrough()],
  mdastExtensions: [gfmStrikethroughFromMarkdown()],
};

const conversionCache = new Map<string, string>();

/**
 * Converts one complete inline construct with the Markdown library. `pre` and
 * `post` are stand-ins for the neighbouring characters (same class for the
 * CommonMark flanking rules: whitespace, punctuation or other) so that the
 * construct is parsed as it would be in context, and inline rather than as a
 * block; they are cut off the result again.
 */
function convertInline(pre: string, unit: string, post: string): string {
  const source = pre + unit + post;
  const cached = conversionCache.get(source);
  if (cached !== undefined) return cached;
  let text = mdastToString(fromMarkdown(source, mdOptions));
  if (text.startsWith(pre) && text.endsWith(post) && text.length >= 2) {
    text = text.slice(pre.length, text.length - post.length);
  }
  if (conversionCache.size >= 2000) conversionCache.clear();
  conversionCache.set(source, text);
  return text;
}

const WHITESPACE = /\s/u;
const PUNCTUATION = /[\p{P}\p{S}]/u;
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;

function isWs(c: string): boolean {
  return c === "" || WHITESPACE.test(c);
}

/** Class stand-in for `convertInline`: NBSP is whitespace for CommonMark but never block indentation. */
function contextChar(c: string): string {
  if (isWs(c)) return "\u00a0";
  if (PUNCTUATION.test(c)) return ".";
  return "a";
}

/** CommonMark left/right-flanking rules (with GFM `~` treated like `*`). */
function flanking(before: string, after: string, ch: string): { canOpen: boolean; canClose: boolean } {
  const wsBefore = isWs(before);
  const wsAfter = isWs(after);
  const punctBefore = !wsBefore && PUNCTUATION.test(before);
  const punctAfter = !wsAfter && PUNCTUATION.test(after);
  const left = !wsAfter && (!punctAfter || wsBefore || punctBefore);
  const right = !wsBefore && (!punctBefore || wsAfter || punctAfter);
  if (ch === "_") {
    return { canOpen: left && (!right || punctBefore), canClose: right && (!left || punctAfter) };
  }
  return { canOpen: left, canClose: right };
}

function isSpTab(c: string | null): boolean {
  return c === " " || c === "\t";
}

/** Horizontal whitespace inside a Markdown line (`\r` of CRLF included). */
function isLineWs(c: string | null): boolean {
  return c === " " || c === "\t" || c === "\r";
}

const HR_PREFIX = /^([-*_])(?:[ \t]*\1)*[ \t]*$/;
const HR_LINE = /^([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const SETEXT_LINE = /^(?:=+|-+)[ \t]*$/;
const TABLE_DELIMITER_PREFIX = /^[|:\- \t]*$/;
const TABLE_DELIMITER_LINE = /^\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const BULLET_LINE = /^[-*+][ \t]/;
const ENTITY = /^&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});$/;
const ENTITY_CHAR = /[#A-Za-z0-9]/;
const AUTOLINK = /^<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*>$/;
const EMAIL_AUTOLINK =
  /^<[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*>$/;
const PLAIN_RUN = /[^\n \t\r\\&<`*_~![]+/y;
const PLAIN_RUN_TABLE = /[^\n \t\r\\&<`*_~![|]+/y;

type LineKind = "para" | "heading" | "table" | "bullet";

interface Fence {
  ch: string;
  len: number;
  indent: number;
  quotes: number;
}

interface Delimiter {
  ch: string;
  count: number;
  orig: number;
  canOpen: boolean;
  canClose: boolean;
}

/**
 * Markdown → plain text, line by line:
 *
 * - ATX headings (`# `…`###### `, optional closing `#`s) and setext underlines
 *   (`===`, `---` under a paragraph line): markers dropped, heading text kept.
 * - Blockquote markers (`> `, nested) dropped.
 * - Unordered list markers (`-`, `*`, `+`) become `• `; ordered markers
 *   (`1.`, `1)`) and indentation are kept as they are.
 * - Thematic breaks (`---`, `***`, `___`) and table delimiter rows dropped.
 * - Table rows: outer pipes dropped, cells separated by ` | `.
 * - Fenced code (``` or ~~~): fence lines dropped, content kept verbatim
 *   (its indentation relative to the fence included); no formatting inside.
 * - Inline: emphasis, strong, strikethrough, inline code (content kept),
 *   links (text kept, destination and title dropped), images (alt text kept),
 *   autolinks (URL kept), backslash escapes and entities (decoded), hard-break
 *   backslashes and trailing spaces dropped.
 * - Runs of blank lines collapse to one blank line; leading blank lines go.
 *
 * Chat-oriented simplifications of CommonMark: inline constructs do not span
 * lines; `[text](` always starts a link, whose destination is dropped up to the
 * matching `)` or the end of the line (so long URLs are never held back);
 * reference-style links, raw HTML and indented code blocks are left as text.
 */
class MarkdownStage extends Stage {
  private mode: "lineStart" | "text" | "code" | "drop" | "dest" = "lineStart";
  private kind: LineKind = "para";
  private prevLine: "blank" | "para" | "other" = "blank";
  private fence: Fence | null = null;
  /** Previous input code point (flanking context); a newline at line start. */
  private prev = "\n";
  /** Last two output characters (blank-line collapsing). */
  private tail = "";
  private dest = { start: true, depth: 0, angle: false, title: "", escape: false, ws: false };

  protected step(i: number): Step {
    switch (this.mode) {
      case "lineStart":
        return this.lineStartStep(i);
      case "code":
        return this.codeStep(i);
      case "drop":
        return this.dropStep(i);
      case "dest":
        return this.destStep(i);
      default:
        return this.textStep(i);
    }
  }

  private done(i: number, len: number, out: string): Step {
    if (out) this.tail = (this.tail + out).slice(-2);
    if (len > 0) this.prev = lastCodePoint(this.buf.slice(Math.max(i, i + len - 2), i + len));
    return { len, out };
  }

  // -- line starts ----------------------------------------------------------

  private lineStartStep(i: number): Step {
    const limit = i + MARKDOWN_WINDOW;
    const fence = this.fence;
    // Blockquote markers: up to 3 spaces, `>`, one optional space.
    let p = i;
    let quotes = 0;
    const maxQuotes = fence ? fence.quotes : Number.POSITIVE_INFINITY;
    while (quotes < maxQuotes) {
      let q = p;
      while (q - p < 3 && this.at(q, limit) === " ") q++;
      if (this.at(q, limit) !== ">") break;
      quotes++;
      p = q + 1;
      if (isSpTab(this.at(p, limit))) p++;
    }
    if (fence && quotes >= fence.quotes) return this.fenceLineStep(i, p, fence, limit);

    let q = p;
    while (isLineWs(this.at(q, limit))) q++;
    const c = this.at(q, limit);

    if (c === "\n" || c === "") {
      // Blank line (blockquote markers and spaces only).
      const len = q - i + (c === "\n" ? 1 : 0);
      const blankBefore = this.tail === "" || this.tail === "\n" || this.tail === "\n\n";
      const out = c === "\n" && !blankBefore ? "\n" : "";
      this.fence = null;
      this.prevLine = "blank";
      return this.done(i, len, out);
    }
    if (c === null) return this.beginLine(i, q, "para", this.buf.slice(p, q));

    if (c === "#") {
      let r = q;
      while (this.at(r, limit) === "#") r++;
      const after = this.at(r, limit);
      if (r - q <= 6 && (isSpTab(after) || after === "\n" || after === "" || after === "\r")) {
        let t = r;
        while (isSpTab(this.at(t, limit))) t++;
        return this.beginLine(i, t, "heading", "");
      }
    }

    if (c === "`" || c === "~") {
      let r = q;
      while (this.at(r, limit) === c) r++;
      if (r - q >= 3) {
        this.fence = { ch: c, len: r - q, indent: q - p, quotes };
        this.mode = "drop";
        return this.done(i, r - i, "");
      }
    }

    // Lines that may turn out to be a thematic break, setext underline or
    // table delimiter row are held until decided (at most the window).
    let e = q;
    let line = "";
    let complete = false;
    let end: string | null = null;
    for (;;) {
      end = this.at(e, limit);
      if (end === "\n" || end === "") {
        complete = true;
        break;
      }
      if (end === null) break;
      line += end;
      e++;
      if (!this.couldBeSpecialLine(line)) break;
    }
    const trimmed = line.replace(/\r$/, "");
    if (
      complete &&
      (HR_LINE.test(trimmed) ||
        (this.prevLine === "para" && SETEXT_LINE.test(trimmed)) ||
        (trimmed.includes("|") && TABLE_DELIMITER_LINE.test(trimmed)))
    ) {
      this.fence = null;
      this.prevLine = "other";
      return this.done(i, e - i + (end === "\n" ? 1 : 0), "");
    }
    if (BULLET_LINE.test(line)) {
      let t = q + 1;
      while (isSpTab(this.at(t, limit))) t++;
      return this.beginLine(i, t, "bullet", this.buf.slice(p, q) + BULLET);
    }
    if (c === "|") {
      let t = q + 1;
      while (isSpTab(this.at(t, limit))) t++;
      return this.beginLine(i, t, "table", "");
    }
    return this.beginLine(i, q, "para", this.buf.slice(p, q));
  }

  private couldBeSpecialLine(text: string): boolean {
    const line = text.replace(/\r$/, "");
    return (
      HR_PREFIX.test(line) ||
      (this.prevLine === "para" && SETEXT_LINE.test(line)) ||
      TABLE_DELIMITER_PREFIX.test(line) ||
      /^[-*+]$/.test(line)
    );
  }

  /** Commits a line prefix `buf[i..to)` and enters inline text mode. */
  private beginLine(i: number, to: number, kind: LineKind, out: string): Step {
    this.fence = null;
    this.kind = kind;
    this.mode = "text";
    const step = this.done(i, to - i, out);
    this.prev = "\n";
    return step;
  }

  private fenceLineStep(i: number, p: number, fence: Fence, limit: number): Step {
    let s = p;
    while (s - p < fence.indent && this.at(s, limit) === " ") s++;
    let q = s;
    while (isSpTab(this.at(q, limit))) q++;
    let r = q;
    while (this.at(r, limit) === fence.ch) r++;
    if (r - q >= fence.len) {
      let t = r;
      while (isLineWs(this.at(t, limit))) t++;
      const e = this.at(t, limit);
      if (e === "\n" || e === "") {
        this.fence = null;
        this.prevLine = "other";
        return this.done(i, t - i + (e === "\n" ? 1 : 0), "");
      }
    }
    this.mode = "code";
    return this.done(i, s - i, "");
  }

  private codeStep(i: number): Step {
    const nl = this.buf.indexOf("\n", i);
    if (nl === -1) return this.done(i, this.buf.length - i, this.buf.slice(i));
    this.mode = "lineStart";
    this.prevLine = "other";
    return this.done(i, nl + 1 - i, this.buf.slice(i, nl + 1));
  }

  private dropStep(i: number): Step {
    const nl = this.buf.indexOf("\n", i);
    if (nl === -1) return this.done(i, this.buf.length - i, "");
    this.mode = "lineStart";
    this.prevLine = "other";
    return this.done(i, nl + 1 - i, "");
  }

  /** Drops a link destination and title up to the matching `)` (or line end). */
  private destStep(i: number): Step {
    const d = this.dest;
    let j = i;
    while (j < this.buf.length) {
      const c = this.buf.charAt(j);
      if (c === "\n") {
        this.mode = "text";
        return this.done(i, j - i, "");
      }
      j++;
      const start = d.start;
      d.start = false;
      if (d.escape) {
        d.escape = false;
      } else if (c === "\\") {
        d.escape = true;
      } else if (d.title) {
        if (c === d.title) d.title = "";
      } else if (d.angle) {
        if (c === ">") d.angle = false;
      } else if (c === "<" && start) {
        d.angle = true;
      } else if ((c === '"' || c === "'") && d.ws) {
        d.title = c;
      } else if (c === "(") {
        d.depth++;
      } else if (c === ")") {
        if (d.depth === 0) {
          this.mode = "text";
          return this.done(i, j - i, "");
        }
        d.depth--;
      }
      d.ws = c === " " || c === "\t";
    }
    return this.done(i, j - i, "");
  }

  // -- inline text ----------------------------------------------------------

  private textStep(i: number): Step {
    const limit = i + MARKDOWN_WINDOW;
    const c = this.buf.charAt(i);
    switch (c) {
      case "\n": {
        this.mode = "lineStart";
        this.prevLine = this.kind === "para" ? "para" : "other";
        const step = this.done(i, 1, "\n");
        this.prev = "\n";
        return step;
      }
      case " ":
      case "\t":
      case "\r":
        return this.whitespaceStep(i, limit);
      case "\\": {
        const n = this.at(i + 1, limit);
        if (n === "\n") return this.done(i, 1, "");
        if (n !== null && n !== "" && ASCII_PUNCTUATION.test(n)) return this.done(i, 2, n);
        return this.done(i, 1, c);
      }
      case "&":
        return this.entityStep(i, limit);
      case "<":
        return this.autolinkStep(i, limit);
      case "`":
        return this.codeSpanStep(i, limit);
      case "*":
      case "_":
      case "~":
        return this.emphasisStep(i, c, limit);
      case "!":
        if (this.at(i + 1, limit) === "[") return this.linkStep(i, i + 1, limit);
        return this.done(i, 1, c);
      case "[":
        return this.linkStep(i, i, limit);
      case "|":
        if (this.kind === "table") return this.pipeStep(i, i, limit);
        return this.done(i, 1, c);
      default: {
        const re = this.kind === "table" ? PLAIN_RUN_TABLE : PLAIN_RUN;
        re.lastIndex = i;
        re.test(this.buf);
        const len = Math.max(1, re.lastIndex - i);
        return this.done(i, len, this.buf.slice(i, i + len));
      }
    }
  }

  private whitespaceStep(i: number, limit: number): Step {
    let j = i;
    while (isLineWs(this.at(j, limit))) j++;
    const n = this.at(j, limit);
    if (n === "\n" || n === "") return this.done(i, j - i, ""); // trailing spaces
    if (n === "#" && this.kind === "heading") {
      // Optional closing sequence of an ATX heading: ` ##` at the line end.
      let r = j;
      while (this.at(r, limit) === "#") r++;
      let t = r;
      while (isLineWs(this.at(t, limit))) t++;
      const e = this.at(t, limit);
      if (e === "\n" || e === "") return this.done(i, t - i, "");
    }
    if (n === "|" && this.kind === "table") return this.pipeStep(i, j, limit);
    return this.done(i, j - i, this.buf.slice(i, j));
  }

  /** Table cell separator at `j` (spaces from `i`): ` | `, or nothing at the row end. */
  private pipeStep(i: number, j: number, limit: number): Step {
    let t = j + 1;
    while (isLineWs(this.at(t, limit))) t++;
    const e = this.at(t, limit);
    return this.done(i, t - i, e === "\n" || e === "" ? "" : " | ");
  }

  private entityStep(i: number, limit: number): Step {
    let j = i + 1;
    for (let c = this.at(j, limit); c && ENTITY_CHAR.test(c) && j - i < 34; c = this.at(j, limit)) j++;
    if (this.at(j, limit) === ";" && ENTITY.test(this.buf.slice(i, j + 1))) {
      return this.done(i, j + 1 - i, convertInline("a", this.buf.slice(i, j + 1), "a"));
    }
    return this.done(i, 1, "&");
  }

  private autolinkStep(i: number, limit: number): Step {
    let j = i + 1;
    for (let c = this.at(j, limit); c && !/[\s<>]/.test(c); c = this.at(j, limit)) j++;
    if (this.at(j, limit) === ">") {
      const unit = this.buf.slice(i, j + 1);
      if (AUTOLINK.test(unit) || EMAIL_AUTOLINK.test(unit)) {
        return this.done(i, j + 1 - i, convertInline("\u00a0", unit, "\u00a0"));
      }
    }
    return this.done(i, 1, "<");
  }

  /** End of the code span whose opening run of `n` backticks ends at `p`, or -1. */
  private codeSpanEnd(p: number, n: number, limit: number): number {
    for (let j = p; ; ) {
      const c = this.at(j, limit);
      if (c === null || c === "" || c === "\n" || (c === "|" && this.kind === "table")) return -1;
      if (c !== "`") {
        j++;
        continue;
      }
      let r = j;
      while (this.at(r, limit) === "`") r++;
      if (r - j === n) return r;
      j = r;
    }
  }

  private codeSpanStep(i: number, limit: number): Step {
    let r = i;
    while (this.at(r, limit) === "`") r++;
    const end = this.codeSpanEnd(r, r - i, limit);
    if (end === -1) return this.done(i, r - i, this.buf.slice(i, r));
    return this.done(i, end - i, convertInline("\u00a0", this.buf.slice(i, end), "\u00a0"));
  }

  private emphasisStep(i: number, ch: string, limit: number): Step {
    let r = i;
    while (this.at(r, limit) === ch) r++;
    const after = this.cpAt(r, limit);
    const literal = () => this.done(i, r - i, this.buf.slice(i, r));
    if (after === null || (ch === "~" && r - i > 2)) return literal();
    const f = flanking(this.prev, after, ch);
    if (!f.canOpen) return literal();
    const end = this.emphasisEnd(i, r, ch, f.canClose, limit);
    if (end === -1) return literal();
    const next = this.cpAt(end, limit) ?? "";
    const text = convertInline(contextChar(this.prev), this.buf.slice(i, end), contextChar(next));
    return this.done(i, end - i, text);
  }

  /**
   * Where the emphasis opened by the run `buf[i..r)` is closed: a simplified
   * CommonMark delimiter stack (rule of 3 included) that ends when the opener
   * is matched. Returns -1 when it is not closed on this line within the window.
   */
  private emphasisEnd(i: number, r: number, ch: string, canClose: boolean, limit: number): number {
    const stack: Delimiter[] = [{ ch, count: r - i, orig: r - i, canOpen: true, canClose }];
    for (let j = r; ; ) {
      const c = this.at(j, limit);
      if (c === null || c === "" || c === "\n" || (c === "|" && this.kind === "table")) return -1;
      if (c === "\\") {
        const n = this.at(j + 1, limit);
        j += n !== null && n !== "" && ASCII_PUNCTUATION.test(n) ? 2 : 1;
        continue;
      }
      if (c === "`") {
        let s = j;
        while (this.at(s, limit) === "`") s++;
        const end = this.codeSpanEnd(s, s - j, limit);
        j = end === -1 ? s : end;
        continue;
      }
      if (c !== "*" && c !== "_" && c !== "~") {
        j++;
        continue;
      }
      let s = j;
      while (this.at(s, limit) === c) s++;
      const runLength = s - j;
      const after = this.cpAt(s, limit);
      if (after === null) return -1;
      if (c === "~" && runLength > 2) {
        j = s;
        continue;
      }
      const before = lastCodePoint(this.buf.slice(Math.max(0, j - 2), j));
      const f = flanking(before, after, c);
      let count = runLength;
      if (f.canClose) {
        while (count > 0) {
          let t = stack.length - 1;
          for (; t >= 0; t--) {
            const o = stack[t] as Delimiter;
            if (o.ch !== c) continue;
            if (c === "~") {
              if (o.count === count) break;
              continue;
            }
            const oddMatch =
              (o.canClose || f.canOpen) &&
              (o.orig + runLength) % 3 === 0 &&
              !(o.orig % 3 === 0 && runLength % 3 === 0);
            if (!oddMatch) break;
          }
          if (t < 0) break;
          const o = stack[t] as Delimiter;
          const use = c === "~" ? count : count >= 2 && o.count >= 2 ? 2 : 1;
          o.count -= use;
          count -= use;
          stack.length = o.count === 0 ? t : t + 1;
          if (stack.length === 0) return s;
        }
      }
      if (count > 0 && f.canOpen) {
        stack.push({ ch: c, count, orig: runLength, canOpen: true, canClose: f.canClose });
      }
      j = s;
    }
  }

  /** `[text](` or `![alt](` at `i` (`s` is the `[`): emits the text, then drops the destination. */
  private linkStep(i: number, s: number, limit: number): Step {
    let depth = 0;
    let close = -1;
    for (let j = s + 1; close === -1; ) {
      const c = this.at(j, limit);
      if (c === null || c === "" || c === "\n" || (c === "|" && this.kind === "table")) break;
      if (c === "\\") {
        const n = this.at(j + 1, limit);
        j += n !== null && n !== "" && ASCII_PUNCTUATION.test(n) ? 2 : 1;
      } else if (c === "`") {
        let r = j;
        while (this.at(r, limit) === "`") r++;
        const end = this.codeSpanEnd(r, r - j, limit);
        j = end === -1 ? r : end;
      } else if (c === "[") {
        depth++;
        j++;
      } else if (c === "]") {
        if (depth === 0) close = j;
        depth--;
        j++;
      } else {
        j++;
      }
    }
    if (close === -1 || this.at(close + 1, limit) !== "(") return this.done(i, 1, this.buf.charAt(i));
    const text = convertInline("\u00a0", `${this.buf.slice(i, close + 1)}(#)`, "\u00a0");
    this.mode = "dest";
    this.dest = { start: true, depth: 0, angle: false, title: "", escape: false, ws: false };
    return this.done(i, close + 2 - i, text);
  }
}

// ---------------------------------------------------------------------------
// Emoji stage
// ---------------------------------------------------------------------------

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
class EmojiStage extends Stage {
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
