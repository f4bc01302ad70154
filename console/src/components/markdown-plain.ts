import { type Block, type Inline, parseMarkdown } from "../../../widget/src/markdown";

/**
 * Markdown as one line of plain text, for previews (the inbox rows): what a reader sees of the
 * rendered message (MarkdownText.tsx), without the marks. Links keep their label.
 */
export function markdownToPlainText(markdown: string): string {
  return blocksText(parseMarkdown(markdown)).replace(/\s+/g, " ").trim();
}

function inlineText(nodes: Inline[]): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case "text":
        case "code":
          return node.text;
        case "br":
          return " ";
        case "link":
          return node.children.length > 0 ? inlineText(node.children) : node.href;
        default:
          return inlineText(node.children);
      }
    })
    .join("");
}

function blocksText(blocks: Block[]): string {
  return blocks
    .map((block) => {
      switch (block.type) {
        case "p":
        case "heading":
          return inlineText(block.children);
        case "pre":
          return block.text;
        case "quote":
          return blocksText(block.children);
        case "hr":
          return "";
        default:
          return block.items.map(blocksText).join(" ");
      }
    })
    .join(" ");
}
