import type { ReactNode } from "react";
import { type Block, type Inline, parseMarkdown } from "../../../widget/src/markdown";
import classes from "./MarkdownText.module.css";

/**
 * Bot and operator text as the web widget shows it (docs/widget.md, "In the conversation"): the
 * widget's own parser (widget/src/markdown.ts) reads the safe Markdown subset, and React builds
 * the elements, so HTML in the text stays the characters it is. Links are only the http:,
 * https: and mailto: URLs the parser kept; they open in a new tab without the console as opener
 * or referrer. Images are never shown (the widget shows none either).
 */
export function MarkdownText({ text, className }: { text: string; className?: string }) {
  return (
    <div className={className ? `${classes.markdown} ${className}` : classes.markdown} data-markdown="true">
      {blocks(parseMarkdown(text))}
    </div>
  );
}

/**
 * The elements of parsed nodes, keyed by position: the tree is parsed again from the text on
 * every render, so a node's position is its identity.
 */
function each<T>(nodes: readonly T[], render: (node: T, key: number) => ReactNode): ReactNode[] {
  const out: ReactNode[] = [];
  for (const node of nodes) out.push(render(node, out.length));
  return out;
}

function inlines(nodes: Inline[]): ReactNode[] {
  return each(nodes, inline);
}

function inline(node: Inline, key: number): ReactNode {
  switch (node.type) {
    case "text":
      return node.text;
    case "br":
      return <br key={key} />;
    case "code":
      return <code key={key}>{node.text}</code>;
    case "strong":
      return <strong key={key}>{inlines(node.children)}</strong>;
    case "em":
      return <em key={key}>{inlines(node.children)}</em>;
    case "link":
      return (
        <a key={key} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
          {node.children.length > 0 ? inlines(node.children) : node.href}
        </a>
      );
    default:
      return null;
  }
}

function blocks(list: Block[]): ReactNode[] {
  return each(list, block);
}

function block(node: Block, key: number): ReactNode {
  switch (node.type) {
    case "p":
      return <p key={key}>{inlines(node.children)}</p>;
    case "heading":
      return (
        <p key={key}>
          <strong>{inlines(node.children)}</strong>
        </p>
      );
    case "pre":
      return (
        <pre key={key}>
          <code>{node.text}</code>
        </pre>
      );
    case "quote":
      return <blockquote key={key}>{blocks(node.children)}</blockquote>;
    case "hr":
      return <hr key={key} />;
    case "ul":
      return <ul key={key}>{each(node.items, listItem)}</ul>;
    case "ol":
      return (
        <ol key={key} start={node.start === 1 ? undefined : node.start}>
          {each(node.items, listItem)}
        </ol>
      );
    default:
      return null;
  }
}

/** A one-paragraph item is written straight into the <li> (a "tight" list), as in the widget. */
function listItem(item: Block[], key: number): ReactNode {
  const only = item.length === 1 ? item[0] : undefined;
  return <li key={key}>{only?.type === "p" ? inlines(only.children) : blocks(item)}</li>;
}
