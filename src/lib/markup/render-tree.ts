/** One walk of the Markdown tree, rendered through a channel's Dialect (see markup.ts). */
import type { Nodes, Root, RootContent } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { toString as mdastToString } from "mdast-util-to-string";
import { BULLET } from "../formatting/limits.js";
import { MARKDOWN_OPTIONS } from "../formatting/markdown-stage.js";
import type { Dialect } from "./dialect.js";

interface Walk {
  source: string;
  dialect: Dialect;
  /** Link reference definitions: identifier → URL. */
  definitions: Map<string, string>;
  inLink: boolean;
  quoteDepth: number;
}

/**
 * Renders `markdown` through `dialect`. Block layout follows the source: blocks that were
 * separated by a blank line are by a blank line, others by one line break, so the rendered
 * text is never longer than the source by more than list indentation. Thematic breaks and
 * link definitions vanish; raw HTML is literal text.
 */
export function renderTree(markdown: string, dialect: Dialect): string {
  const root = fromMarkdown(markdown, MARKDOWN_OPTIONS);
  const walk: Walk = {
    source: markdown,
    dialect,
    definitions: definitionsOf(root),
    inLink: false,
    quoteDepth: 0,
  };
  return blocks(root.children, walk);
}

function definitionsOf(root: Root): Map<string, string> {
  const found = new Map<string, string>();
  const stack: Nodes[] = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.type === "definition") {
      if (!found.has(node.identifier)) found.set(node.identifier, node.url);
    } else if (
      "children" in node &&
      (node.type === "root" || node.type === "blockquote" || node.type === "list" || node.type === "listItem")
    ) {
      stack.push(...node.children);
    }
  }
  return found;
}

/** Blocks joined as the source separated them (a blank line, or one line break). */
function blocks(children: RootContent[], walk: Walk): string {
  let out = "";
  let previousEnd: number | undefined;
  for (const child of children) {
    const text = block(child, walk);
    if (text === "") continue;
    const start = child.position?.start.offset;
    if (previousEnd !== undefined) out += blankLineBetween(walk.source, previousEnd, start) ? "\n\n" : "\n";
    out += text;
    previousEnd = child.position?.end.offset;
  }
  return out;
}

function blankLineBetween(source: string, from: number, to: number | undefined): boolean {
  const first = source.indexOf("\n", from);
  if (first === -1 || (to !== undefined && first >= to)) return false;
  const second = source.indexOf("\n", first + 1);
  return second !== -1 && (to === undefined || second < to);
}

function block(node: RootContent, walk: Walk): string {
  const { dialect } = walk;
  switch (node.type) {
    case "paragraph":
      return inlines(node.children, walk);
    case "heading": {
      const inner = inlines(node.children, walk);
      return inner === "" ? "" : dialect.heading(inner);
    }
    case "blockquote": {
      const inner = blocks(node.children, { ...walk, quoteDepth: walk.quoteDepth + 1 });
      return inner === "" ? "" : dialect.quote(inner, walk.quoteDepth > 0);
    }
    case "list":
      return list(node.children, node.ordered ? (node.start ?? 1) : null, walk);
    case "code":
      return node.value === "" ? "" : dialect.codeBlock(node.value, node.lang?.split(/\s/)[0] || undefined);
    case "html":
      return dialect.text(node.value);
    case "thematicBreak":
    case "definition":
      return "";
    default:
      return inline(node as Nodes, walk);
  }
}

/** `• ` or `N. ` before each item; the item's further lines indented under its text. */
function list(items: RootContent[], start: number | null, walk: Walk): string {
  let out = "";
  let previousEnd: number | undefined;
  items.forEach((item, index) => {
    if (item.type !== "listItem") return;
    const marker = start === null ? BULLET : `${start + index}. `;
    const indent = " ".repeat(marker.length);
    const body = blocks(item.children, walk)
      .split("\n")
      .map((line, i) => (i === 0 ? marker + line : line === "" ? line : indent + line))
      .join("\n");
    if (previousEnd !== undefined) {
      out += blankLineBetween(walk.source, previousEnd, item.position?.start.offset) ? "\n\n" : "\n";
    }
    out += body;
    previousEnd = item.position?.end.offset;
  });
  return out;
}

function inlines(children: readonly Nodes[], walk: Walk): string {
  let out = "";
  for (const child of children) out += inline(child, walk);
  return out;
}

function inline(node: Nodes, walk: Walk): string {
  const { dialect } = walk;
  switch (node.type) {
    case "text":
    case "html":
      return dialect.text(node.value);
    case "strong":
    case "emphasis":
    case "delete": {
      const inner = inlines(node.children, walk);
      if (inner === "") return "";
      if (node.type === "strong") return dialect.strong(inner);
      return node.type === "emphasis" ? dialect.emphasis(inner) : dialect.strike(inner);
    }
    case "inlineCode":
      return dialect.inlineCode(node.value, walk.inLink);
    case "break":
      return "\n";
    case "link":
      return link(node.children, node.url, walk);
    case "linkReference":
      return link(node.children, walk.definitions.get(node.identifier) ?? "", walk);
    case "image":
      return image(node.alt ?? "", node.url, walk);
    case "imageReference":
      return image(node.alt ?? "", walk.definitions.get(node.identifier) ?? "", walk);
    default:
      if ("children" in node) return inlines(node.children as Nodes[], walk);
      return "value" in node && typeof node.value === "string" ? dialect.text(node.value) : "";
  }
}

function link(children: readonly Nodes[], url: string, walk: Walk): string {
  const inner = inlines(children, { ...walk, inLink: true });
  if (walk.inLink || url === "") return inner;
  const plain = children.map((child) => mdastToString(child)).join("");
  return walk.dialect.link(inner, url, plain);
}

function image(alt: string, url: string, walk: Walk): string {
  const inner = walk.dialect.text(alt);
  if (walk.inLink || url === "") return inner;
  return walk.dialect.link(inner, url, alt);
}
