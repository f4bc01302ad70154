/** The Markdown stage of the output formatter (see index.ts); also the plain-text rendering of channel markup (lib/markup). */
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmStrikethroughFromMarkdown } from "mdast-util-gfm-strikethrough";
import { toString as mdastToString } from "mdast-util-to-string";
import { gfmStrikethrough } from "micromark-extension-gfm-strikethrough";
import { BULLET, MARKDOWN_WINDOW } from "./limits.js";
import { lastCodePoint, Stage, type Step } from "./stage.js";

/** The Markdown the bot writes: CommonMark with GFM strikethrough (also lib/markup's parser options). */
export const MARKDOWN_OPTIONS = {
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
  let text = mdastToString(fromMarkdown(source, MARKDOWN_OPTIONS));
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
export class MarkdownStage extends Stage {
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
