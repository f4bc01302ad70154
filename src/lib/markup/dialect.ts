/** What one channel markup says for each Markdown construct (see render-tree.ts, markup.ts). */
export interface Dialect {
  /** Literal text, escaped as the markup needs. */
  text(value: string): string;
  strong(inner: string): string;
  emphasis(inner: string): string;
  strike(inner: string): string;
  /** Inline code; `inLink` when inside a link (Telegram allows no code entity there). */
  inlineCode(value: string, inLink: boolean): string;
  /** A fenced or indented code block; `lang` is the fence's first word, if any. */
  codeBlock(value: string, lang: string | undefined): string;
  /** `inner` is the rendered link text, `plain` the same text unformatted. */
  link(inner: string, url: string, plain: string): string;
  heading(inner: string): string;
  /** `inner` is the rendered content; `nested` when inside another quote. */
  quote(inner: string, nested: boolean): string;
}

/** Schemes a link may point to as a link; anything else is shown as text. */
const LINK_SCHEME = /^(?:https?:\/\/|mailto:|tg:\/\/)/i;

export function isLinkable(url: string): boolean {
  return LINK_SCHEME.test(url) && !/[\s<>]/.test(url);
}

/**
 * "text (url)", or the URL alone when the text is the URL (an autolink); `escape` makes the URL
 * literal text of the markup (`literal`).
 */
export function textWithUrl(
  inner: string,
  url: string,
  plain: string,
  literal: (value: string) => string,
): string {
  if (plain === url || `mailto:${plain}` === url || plain === "") return literal(url);
  return `${inner} (${literal(url)})`;
}

/** Each line of `text` prefixed (quotes as line markers). */
export function prefixLines(text: string, prefix: string): string {
  return text
    .split("\n")
    .map((line) => prefix + line)
    .join("\n");
}
