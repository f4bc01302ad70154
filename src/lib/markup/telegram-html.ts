/**
 * Telegram's HTML parse mode (core.telegram.org/bots/api#html-style): only the tags Telegram
 * knows (`b`, `i`, `s`, `code`, `pre`, `a href`, `blockquote`), always balanced, and `&`, `<`,
 * `>` escaped everywhere else. Headings are bold; a quote inside a quote is not a second
 * blockquote (Telegram refuses nested ones); code inside a link is plain (a link may not
 * contain a code entity).
 */
import { type Dialect, isLinkable, textWithUrl } from "./dialect.js";

export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const escapeAttribute = (value: string) => escapeHtml(value).replace(/"/g, "&quot;");

/** A fence's language as Telegram takes it in `class="language-…"`; anything odd is dropped. */
const LANGUAGE = /^[A-Za-z0-9_+#.-]{1,32}$/;

export const TELEGRAM_HTML: Dialect = {
  text: escapeHtml,
  strong: (inner) => `<b>${inner}</b>`,
  emphasis: (inner) => `<i>${inner}</i>`,
  strike: (inner) => `<s>${inner}</s>`,
  inlineCode: (value, inLink) => (inLink ? escapeHtml(value) : `<code>${escapeHtml(value)}</code>`),
  codeBlock: (value, lang) =>
    lang && LANGUAGE.test(lang)
      ? `<pre><code class="language-${lang}">${escapeHtml(value)}</code></pre>`
      : `<pre>${escapeHtml(value)}</pre>`,
  link: (inner, url, plain) => {
    if (!isLinkable(url)) return textWithUrl(inner, url, plain, escapeHtml);
    return `<a href="${escapeAttribute(url)}">${inner === "" ? escapeHtml(url) : inner}</a>`;
  },
  heading: (inner) => `<b>${inner}</b>`,
  quote: (inner, nested) => (nested ? inner : `<blockquote>${inner}</blockquote>`),
};

const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"' };

/** The text Telegram shows (and counts its 4096 limit on): tags removed, entities decoded. */
export function telegramVisibleText(html: string): string {
  return html
    .replace(/<[^<>]*>/g, "")
    .replace(/&(?:#(\d{1,7})|#x([0-9a-fA-F]{1,6})|(lt|gt|amp|quot));/g, (entity, dec, hex, name) => {
      if (name) return NAMED[name] ?? entity;
      const code = dec ? Number(dec) : Number.parseInt(hex, 16);
      return code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    });
}
