import { describe, expect, it } from "vitest";
import { countedText, type Markup } from "../../../src/lib/markup/markup.js";
import { outboundParts } from "../../../src/modules/integrations/delivery/outbound-parts.js";
import { measure } from "../../../src/modules/integrations/delivery/split-text.js";
import { checkTelegramHtml } from "../../vendors/fakes/telegram-html.js";

const TELEGRAM = { max: 200, unit: "utf16" } as const;

describe("parts in the channel's markup", () => {
  it("every part fits the limit as the vendor counts it, and Telegram's HTML of each part is valid", () => {
    const text = Array.from(
      { length: 30 },
      (_, i) => `**Point ${i}**: see [the page](https://example.com/${"p".repeat(i * 3)}) & <note> *now*.`,
    ).join("\n\n");
    for (const markup of ["telegram-html", "whatsapp", "bbcode"] as Markup[]) {
      const parts = outboundParts(text, { source: "markdown", markup, limit: TELEGRAM });
      expect(parts.length).toBeGreaterThan(1);
      for (const part of parts) {
        expect(part.markup).toBe(markup);
        expect(measure(countedText(part.text, markup), "utf16")).toBeLessThanOrEqual(TELEGRAM.max);
        if (markup === "telegram-html") expect(checkTelegramHtml(part.text)).toMatchObject({ ok: true });
      }
    }
  });

  it("a bold run cut by the split stays literal in its part instead of an unclosed tag", () => {
    const text = `**${"word ".repeat(60)}end**`;
    const parts = outboundParts(text, { source: "markdown", markup: "telegram-html", limit: TELEGRAM });
    expect(parts.length).toBe(2);
    expect(parts[0]?.text.startsWith("**word")).toBe(true);
    expect(parts[1]?.text.endsWith("end**")).toBe(true);
    for (const part of parts) expect(checkTelegramHtml(part.text)).toMatchObject({ ok: true });
  });

  it("a code block cut in two is code in both parts", () => {
    const code = Array.from({ length: 30 }, (_, i) => `const value${i} = ${i} < 10;`).join("\n");
    const parts = outboundParts(`Here:\n\n\`\`\`js\n${code}\n\`\`\``, {
      source: "markdown",
      markup: "telegram-html",
      limit: { max: 400, unit: "utf16" },
    });
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts.slice(1))
      expect(part.text).toMatch(/^<pre><code class="language-js">const value/);
    expect(parts[0]?.text).toMatch(/<\/code><\/pre>$/);
    expect(parts.map((part) => checkTelegramHtml(part.text).ok)).not.toContain(false);
  });

  it("plain text (an operator's, or a bot's with removeMarkdown) goes out exactly as written", () => {
    const text = "**not markdown** <b>&amp; [x](y)";
    for (const markup of ["telegram-html", "whatsapp", "bbcode", "plain"] as Markup[]) {
      expect(outboundParts(text, { source: "plain", markup, limit: TELEGRAM })).toEqual([
        { text, markup: "plain", plain: text },
      ]);
    }
  });

  it("channels without markup get the Markdown as plain text; every part carries its plain fallback", () => {
    expect(
      outboundParts("**Hi** [there](https://x.y)", { source: "markdown", markup: "plain", limit: TELEGRAM }),
    ).toEqual([{ text: "Hi there", markup: "plain", plain: "Hi there" }]);
    expect(
      outboundParts("**Hi** <you>", { source: "markdown", markup: "telegram-html", limit: TELEGRAM }),
    ).toEqual([{ text: "<b>Hi</b> &lt;you&gt;", markup: "telegram-html", plain: "Hi <you>" }]);
  });
});
