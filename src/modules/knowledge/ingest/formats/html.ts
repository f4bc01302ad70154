import { type HTMLElement, type Node, NodeType, parse, type TextNode } from "node-html-parser";
import { decodeText } from "../decode-text.js";
import { DocumentParseError } from "../document-parse-error.js";

/**
 * An HTML page as readable text (docs/knowledge.md, "Formats"): what a person would read, with
 * its structure kept as line breaks a chunker can cut at. Scripts, styles, navigation, forms'
 * controls and hidden elements are dropped; headings become `#` lines, list items `- ` or `1. `
 * lines, table cells are joined by ` | ` one row a line, paragraphs and blocks are separated by
 * a blank line, `<pre>` keeps its whitespace, entities are decoded. The `<title>` leads when the
 * page has no `<h1>` of its own. Elements nested more than `maxDepth` deep, or markup leaving
 * more than `UNCLOSED_FACTOR` times as many elements open at once, are `too_complex`.
 */
export function parseHtml(bytes: Uint8Array, filename: string, maxDepth: number): string {
  const html = decodeText(bytes, declaredCharset(bytes));
  if (html === undefined) {
    throw new DocumentParseError("unsupported_format", `"${filename}" holds binary data, not HTML.`);
  }
  const text = htmlToText(html, maxDepth);
  if (text === undefined) {
    throw new DocumentParseError(
      "too_complex",
      `"${filename}" nests elements more than ${maxDepth} levels deep (or leaves more than ${maxDepth * UNCLOSED_FACTOR} open); at most ${maxDepth} levels can be read.`,
    );
  }
  return text;
}

/**
 * Elements the markup may leave open at once, per level of `maxDepth`. node-html-parser closes
 * what is left open at the end (it nests no deeper in the tree), but in time quadratic in their
 * number: 2,048 took half a second, 5,000 over two, 200,000 would take hours.
 */
const UNCLOSED_FACTOR = 4;

/**
 * The page's text; `undefined` when it is too complex. That is checked twice: on the markup
 * before it is parsed (at most `maxDepth * UNCLOSED_FACTOR` elements open at once), and on the
 * parsed tree before the recursive walks over it (css-select's and ours, which would overflow
 * the stack), at most `maxDepth` levels.
 */
export function htmlToText(html: string, maxDepth = DEFAULT_MAX_DEPTH): string | undefined {
  const markup = withoutDeclarations(html);
  const mostOpen = maxDepth * UNCLOSED_FACTOR;
  if (markupDepth(markup, mostOpen) > mostOpen) return undefined;
  // The parser skips script/style/noscript content without reading it as markup, so a "<p>"
  // inside a script string never becomes a paragraph; the elements themselves are DROPPED.
  const root = parse(markup, {
    blockTextElements: { script: false, style: false, noscript: false },
  });
  if (treeDepth(root, maxDepth) > maxDepth) return undefined;
  const out = new TextBuilder();
  const title = root.querySelector("title")?.text.replace(/\s+/g, " ").trim();
  if (title && !root.querySelector("h1")) {
    out.text(`# ${title}`);
    out.lineBreak(2);
  }
  walk(root, out, { preformatted: false, listDepth: 0, inListItem: false });
  return out.toString();
}

/**
 * The parser reads a doctype, an XML declaration or a processing instruction as text; they
 * are dropped. CDATA sections (XHTML) keep their content as text.
 */
function withoutDeclarations(html: string): string {
  return html
    .replace(/<!doctype[^>]*>/gi, "")
    .replace(/<\?[\s\S]*?\?>/g, "")
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, content: string) =>
      content.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"),
    );
}

/** As DEFAULT_PARSE_LIMITS.maxNestingDepth (parse-limits.ts), for callers with no limits of their own. */
const DEFAULT_MAX_DEPTH = 512;

/** Elements that never hold content, so never stay open. */
// biome-ignore format: a word list reads better packed
const VOID = new Set([
  "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
]);

/** Elements whose content the parser reads as text up to their end tag (as configured above). */
const RAW_TEXT = new Set(["script", "style", "noscript"]);

/**
 * node-html-parser's own rules for an end tag it may leave out: an open element (the key) is
 * closed by the start of one of these (`<li>` closes an open `<li>`)…
 */
const CLOSED_BY_OPENING: Record<string, readonly string[]> = {
  li: ["li"],
  p: ["p", "div"],
  b: ["div"],
  td: ["td", "th", "tr", "tbody", "tfoot"],
  th: ["td", "th", "tr", "tbody", "tfoot"],
  tr: ["tr", "tbody", "tfoot"],
  thead: ["tbody", "tfoot"],
  tbody: ["tbody", "tfoot"],
  h1: ["h1"],
  h2: ["h2"],
  h3: ["h3"],
  h4: ["h4"],
  h5: ["h5"],
  h6: ["h6"],
  dt: ["dt", "dd"],
  dd: ["dt", "dd"],
};

