/**
 * Channel markup (docs/channels.md, "Formatting"): the Markdown a bot writes (CommonMark with
 * GFM strikethrough) rendered in the markup one vendor's messages understand.
 *
 * - `telegram-html`: Telegram's HTML parse mode (sent with `parse_mode: "HTML"`).
 * - `whatsapp`: WhatsApp's own markers (`*bold*`, `_italic_`, `~strike~`, ``` ```mono``` ```).
 * - `bbcode`: Bitrix24's BB codes (`[b]`, `[i]`, `[s]`, `[url=…]`, `[code]`).
 * - `plain`: no markup at all: Markdown becomes plain text (lib/formatting's Markdown stage).
 */
import { formatText } from "../formatting/index.js";
import { BBCODE } from "./bbcode.js";
import type { Dialect } from "./dialect.js";
import { piecesOf, separator } from "./pieces.js";
import { renderTree } from "./render-tree.js";
import { TELEGRAM_HTML, telegramVisibleText } from "./telegram-html.js";
import { WHATSAPP } from "./whatsapp.js";

export type Markup = "telegram-html" | "whatsapp" | "bbcode" | "plain";

/** Markdown as plain text: the same conversion as `ai.formatting.removeMarkdown`. */
export function markdownToPlain(markdown: string): string {
  return formatText(markdown, { removeMarkdown: true });
}

/**
 * Renders a whole Markdown text in `markup`. The output is always well formed: Markdown that
 * does not close (an unclosed `**`, a stray `<b>`) is literal text there, escaped as the markup
 * needs. Linear in the text's length (micromark's parser, one walk of its tree).
 */
export function renderMarkdown(markdown: string, markup: Markup): string {
  switch (markup) {
    case "telegram-html":
      return renderPieces(markdown, TELEGRAM_HTML);
    case "whatsapp":
      return renderPieces(markdown, WHATSAPP);
    case "bbcode":
      return renderPieces(markdown, BBCODE);
    case "plain":
      return markdownToPlain(markdown);
  }
}

/**
 * Each piece (pieces.ts) on its own, joined as the source separated them. A piece nested too
 * deep for the tree walk (thousands of `>` on one line) is the plain-text rendering, escaped.
 */
function renderPieces(markdown: string, dialect: Dialect): string {
  let out = "";
  for (const piece of piecesOf(markdown)) {
    if (out !== "") out += separator(piece.before);
    try {
      out += renderTree(piece.text, dialect);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      out += dialect.text(markdownToPlain(piece.text));
    }
  }
  return out;
}

/**
 * The text as the vendor counts it for its length limit: Telegram counts the text after its
 * HTML is parsed (tags gone, entities decoded); WhatsApp and Bitrix24 count what was sent.
 */
export function countedText(rendered: string, markup: Markup): string {
  return markup === "telegram-html" ? telegramVisibleText(rendered) : rendered;
}
