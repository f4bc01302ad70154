// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { parseInline, parseMarkdown, renderMarkdown, safeUrl } from "./markdown";

/** The rendered HTML (serialised by the DOM, so text is escaped by it, not by us). */
function html(text: string): string {
  const div = document.createElement("div");
  div.appendChild(renderMarkdown(text));
  return div.innerHTML;
}

const ALLOWED_TAGS = new Set([
  "P",
  "BR",
  "STRONG",
  "EM",
  "CODE",
  "PRE",
  "A",
  "UL",
  "OL",
  "LI",
  "BLOCKQUOTE",
  "HR",
]);

/** Every element is one we make, with only the attributes we set. */
function assertSafe(text: string): HTMLElement {
  const div = document.createElement("div");
  div.appendChild(renderMarkdown(text));
  for (const el of Array.from(div.querySelectorAll("*"))) {
    expect(ALLOWED_TAGS.has(el.tagName), `unexpected <${el.tagName}> for ${JSON.stringify(text)}`).toBe(true);
    for (const attr of Array.from(el.attributes)) {
      const allowed = el.tagName === "A" ? ["href", "target", "rel"] : el.tagName === "OL" ? ["start"] : [];
      expect(allowed, `unexpected ${attr.name} on <${el.tagName}>`).toContain(attr.name);
    }
    if (el.tagName === "A") {
      const href = el.getAttribute("href")!;
      expect(href).toMatch(/^(https?:\/\/|mailto:)/);
      expect(el.getAttribute("target")).toBe("_blank");
      expect(el.getAttribute("rel")).toBe("noopener noreferrer nofollow");
    }
  }
  return div;
}

describe("safeUrl", () => {
  it("keeps http, https and mailto URLs, normalised", () => {
    expect(safeUrl("https://example.com")).toBe("https://example.com/");
    expect(safeUrl("HTTP://Example.com/a?b=1#c")).toBe("http://example.com/a?b=1#c");
    expect(safeUrl("mailto:help@example.com")).toBe("mailto:help@example.com");
    expect(safeUrl("  https://example.com/x  ")).toBe("https://example.com/x");
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "javascript&#58;alert(1)",
    "&#106;avascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "ftp://example.com",
    "//evil.example/x",
    "/relative/path",
    "example.com",
    "https:",
    "https://",
    "http://exa mple.com",
    "https://example.com/\u0000",
    "https://exa\u2028mple.com/",
    "",
  ])("refuses %j", (url) => {
    expect(safeUrl(url)).toBeNull();
  });

  it("refuses very long URLs", () => {
    expect(safeUrl(`https://example.com/${"a".repeat(3000)}`)).toBeNull();
  });
});

