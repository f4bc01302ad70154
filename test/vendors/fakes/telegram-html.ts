/**
 * Telegram's HTML parse mode as the fake checks it (core.telegram.org/bots/api#html-style):
 * only the tags Telegram supports, each closed in order, `a` with an `href`, nothing nested in
 * `code` or `pre` (but `<pre><code class="language-…">`), and `&` only as `&lt;` `&gt;` `&amp;`
 * `&quot;` or a numeric entity. Errors carry Telegram's wording ("can't parse entities: …", byte
 * offsets in UTF-8). Stricter than Telegram on purpose [U]: a bare `>` or `&` is refused here
 * (Telegram's docs ask for them escaped; the server may let some through).
 */

const TAGS = new Set([
  "b",
  "strong",
  "i",
  "em",
  "u",
  "ins",
  "s",
  "strike",
  "del",
  "span",
  "tg-spoiler",
  "a",
  "tg-emoji",
  "code",
  "pre",
  "blockquote",
]);

const ENTITY = /&(?:#(\d{1,7})|#x([0-9a-fA-F]{1,6})|(lt|gt|amp|quot));/y;
const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"' };

export type HtmlCheck = { ok: true; visible: string } | { ok: false; description: string };

export function checkTelegramHtml(html: string): HtmlCheck {
  const stack: string[] = [];
  let visible = "";
  const offset = (index: number) => Buffer.byteLength(html.slice(0, index), "utf8");
  const fail = (reason: string): HtmlCheck => ({ ok: false, description: `can't parse entities: ${reason}` });
  for (let i = 0; i < html.length; ) {
    const c = html.charAt(i);
    if (c === "<") {
      const end = html.indexOf(">", i);
      const inner = end === -1 ? "" : html.slice(i + 1, end);
      if (end === -1 || inner.includes("<")) return fail(`Unclosed start tag at byte offset ${offset(i)}`);
      if (inner.startsWith("/")) {
        const name = inner.slice(1).trim().toLowerCase();
        const open = stack.pop();
        if (open === undefined) return fail(`Unexpected end tag at byte offset ${offset(i)}`);
        if (open !== name) {
          return fail(
            `Unmatched end tag at byte offset ${offset(i)}, expected "</${open}>", found "</${name}>"`,
          );
        }
      } else {
        const name = (/^[A-Za-z-]+/.exec(inner)?.[0] ?? "").toLowerCase();
        if (!TAGS.has(name)) return fail(`Unsupported start tag "${name}" at byte offset ${offset(i)}`);
        const parent = stack.at(-1);
        if ((parent === "code" || parent === "pre") && !(parent === "pre" && name === "code")) {
          return fail(`Entity "${name}" can't be nested in "${parent}" at byte offset ${offset(i)}`);
        }
        if (name === "a" && !/\shref\s*=\s*("[^"]*"|'[^']*'|[^\s"']+)/i.test(inner)) {
          return fail(`Can't find href attribute of the tag "a" at byte offset ${offset(i)}`);
        }
        stack.push(name);
      }
      i = end + 1;
    } else if (c === "&") {
      ENTITY.lastIndex = i;
      const match = ENTITY.exec(html);
      if (!match) return fail(`Unsupported HTML entity at byte offset ${offset(i)}`);
      const [entity, dec, hex, name] = match;
      visible += name
        ? (NAMED[name] ?? "")
        : String.fromCodePoint(dec ? Number(dec) : Number.parseInt(hex ?? "0", 16));
      i += entity.length;
    } else if (c === ">") {
      return fail(`Unexpected ">" at byte offset ${offset(i)}`);
    } else {
      visible += c;
      i += 1;
    }
  }
  const unclosed = stack[0];
  if (unclosed !== undefined) return fail(`Can't find end tag corresponding to start tag "${unclosed}"`);
  return { ok: true, visible };
}
