import { countedText, type Markup, markdownToPlain, renderMarkdown } from "../../../lib/markup/markup.js";
import type { TextLimit } from "../../../vendors/contract/channel.js";
import { carryFences } from "./fence-carry.js";
import { measure, splitText } from "./split-text.js";

/** One part as it goes to `send`, and the same part as plain text (Telegram's fallback). */
export interface OutboundPart {
  text: string;
  markup: Markup;
  plain: string;
}

/** Re-splits of one part before it goes out as plain text (each one shrinks it). */
const MAX_REFITS = 4;

/**
 * The parts of a message in the channel's markup (docs/channels.md, "Formatting").
 *
 * Split first, then convert: the Markdown is cut at the limit (paragraph, line, sentence,
 * word), a fenced code block cut in two is closed and opened again (fence-carry.ts), and each
 * part is converted on its own. A part's markup is therefore always balanced: a `**` whose
 * closing fell into the next part is a literal `**` in this one. Conversion only removes
 * characters from what the vendor counts (markers, hidden URLs) except list indentation and
 * carried fences, so a converted part is measured again, as the vendor counts it (Telegram:
 * the text after its HTML is parsed), and one that still does not fit is cut smaller.
 *
 * Text that is not Markdown (`source: "plain"`: an operator's message, a bot with
 * `ai.formatting.removeMarkdown`) goes out as plain text, exactly as written, in any channel.
 */
export function outboundParts(
  text: string,
  options: { source: "markdown" | "plain"; markup: Markup; limit: TextLimit },
): OutboundPart[] {
  const { source, markup, limit } = options;
  if (source === "plain") return splitText(text, limit).map((part) => plainPart(part));
  if (markup === "plain") return splitText(markdownToPlain(text), limit).map((part) => plainPart(part));
  return fitParts(text, limit.max, 0, markup, limit);
}

const plainPart = (text: string): OutboundPart => ({ text, markup: "plain", plain: text });

function fitParts(
  markdown: string,
  max: number,
  depth: number,
  markup: Markup,
  limit: TextLimit,
): OutboundPart[] {
  const parts: OutboundPart[] = [];
  for (const piece of carryFences(splitText(markdown, { max, unit: limit.unit }))) {
    const rendered = renderMarkdown(piece, markup);
    const plain = markdownToPlain(piece);
    if (rendered.trim() === "") {
      parts.push(...splitText(plain || piece, limit).map((part) => plainPart(part)));
      continue;
    }
    const over = measure(countedText(rendered, markup), limit.unit) - limit.max;
    if (over <= 0) parts.push({ text: rendered, markup, plain: plain || piece });
    else if (depth < MAX_REFITS && max > 1) {
      parts.push(
        ...fitParts(
          piece,
          Math.max(1, Math.min(max, measure(piece, limit.unit)) - over - 16),
          depth + 1,
          markup,
          limit,
        ),
      );
    } else parts.push(...splitText(plain || piece, limit).map((part) => plainPart(part)));
  }
  return parts;
}