describe("blocks", () => {
  it("splits paragraphs on blank lines and keeps single newlines as breaks", () => {
    expect(html("Hello\nworld\n\nSecond")).toBe("<p>Hello<br>world</p><p>Second</p>");
    expect(html("a\r\nb\rc")).toBe("<p>a<br>b<br>c</p>");
  });

  it("renders nothing for empty text", () => {
    expect(html("")).toBe("");
    expect(html("\n\n  \n")).toBe("");
  });

  it("renders fenced code literally, with or without a language, closed or not", () => {
    expect(html("```js\nconst a = 1 < 2 && **b**;\n```")).toBe(
      "<pre><code>const a = 1 &lt; 2 &amp;&amp; **b**;</code></pre>",
    );
    expect(html("~~~\n<b>x</b>\n~~~\nafter")).toBe(
      "<pre><code>&lt;b&gt;x&lt;/b&gt;</code></pre><p>after</p>",
    );
    expect(html("Look:\n```\nstill streaming")).toBe("<p>Look:</p><pre><code>still streaming</code></pre>");
    expect(html("````\n```\ninner\n```\n````")).toBe("<pre><code>```\ninner\n```</code></pre>");
  });

  it("renders bullet lists with -, * and +", () => {
    expect(html("- one\n- two\n* three")).toBe("<ul><li>one</li><li>two</li><li>three</li></ul>");
    expect(html("Intro:\n- a\n- b\n\nOutro")).toBe("<p>Intro:</p><ul><li>a</li><li>b</li></ul><p>Outro</p>");
  });

  it("renders numbered lists and keeps their start", () => {
    expect(html("1. one\n2. two")).toBe("<ol><li>one</li><li>two</li></ol>");
    expect(html("3) three\n4) four")).toBe('<ol start="3"><li>three</li><li>four</li></ol>');
  });

  it("keeps loose items in one list and nests indented items", () => {
    expect(html("- a\n\n- b")).toBe("<ul><li>a</li><li>b</li></ul>");
    expect(html("- a\n  - b\n  - c\n- d")).toBe(
      "<ul><li><p>a</p><ul><li>b</li><li>c</li></ul></li><li>d</li></ul>",
    );
    expect(html("1. step\n   more text\n2. next")).toBe("<ol><li>step<br>more text</li><li>next</li></ol>");
  });

  it("does not take emphasis or numbers in text for lists", () => {
    expect(html("**bold** start")).toBe("<p><strong>bold</strong> start</p>");
    expect(html("*it* start")).toBe("<p><em>it</em> start</p>");
    expect(html("-1 degrees")).toBe("<p>-1 degrees</p>");
    expect(html("1.5 million")).toBe("<p>1.5 million</p>");
    expect(html("In the year\n2024. it rained")).toBe("<p>In the year<br>2024. it rained</p>");
  });

  it("renders headings as bold lines, quotes and rules", () => {
    expect(html("## Title\ntext")).toBe("<p><strong>Title</strong></p><p>text</p>");
    expect(html("#hashtag")).toBe("<p>#hashtag</p>");
    expect(html("> quoted\n> more")).toBe("<blockquote><p>quoted<br>more</p></blockquote>");
    expect(html("a\n\n---\n\nb")).toBe("<p>a</p><hr><p>b</p>");
  });

  it("survives deep nesting without blowing the stack", () => {
    const deepList = Array.from({ length: 200 }, (_, n) => `${" ".repeat(n * 2)}- item`).join("\n");
    expect(() => assertSafe(deepList)).not.toThrow();
    expect(() => assertSafe(`${"> ".repeat(500)}x`)).not.toThrow();
    expect(() => assertSafe(`${"- ".repeat(500)}x`)).not.toThrow();
    expect(() => assertSafe(`${"**".repeat(500)}x${"**".repeat(500)}`)).not.toThrow();
    expect(() => assertSafe(`${"[".repeat(2000)}x${"](https://a.example)".repeat(100)}`)).not.toThrow();
  });

  it("stays fast on pathological input", () => {
    // Inputs large enough that a renderer which backtracks (exponential or high-polynomial time)
    // could not finish within the test's timeout, while a linear one takes well under a second.
    // No clock is read, so a loaded machine cannot fail this.
    renderMarkdown("*a ".repeat(20_000));
    renderMarkdown("[".repeat(40_000));
    renderMarkdown("`".repeat(12_000));
    renderMarkdown("_a ".repeat(20_000));
    renderMarkdown(`${"[a](".repeat(12_000)}`);
  });
});