/** …or by the end of one of these (`</ul>` closes an open `<li>`). */
const CLOSED_BY_CLOSING: Record<string, readonly string[]> = {
  li: ["ul", "ol"],
  a: ["div"],
  b: ["div"],
  i: ["div"],
  p: ["div"],
  td: ["tr", "table", "thead", "tbody", "tfoot"],
  th: ["tr", "table", "thead", "tbody", "tfoot"],
  tr: ["table", "thead", "tbody", "tfoot"],
  tbody: ["table"],
  tfoot: ["table"],
  dt: ["dl", "body", "html"],
  dd: ["dl", "body", "html"],
};

/**
 * A start or end tag, or a comment. Linear by construction: no part can match what another
 * starts with, and none reads past a `<`, so a failed match never rescans the file.
 */
const TAG = /<(\/?)([a-zA-Z][\w:-]*)((?:"[^"<>]*"|'[^'<>]*'|[^<>"'])*)>|<!--[\s\S]*?(?:-->|$)/g;

/** Where each raw-text element ends. */
const RAW_TEXT_END = Object.fromEntries([...RAW_TEXT].map((name) => [name, new RegExp(`</${name}`, "gi")]));

/**
 * How deep elements nest in `markup`, read the way node-html-parser keeps elements open (an
 * end tag closes the element it names if it is open on top, or one its rules say it closes;
 * others are ignored), counted until it passes `stopAbove`.
 */
function markupDepth(markup: string, stopAbove: number): number {
  const open: string[] = [];
  let deepest = 0;
  TAG.lastIndex = 0;
  for (let match = TAG.exec(markup); match; match = TAG.exec(markup)) {
    const name = match[2]?.toLowerCase();
    if (!name) continue; // a comment
    if (match[1]) {
      for (let top = open.at(-1); top !== undefined; top = open.at(-1)) {
        if (top === name) {
          open.pop();
          break;
        }
        if (!CLOSED_BY_CLOSING[top]?.includes(name)) break;
        open.pop();
      }
      continue;
    }
    for (let top = open.at(-1); top && CLOSED_BY_OPENING[top]?.includes(name); top = open.at(-1)) open.pop();
    if (VOID.has(name) || match[3]?.endsWith("/")) continue;
    const rawEnd = RAW_TEXT_END[name];
    if (rawEnd) {
      rawEnd.lastIndex = TAG.lastIndex;
      TAG.lastIndex = rawEnd.exec(markup)?.index ?? markup.length;
    }
    open.push(name);
    if (open.length > deepest) {
      deepest = open.length;
      if (deepest > stopAbove) return deepest;
    }
  }
  return deepest;
}

/** How deep the parsed tree's elements nest, without recursion, until it passes `stopAbove`. */
function treeDepth(root: HTMLElement, stopAbove: number): number {
  let deepest = 0;
  const pending: Array<[Node, number]> = [[root, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, depth] = next;
    if (depth > deepest) {
      deepest = depth;
      if (deepest > stopAbove) return deepest;
    }
    for (const child of node.childNodes) pending.push([child, depth + 1]);
  }
  return deepest;
}

/** Elements whose whole subtree is boilerplate or not text at all. */
// biome-ignore format: a word list reads better packed
const DROPPED = new Set([
  "head", "title", "script", "style", "noscript", "template", "nav", "svg", "canvas", "iframe", "object",
  "embed", "audio", "video", "button", "select", "input", "textarea",
]);

/** Blocks that stand apart from their neighbours by a blank line. */
// biome-ignore format: a word list reads better packed
const PARAGRAPH_BLOCKS = new Set([
  "p", "ul", "ol", "dl", "table", "blockquote", "pre", "section", "article", "header", "footer", "main",
  "aside", "figure", "address", "details", "fieldset", "form", "hr", "h1", "h2", "h3", "h4", "h5", "h6",
]);

/** Blocks that start on a line of their own. */
const LINE_BLOCKS = new Set([
  "div",
  "li",
  "dt",
  "dd",
  "tr",
  "figcaption",
  "summary",
  "caption",
  "legend",
  "br",
]);

interface WalkState {
  preformatted: boolean;
  /** How many lists enclose this node: a nested list's items are indented. */
  listDepth: number;
  /** Whether a list item encloses this node (and no list inside that item does). */
  inListItem: boolean;
}

function walk(node: Node, out: TextBuilder, state: WalkState): void {
  for (const child of node.childNodes) {
    if (child.nodeType === NodeType.TEXT_NODE) {
      const text = (child as TextNode).text;
      if (state.preformatted) out.preformatted(text);
      else out.text(text);
    } else if (child.nodeType === NodeType.ELEMENT_NODE) {
      element(child as HTMLElement, out, state);
    }
  }
}

function element(el: HTMLElement, out: TextBuilder, state: WalkState): void {
  const tag = el.localName;
  if (DROPPED.has(tag) || isHidden(el)) return;
  const isList = tag === "ul" || tag === "ol";
  // Inside a list item a paragraph (or a nested list) is a line, so the list stays compact.
  const gap = PARAGRAPH_BLOCKS.has(tag) ? (state.inListItem ? 1 : 2) : LINE_BLOCKS.has(tag) ? 1 : 0;
  if (gap) out.lineBreak(gap);
  const heading = /^h([1-6])$/.exec(tag);
  if (heading) out.prefix(`${"#".repeat(Number(heading[1]))} `);
  if (tag === "li") out.prefix(`${"  ".repeat(Math.max(0, state.listDepth - 1))}${listMarker(el)} `);
  if ((tag === "td" || tag === "th") && el.previousElementSibling) out.text(" | ");
  const inner: WalkState = {
    preformatted: state.preformatted || tag === "pre",
    listDepth: state.listDepth + (isList ? 1 : 0),
    inListItem: tag === "li" || (state.inListItem && !isList),
  };
  walk(el, out, inner);
  if (gap) out.lineBreak(gap);
}

function isHidden(el: HTMLElement): boolean {
  return (
    el.hasAttribute("hidden") ||
    el.getAttribute("aria-hidden") === "true" ||
    el.getAttribute("role") === "navigation"
  );
}

function listMarker(li: HTMLElement): string {
  const list = li.parentNode;
  if (list?.localName !== "ol") return "-";
  const start = Number.parseInt(list.getAttribute("start") ?? "1", 10);
  const position = list.children.filter((item) => item.localName === "li").indexOf(li);
  return `${(Number.isFinite(start) ? start : 1) + position}.`;
}

/**
 * Collapses HTML whitespace the way a browser lays text out (a no-break space becomes a plain
 * one), and honours requested line breaks. A prefix (a list marker, a heading's `#`) waits for
 * the text it introduces: breaks asked for in between (a `<p>` inside an `<li>`) are absorbed,
 * and a prefix that no text follows is dropped.
 */
class TextBuilder {
  private readonly parts: string[] = [];
  private pendingBreaks = 0;
  private pendingSpace = false;
  private pendingPrefix = "";
  private atLineStart = true;

  text(raw: string): void {
    const collapsed = raw.replace(/[\t\n\f\r \u00a0]+/g, " ");
    if (collapsed.trim() === "") {
      if (collapsed !== "") this.pendingSpace = true;
      return;
    }
    if (collapsed.startsWith(" ")) this.pendingSpace = true;
    this.emit(collapsed.trim());
    this.pendingSpace = collapsed.endsWith(" ");
  }

  preformatted(raw: string): void {
    // A newline right after <pre> is not part of its content (HTML spec, "pre" element).
    const text = this.pendingBreaks > 0 ? raw.replace(/^\n/, "") : raw;
    if (text === "") return;
    this.emit(text);
    this.pendingSpace = false;
  }

  prefix(marker: string): void {
    this.pendingPrefix = marker;
  }

  lineBreak(count: 1 | 2): void {
    if (this.pendingPrefix) return;
    this.pendingBreaks = Math.max(this.pendingBreaks, count);
    this.pendingSpace = false;
  }

  toString(): string {
    return this.parts
      .join("")
      .replace(/[ \t]+\n/g, "\n")
      .replace(/\n{3,}/g, "\n\n")
      .replace(/^\n+|\s+$/g, "");
  }

  private emit(text: string): void {
    if (this.parts.length > 0 && this.pendingBreaks > 0) {
      this.parts.push("\n".repeat(this.pendingBreaks));
      this.atLineStart = true;
    } else if (this.pendingSpace && !this.atLineStart && !this.pendingPrefix) {
      this.parts.push(" ");
    }
    if (this.pendingPrefix) {
      this.parts.push(this.pendingPrefix);
      this.pendingPrefix = "";
    }
    this.pendingBreaks = 0;
    this.pendingSpace = false;
    this.parts.push(text);
    this.atLineStart = text.endsWith("\n");
  }
}

/** The charset a page declares in a `<meta>` near its start, for pages that are not UTF-8. */
function declaredCharset(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 2048)).toString(
    "latin1",
  );
  return /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1];
}
