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
import { EmojiStage } from "./emoji-stage.js";
import { MarkdownStage } from "./markdown-stage.js";
import { isHighSurrogate } from "./stage.js";

export { BULLET, EMOJI_WINDOW, MARKDOWN_WINDOW, MAX_HOLDBACK } from "./limits.js";

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