describe("inlines", () => {
  it("renders bold, italic and code", () => {
    expect(html("**bold** and __bold__")).toBe("<p><strong>bold</strong> and <strong>bold</strong></p>");
    expect(html("*it* and _it_")).toBe("<p><em>it</em> and <em>it</em></p>");
    expect(html("use `npm i` now")).toBe("<p>use <code>npm i</code> now</p>");
    expect(html("``a ` b``")).toBe("<p><code>a ` b</code></p>");
  });

  it("nests emphasis", () => {
    expect(html("**bold *and it* here**")).toBe("<p><strong>bold <em>and it</em> here</strong></p>");
    expect(html("*it **and bold** here*")).toBe("<p><em>it <strong>and bold</strong> here</em></p>");
    expect(html("***both***")).toBe("<p><strong><em>both</em></strong></p>");
  });

  it("keeps code literal inside emphasis and emphasis marks inside code", () => {
    expect(html("`**not bold**`")).toBe("<p><code>**not bold**</code></p>");
    expect(html("**a `*` b**")).toBe("<p><strong>a <code>*</code> b</strong></p>");
  });

  it("leaves unmatched or spaced delimiters alone", () => {
    expect(html("2 * 3 * 4")).toBe("<p>2 * 3 * 4</p>");
    expect(html("**open")).toBe("<p>**open</p>");
    expect(html("a ** b")).toBe("<p>a ** b</p>");
    expect(html("`open code")).toBe("<p>`open code</p>");
    expect(html("snake_case_name and file_name.txt")).toBe("<p>snake_case_name and file_name.txt</p>");
  });

  it("honours backslash escapes", () => {
    expect(html("\\*not it\\*")).toBe("<p>*not it*</p>");
    expect(html("\\[x](https://a.example)")).toBe(
      '<p>[x](<a href="https://a.example/" target="_blank" rel="noopener noreferrer nofollow">https://a.example</a>)</p>',
    );
    expect(html("a \\ b")).toBe("<p>a \\ b</p>");
  });

  it("renders safe links", () => {
    expect(html("[Docs](https://example.com/docs)")).toBe(
      '<p><a href="https://example.com/docs" target="_blank" rel="noopener noreferrer nofollow">Docs</a></p>',
    );
    expect(html('[Wiki](https://en.wikipedia.org/wiki/Foo_(bar) "title")')).toContain(
      'href="https://en.wikipedia.org/wiki/Foo_(bar)"',
    );
    expect(html("[**bold** link](https://a.example)")).toContain("><strong>bold</strong> link</a>");
    expect(html("[mail us](mailto:help@example.com)")).toContain('href="mailto:help@example.com"');
    expect(html("[](https://a.example)")).toContain(">https://a.example/</a>");
    expect(html("[x](<https://a.example/a b>)")).toBe("<p>[x](&lt;https://a.example/a b&gt;)</p>");
  });

  it("autolinks bare URLs without trailing punctuation", () => {
    expect(html("See https://example.com/a?b=1.")).toBe(
      '<p>See <a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer nofollow">https://example.com/a?b=1</a>.</p>',
    );
    expect(html("(http://example.com/x)")).toContain(">http://example.com/x</a>)");
    expect(html("https://en.wikipedia.org/wiki/Foo_(bar), ok")).toContain(
      ">https://en.wikipedia.org/wiki/Foo_(bar)</a>, ok",
    );
    expect(html("write to mailto:a@b.example!")).toContain('href="mailto:a@b.example"');
    expect(html("notahttps://example.com")).toBe("<p>notahttps://example.com</p>");
    expect(html("https://")).toBe("<p>https://</p>");
    expect(html("https://example.com/a_b_c and *it*")).toContain(
      ">https://example.com/a_b_c</a> and <em>it</em>",
    );
  });

  it("does not link inside a link label", () => {
    const out = html("[see https://b.example](https://a.example)");
    expect(out.match(/<a /g)).toHaveLength(1);
    expect(out).toContain(">see https://b.example</a>");
  });

  it("produces a tree, not strings", () => {
    expect(parseInline("a **b** [c](https://c.example)")).toEqual([
      { type: "text", text: "a " },
      { type: "strong", children: [{ type: "text", text: "b" }] },
      { type: "text", text: " " },
      { type: "link", href: "https://c.example/", children: [{ type: "text", text: "c" }] },
    ]);
    expect(parseMarkdown("- x")).toEqual([
      { type: "ul", items: [[{ type: "p", children: [{ type: "text", text: "x" }] }]] },
    ]);
  });
});

