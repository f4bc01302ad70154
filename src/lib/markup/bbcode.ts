/**
 * Bitrix24's BB codes for chat messages (apidocs.bitrix24.com, "Message Formatting" and the
 * chat bots' "Text Formatting (BB Codes)", which lists `imbot.message.add` among the methods
 * that format): `[b]`, `[i]`, `[s]`, `[url=…]…[/url]`, `[code]…[/code]`, and `>>` at a line's
 * start for a quote. Bitrix24 documents no escape, so literal text that would read as a tag
 * (`[b]`, `[/url]`) or as the `#BR#` line break gets a zero-width space after its `[` or `#`.
 * Inline code has no BB code: it is plain text.
 */
import { type Dialect, isLinkable, prefixLines, textWithUrl } from "./dialect.js";

export function escapeBbcode(value: string): string {
  return value.replace(/\[(?=\/?[A-Za-z])/g, "[\u200b").replace(/#(?=BR#)/gi, "#\u200b");
}

export const BBCODE: Dialect = {
  text: escapeBbcode,
  strong: (inner) => `[b]${inner}[/b]`,
  emphasis: (inner) => `[i]${inner}[/i]`,
  strike: (inner) => `[s]${inner}[/s]`,
  inlineCode: (value) => escapeBbcode(value),
  codeBlock: (value) => `[code]${value.replace(/\[(?=\/code\])/gi, "[\u200b")}[/code]`,
  link: (inner, url, plain) => {
    if (!isLinkable(url)) return textWithUrl(inner, url, plain, escapeBbcode);
    const target = url.replace(/\[/g, "%5B").replace(/\]/g, "%5D");
    return `[url=${target}]${inner === "" ? escapeBbcode(url) : inner}[/url]`;
  },
  heading: (inner) => `[b]${inner}[/b]`,
  quote: (inner, nested) => (nested ? inner : prefixLines(inner, ">>")),
};
