import { type HTMLElement, type Node, NodeType, parse, type TextNode } from "node-html-parser";
import { decodeText } from "../decode-text.js";
import { DocumentParseError } from "../document-parse-error.js";

/**
 * An HTML page as readable text (docs/knowledge.md, "Formats"): what a person would read, with
 * its structure kept as line breaks a chunker can cut at. Scripts, styles, navigation, forms'
 * controls and hidden elements are dropped; headings become `#` lines, list items `- ` or `1. `
 * lines, table cells are joined by ` | ` one row a line, paragraphs and blocks are separated by
 * a blank line, `<pre>` keeps its whitespace, entities are decoded. The `<title>` leads when the
 * page has no `<h1>` of its own.
 */
export function parseHtml(bytes: Uint8Array, filename: string): string {
  const html = decodeText(bytes, declaredCharset(bytes));
  if (html === undefined) {
    throw new DocumentParseError("unsupported_format", `"${filename}" holds binary data, not HTML.`);
  }
  return htmlToText(html);
}

export function htmlToText(html: string): string {
  // The parser skips script/style/noscript content without reading it as markup, so a "<p>"
  // inside a script string never becomes a paragraph; the elements themselves are DROPPED.
  const root = parse(withoutDeclarations(html), {
    blockTextElements: { script: false, style: false, noscript: false },
  });
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