describe("untrusted input (XSS)", () => {
  it.each([
    "<img src=x onerror=alert(1)>",
    "<script>alert(1)</script>",
    '<a href="javascript:alert(1)">x</a>',
    "<svg/onload=alert(1)>",
    "<iframe src=https://evil.example></iframe>",
    "<!-- comment --><b>bold</b>",
    '"><img src=x onerror=alert(1)>',
    "<style>*{display:none}</style>",
    "<p onclick=alert(1)>x</p>",
  ])("shows HTML literally: %s", (text) => {
    const div = assertSafe(text);
    expect(div.textContent).toBe(text);
    expect(div.querySelectorAll("img,script,svg,iframe,style,b,a[onclick],p[onclick]")).toHaveLength(0);
  });

  it.each([
    "[click](javascript:alert(1))",
    "[click](JAVASCRIPT:alert(1))",
    "[click]( javascript:alert(1))",
    "[click](javascript&#58;alert(1))",
    "[click](&#106;avascript:alert(1))",
    "[click](java\tscript:alert(1))",
    "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "[click](vbscript:msgbox(1))",
    "[click](//evil.example)",
    "[click](/relative)",
    "[click](<javascript:alert(1)>)",
    '[click](javascript:alert(1) "title")',
  ])("leaves an unsafe link as text: %s", (text) => {
    const div = assertSafe(text);
    expect(div.querySelector("a")).toBeNull();
    expect(div.textContent).toBe(text.replace("\t", "\t"));
  });

  it("does not turn javascript: into a bare link", () => {
    const div = assertSafe("javascript:alert(1) and JavaScript://%0aalert(1)");
    expect(div.querySelector("a")).toBeNull();
  });

  it("keeps attribute-breaking characters inside the href value", () => {
    const div = assertSafe('[x](https://a.example/"onmouseover="alert(1))');
    const a = div.querySelector("a")!;
    expect(a.getAttributeNames().sort()).toEqual(["href", "rel", "target"]);
    expect(a.getAttribute("href")).toBe("https://a.example/%22onmouseover=%22alert(1)");
  });

  it("does not decode entities", () => {
    expect(assertSafe("&lt;img src=x onerror=alert(1)&gt; &amp; &#60;b&#62;").textContent).toBe(
      "&lt;img src=x onerror=alert(1)&gt; &amp; &#60;b&#62;",
    );
  });

  it("keeps HTML literal inside emphasis, lists, quotes, code and link labels", () => {
    const text = [
      "**<img src=x onerror=alert(1)>**",
      "*<script>alert(1)</script>*",
      "- <svg onload=alert(1)>",
      "> <iframe src=javascript:alert(1)>",
      "`<b>code</b>`",
      "[<img src=x onerror=alert(1)>](https://a.example)",
      "```\n<script>alert(1)</script>\n```",
    ].join("\n\n");
    const div = assertSafe(text);
    expect(div.querySelectorAll("img,script,svg,iframe,b")).toHaveLength(0);
    expect(div.querySelector("a")!.textContent).toBe("<img src=x onerror=alert(1)>");
    expect(div.querySelector("strong")!.textContent).toBe("<img src=x onerror=alert(1)>");
  });

  it("never links a nested unsafe URL inside a safe-looking one", () => {
    const div = assertSafe(
      "[a](https://ok.example)[b](javascript:alert(1))[[c](javascript:x)](https://ok.example)",
    );
    for (const a of Array.from(div.querySelectorAll("a")))
      expect(a.getAttribute("href")).toBe("https://ok.example/");
  });

  it("fuzz: random markup never yields foreign elements or attributes", () => {
    const pieces = [
      "<",
      ">",
      "img",
      " src=x",
      " onerror=alert(1)",
      "[",
      "]",
      "(",
      ")",
      "javascript:",
      "https://a.example",
      "*",
      "**",
      "_",
      "`",
      "```",
      "\n",
      "\n\n",
      "- ",
      "1. ",
      "> ",
      "\\",
      "&amp;",
      '"',
      "'",
      "mailto:x@y.example",
      " ",
    ];
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let n = 0; n < 300; n++) {
      let text = "";
      for (let k = 0; k < 40; k++) text += pieces[Math.floor(random() * pieces.length)];
      assertSafe(text);
    }
  });
});
