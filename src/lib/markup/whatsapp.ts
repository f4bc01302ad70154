/**
 * WhatsApp's formatting (faq.whatsapp.com, "How to format your messages"; the Cloud API's
 * `text.body` takes the same markers): `*bold*`, `_italic_`, `~strikethrough~`,
 * ``` ```monospace``` ``` and `` `inline code` ``, `> ` quotes. Links are "text (url)", headings
 * bold. WhatsApp has no escape character: a literal `*` or `_` pair in the text may still be
 * shown formatted, and no send ever fails over it.
 */
import { type Dialect, prefixLines, textWithUrl } from "./dialect.js";

const same = (value: string) => value;

export const WHATSAPP: Dialect = {
  text: same,
  strong: (inner) => `*${inner}*`,
  emphasis: (inner) => `_${inner}_`,
  strike: (inner) => `~${inner}~`,
  inlineCode: (value) => `\`${value}\``,
  codeBlock: (value) => `\`\`\`${value}\`\`\``,
  link: (inner, url, plain) => textWithUrl(inner, url, plain, same),
  heading: (inner) => `*${inner}*`,
  quote: (inner) => prefixLines(inner, "> "),
};
