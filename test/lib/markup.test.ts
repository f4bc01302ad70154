import { describe, expect, it } from "vitest";
import { countedText, type Markup, markdownToPlain, renderMarkdown } from "../../src/lib/markup/markup.js";
import { PIECE, piecesOf } from "../../src/lib/markup/pieces.js";
import { seededRandom } from "../helpers/seeded-random.js";
import { checkTelegramHtml } from "../vendors/fakes/telegram-html.js";

const html = (markdown: string) => renderMarkdown(markdown, "telegram-html");
const whatsapp = (markdown: string) => renderMarkdown(markdown, "whatsapp");
const bbcode = (markdown: string) => renderMarkdown(markdown, "bbcode");

/** Telegram's parser (as the fake runs it) accepts the HTML; returns the text it shows. */
function shownByTelegram(markup: string): string {
  const checked = checkTelegramHtml(markup);
  if (!checked.ok) throw new Error(`${checked.description}\n${markup}`);
  return checked.visible;
}

describe("Markdown to Telegram HTML", () => {
  it("converts emphasis, code, links, headings, lists and quotes to the tags Telegram allows", () => {
    expect(html("**Hi** <there> & [link](https://x.y)")).toBe(
      '<b>Hi</b> &lt;there&gt; &amp; <a href="https://x.y">link</a>',
    );
    expect(html("*it* _it_ ~~gone~~ `a<b` __strong__")).toBe(
      "<i>it</i> <i>it</i> <s>gone</s> <code>a&lt;b</code> <b>strong</b>",
    );
    expect(html("# Title\nText\n\n- one\n- two\n  - nested\n\n3. three\n4. four")).toBe(
      "<b>Title</b>\nText\n\n• one\n• two\n  • nested\n\n3. three\n4. four",
    );
    expect(html("> quoted **b**\n> > inner")).toBe("<blockquote>quoted <b>b</b>\ninner</blockquote>");
    expect(html("```ts\nif (a < b && c) {}\n```")).toBe(
      '<pre><code class="language-ts">if (a &lt; b &amp;&amp; c) {}</code></pre>',
    );
    expect(html('```"><x\n<b>\n```')).toBe("<pre>&lt;b&gt;</pre>");
  });

  it("keeps hostile text literal and escaped: raw HTML, entities, unbalanced markers, odd links", () => {
    expect(html("<script>alert(1)</script>")).toBe("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html("&amp; &lt;b&gt; &copy;")).toBe("&amp; &lt;b&gt; ©");
    expect(html("**unclosed and *half")).toBe("**unclosed and *half");
    expect(html("a ** b ** c")).toBe("a ** b ** c");
    expect(html("[x](javascript:alert(1))")).toBe("x (javascript:alert(1))");
    expect(html('[q](https://x.y/?a=1&b="2")')).toBe('<a href="https://x.y/?a=1&amp;b=&quot;2&quot;">q</a>');
    expect(html("[`code` in link](https://x.y)")).toBe('<a href="https://x.y">code in link</a>');
    expect(html("`<b>**not bold**</b>`")).toBe("<code>&lt;b&gt;**not bold**&lt;/b&gt;</code>");
    expect(html("***both*** **bold *and italic***")).toBe("<i><b>both</b></i> <b>bold <i>and italic</i></b>");
  });

  it("property: any mix of Markdown and HTML fragments gives HTML Telegram parses", () => {
    const fragments = [
      "**",
      "*",
      "_",
      "__",
      "~~",
      "~",
      "`",
      "```",
      "\n",
      "\n\n",
      " ",
      "# ",
      "> ",
      "- ",
      "1. ",
      "[",
      "]",
      "(",
      ")",
      "](https://e.x/a_b?c=1&d=2)",
      "<",
      ">",
      "&",
      "&amp;",
      "&#x1F600;",
      "<b>",
      "</i>",
      "<a href=x>",
      "\\",
      "text",
      "слово",
      "😀",
      "    ",
      "---",
      "![alt](https://e.x/p.png)",
      "<https://e.x>",
      "[r]",
      "[r]: https://e.x\n",
    ];
    const random = seededRandom(32);
    for (let run = 0; run < 600; run += 1) {
      let markdown = "";
      const length = 1 + Math.floor(random() * 40);
      for (let i = 0; i < length; i += 1) markdown += fragments[Math.floor(random() * fragments.length)];
      const out = html(markdown);
      const shown = shownByTelegram(out);
      expect(shown).toBe(countedText(out, "telegram-html"));
    }
  });
});

describe("Markdown to WhatsApp and Bitrix24", () => {
  it("writes WhatsApp's markers; links are text (url)", () => {
    expect(whatsapp("**Hi** *there* ~~old~~ `x` [shop](https://x.y) <https://a.b>")).toBe(
      "*Hi* _there_ ~old~ `x` shop (https://x.y) https://a.b",
    );
    expect(whatsapp("## Plan\n> note\n\n```\ncode *x*\n```")).toBe("*Plan*\n> note\n\n```code *x*```");
  });

  it("writes Bitrix24's BB codes, and breaks literal tags so they stay text", () => {
    expect(bbcode("**Hi** *there* ~~old~~ [shop](https://x.y/[1])")).toBe(
      "[b]Hi[/b] [i]there[/i] [s]old[/s] [url=https://x.y/%5B1%5D]shop[/url]",
    );
    expect(bbcode("literal [b]x[/b] and #BR#")).toBe("literal [\u200bb]x[\u200b/b] and #\u200bBR#");
    expect(bbcode("> q\n\n```\n[/code] [b]\n```")).toBe(">>q\n\n[code][\u200b/code] [b][/code]");
  });

  it("plain is the removeMarkdown conversion", () => {
    const text = "**Hi** [link](https://x.y)\n\n- a\n- b";
    expect(renderMarkdown(text, "plain")).toBe(markdownToPlain(text));
    expect(markdownToPlain(text)).toBe("Hi link\n\n• a\n• b");
  });
});

describe("long and deep input", () => {
  const hostile: Record<string, (n: number) => string> = {
    "unclosed emphasis": (n) => "**a ".repeat(n),
    "open links": (n) => "[a](".repeat(n),
    brackets: (n) => "[".repeat(n),
    "raw tags": (n) => "<b ".repeat(n),
    "code ticks": (n) => "`a``".repeat(n),
    "one long word": (n) => "x".repeat(n * 3),
    "deep quotes": (n) => `${"> ".repeat(n)}x`,
    "nested lists": (n) =>
      Array.from({ length: n / 4 }, (_, i) => `${" ".repeat((i % 30) * 2)}- item`).join("\n"),
  };

  // Each is parsed in pieces of at most PIECE characters (micromark's emphasis resolution is
  // quadratic in a paragraph, "**a " × 20,000 alone took a minute): 40,000 characters of each
  // finish in about a second, far within the generous timeout.
  for (const [name, make] of Object.entries(hostile)) {
    it(`${name}: every markup renders it, Telegram's HTML stays valid`, () => {
      const text = make(10_000);
      for (const markup of ["telegram-html", "whatsapp", "bbcode", "plain"] as Markup[]) {
        const out = renderMarkdown(text, markup);
        expect(out.length).toBeGreaterThan(0);
        if (markup === "telegram-html") shownByTelegram(out);
      }
    }, 30_000);
  }

  it("pieces never exceed the size outside code, cut at blank lines first, and keep code whole", () => {
    const paragraphs = Array.from({ length: 40 }, (_, i) => `Paragraph ${i} ${"word ".repeat(30)}`.trim());
    const text = paragraphs.join("\n\n");
    const pieces = piecesOf(text);
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(piece.text.length).toBeLessThanOrEqual(PIECE);
    expect(pieces.slice(1).every((piece) => piece.before === "\n\n")).toBe(true);
    expect(pieces.map((piece) => piece.before + piece.text).join("")).toBe(text);

    const code = `\`\`\`\n${"let x = 1;\n".repeat(300)}\`\`\``;
    expect(piecesOf(`intro\n\n${code}\n\nafter`).map((p) => p.text)).toEqual(["intro", code, "after"]);
    expect(html(`${"a ".repeat(1500)}\n\n**b**`)).toMatch(/\n\n<b>b<\/b>$/);
  });
});
