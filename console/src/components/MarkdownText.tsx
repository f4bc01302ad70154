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

function inlines(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case "text":
        return node.text;
      case "br":
        return <br key={index} />;
      case "code":
        return <code key={index}>{node.text}</code>;
      case "strong":
        return <strong key={index}>{inlines(node.children)}</strong>;
      case "em":
        return <em key={index}>{inlines(node.children)}</em>;
      case "link":
        return (
          <a key={index} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
            {node.children.length > 0 ? inlines(node.children) : node.href}
          </a>
        );
      default:
        return null;
    }
  });
}

function blocks(list: Block[]): ReactNode[] {
  return list.map((block, index) => {
    switch (block.type) {
      case "p":
        return <p key={index}>{inlines(block.children)}</p>;
      case "heading":
        return (
          <p key={index}>
            <strong>{inlines(block.children)}</strong>
          </p>
        );
      case "pre":
        return (
          <pre key={index}>
            <code>{block.text}</code>
          </pre>
        );
      case "quote":
        return <blockquote key={index}>{blocks(block.children)}</blockquote>;
      case "hr":
        return <hr key={index} />;
      case "ul":
        return <ul key={index}>{block.items.map(listItem)}</ul>;
      case "ol":
        return (
          <ol key={index} start={block.start === 1 ? undefined : block.start}>
            {block.items.map(listItem)}
          </ol>
        );
      default:
        return null;
    }
  });
}

/** A one-paragraph item is written straight into the <li> (a "tight" list), as in the widget. */
function listItem(item: Block[], index: number): ReactNode {
  const only = item.length === 1 ? item[0] : undefined;
  return <li key={index}>{only?.type === "p" ? inlines(only.children) : blocks(item)}</li>;
}
