import { describe, expect, it } from "vitest";
import { normalizeText } from "../../../src/modules/knowledge/ingest/decode-text.js";
import {
  DocumentParseError,
  type DocumentParseErrorCode,
  type ParseDocumentInput,
  parseDocument,
} from "../../../src/modules/knowledge/ingest/parse-document.js";
import { makeDocx, makeZipBomb } from "./fixtures/make-docx.js";
import { makePdf } from "./fixtures/make-pdf.js";

const utf8 = (text: string) => new TextEncoder().encode(text);

/** Runs parseDocument expecting a DocumentParseError of `code`; returns it for more checks. */
async function parseFailure(
  input: ParseDocumentInput,
  code: DocumentParseErrorCode,
): Promise<DocumentParseError> {
  const error = await parseDocument(input).then(
    (parsed) => new Error(`expected ${code}, parsed as ${parsed.format}: ${JSON.stringify(parsed.text)}`),
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DocumentParseError);
  expect((error as DocumentParseError).code).toBe(code);
  expect((error as DocumentParseError).message.length).toBeGreaterThan(10);
  return error as DocumentParseError;
}

describe("parseDocument: choosing the format", () => {
  it("goes by extension first, even against the MIME type", async () => {
    const markdown = "# Title\n\n<b>not html</b>";
    expect(
      await parseDocument({ bytes: utf8(markdown), filename: "notes.MD", mimeType: "text/html" }),
    ).toEqual({
      text: markdown,
      format: "markdown",
    });
    for (const filename of ["a.txt", "b.log", "c.py", "d.ts", "e.yaml", "f.yml", "g.xml", "h.text"]) {
      expect((await parseDocument({ bytes: utf8("<x>1</x>"), filename })).format).toBe("text");
    }
  });

  it("then by MIME type, ignoring parameters", async () => {
    const csv = utf8("a,b\n1,2\n");
    expect(
      await parseDocument({ bytes: csv, filename: "export", mimeType: "text/csv; charset=utf-8" }),
    ).toEqual({
      text: "a: 1; b: 2",
      format: "csv",
    });
    expect(
      (await parseDocument({ bytes: utf8("# hi"), filename: "x", mimeType: "text/markdown" })).format,
    ).toBe("markdown");
    expect(
      (await parseDocument({ bytes: utf8("[1]"), filename: "x.unknown", mimeType: "application/ld+json" }))
        .format,
    ).toBe("json");
  });

  it("then by the bytes: PDF magic, a Word zip, an HTML doctype, UTF-8 text", async () => {
    const octets = "application/octet-stream";
    const pdf = await parseDocument({
      bytes: makePdf([["Sniffed PDF."]]),
      filename: "upload",
      mimeType: octets,
    });
    expect(pdf).toEqual({ text: "Sniffed PDF.", format: "pdf" });
    const docx = await parseDocument({
      bytes: await makeDocx(["Sniffed Word."]),
      filename: "upload",
      mimeType: octets,
    });
    expect(docx).toEqual({ text: "Sniffed Word.", format: "docx" });
    const html = await parseDocument({ bytes: utf8("<!DOCTYPE html><p>Hi &amp; bye</p>"), filename: "page" });
    expect(html).toEqual({ text: "Hi & bye", format: "html" });
    const text = await parseDocument({ bytes: utf8("just some words, ünïcödé"), filename: "README" });
    expect(text).toEqual({ text: "just some words, ünïcödé", format: "text" });
  });

  it("refuses unknown binary data as unsupported_format", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48]);
    const error = await parseFailure(
      { bytes: png, filename: "photo.png", mimeType: "image/png" },
      "unsupported_format",
    );
    expect(error.message).toContain("photo.png");
    await parseFailure(
      { bytes: new Uint8Array([0xff, 0x00, 0xc3, 0x28, 0x00]), filename: "blob" },
      "unsupported_format",
    );
    // A name that claims text does not make binary data text.
    await parseFailure(
      { bytes: new Uint8Array([0x00, 0x9f, 0x92, 0x00, 0xff]), filename: "a.txt" },
      "unsupported_format",
    );
  });

  it("refuses a zip that is not a Word document", async () => {
    const JSZip = (await import("jszip")).default;
    const zip = new JSZip();
    zip.file("xl/workbook.xml", "<workbook/>");
    const bytes = await zip.generateAsync({ type: "uint8array" });
    await parseFailure({ bytes, filename: "sheet" }, "unsupported_format");
  });
});

describe("parseDocument: text and Markdown", () => {
  it("strips a BOM, normalises line ends and replaces NUL", async () => {
    const bytes = utf8("\uFEFFline one\r\nline two\rline\0three\n");
    expect(await parseDocument({ bytes, filename: "a.txt" })).toEqual({
      text: "line one\nline two\nline\uFFFDthree\n",
      format: "text",
    });
  });

  it("keeps Markdown as written", async () => {
    const markdown = "# Guide\n\n- **one**\n- `two`\n\n```ts\nconst x = 1;\n```\n";
    expect(await parseDocument({ bytes: utf8(markdown), filename: "guide.markdown" })).toEqual({
      text: markdown,
      format: "markdown",
    });
  });

  it("reads UTF-16 with a BOM and falls back to Windows-1252 for invalid UTF-8", async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("héllo wörld", "utf16le")]);
    expect((await parseDocument({ bytes: utf16, filename: "a.txt" })).text).toBe("héllo wörld");
    // 0x96 is an en dash in Windows-1252 (a C1 control in ISO-8859-1).
    const windows1252 = Buffer.from("caf\u00e9 \u0096 na\u00efve", "latin1");
    expect((await parseDocument({ bytes: windows1252, filename: "old.txt" })).text).toBe("café – naïve");
  });

  it("makes any string valid UTF-8", () => {
    expect(normalizeText("a\uD800b\uDC00c\uD83D\uDE00")).toBe("a\uFFFDb\uFFFDc\uD83D\uDE00");
    const text = normalizeText("\uFEFFx\r\n\0");
    expect(Buffer.from(text, "utf8").toString("utf8")).toBe(text);
  });
});

describe("parseDocument: HTML", () => {
  const page = `<!DOCTYPE html>
<html><head><title>Ignored when there is an h1</title>
<style>body { color: red } p::before { content: "STYLE" }</style>
<script>if (a < b && c > d) { document.write("<p>SCRIPT</p>") }</script></head>
<body>
<nav><a href="/">Home</a> | <a href="/about">About</a></nav>
<div role="navigation">MENU</div>
<h1>Fish &amp; Chips</h1>
<p>A   classic
   dish, served <b>hot</b> &mdash; &quot;always&quot; &lt;3 &#169; &#x1F41F;.</p>
<ul><li>Cod</li><li>Haddock<ul><li>smoked</li></ul></li></ul>
<ol start="2"><li><p>Batter</p></li><li>Fry</li></ol>
<table><tr><th>Item</th><th>Price</th></tr><tr><td>Large</td><td>£9</td></tr></table>
<pre>  indented
    code</pre>
<p hidden>HIDDEN</p><noscript>NOSCRIPT</noscript>
<div>One<br>Two</div>
</body></html>`;

  it("keeps what a reader sees, with its structure as line breaks", async () => {
    const parsed = await parseDocument({ bytes: utf8(page), filename: "menu.html" });
    expect(parsed.format).toBe("html");
    expect(parsed.text).toBe(
      [
        "# Fish & Chips",
        "",
        'A classic dish, served hot — "always" <3 © 🐟.',
        "",
        "- Cod",
        "- Haddock",
        "  - smoked",
        "",
        "2. Batter",
        "3. Fry",
        "",
        "Item | Price",
        "Large | £9",
        "",
        "  indented",
        "    code",
        "",
        "One",
        "Two",
      ].join("\n"),
    );
    for (const boilerplate of [
      "STYLE",
      "SCRIPT",
      "document.write",
      "Home",
      "MENU",
      "HIDDEN",
      "NOSCRIPT",
      "Ignored",
    ]) {
      expect(parsed.text).not.toContain(boilerplate);
    }
  });

  it("leads with the title when the page has no h1, and honours a declared charset", async () => {
    const head =
      '<html><head><meta charset="windows-1251"><title>Меню</title></head><body><p>Рыба</p></body></html>';
    const cp1251 = Buffer.from(
      [...head].map((char) => {
        const code = char.charCodeAt(0);
        // Cyrillic А..я is 0xC0..0xFF in Windows-1251.
        return code >= 0x410 && code <= 0x44f ? code - 0x410 + 0xc0 : code;
      }),
    );
    expect(await parseDocument({ bytes: cp1251, filename: "menu.htm" })).toEqual({
      text: "# Меню\n\nРыба",
      format: "html",
    });
  });

  it("reports a page with nothing to read as empty", async () => {
    await parseFailure(
      { bytes: utf8("<html><script>var x = 1;</script><nav>Home</nav></html>"), filename: "a.html" },
      "empty_document",
    );
  });
});

describe("parseDocument: PDF", () => {
  it("reads each page's text and joins pages with a blank line", async () => {
    const bytes = makePdf([["Chapter 1 (intro)", "Second line \\ backslash"], [], ["Page three."]]);
    expect(await parseDocument({ bytes, filename: "book.pdf" })).toEqual({
      text: "Chapter 1 (intro)\nSecond line \\ backslash\n\nPage three.",
      format: "pdf",
    });
  });

  it("reports garbage after the header as corrupt_document with pdf.js's reason", async () => {
    const bytes = utf8("%PDF-1.7\n\u0001\u0002 this is not a pdf body at all");
    const error = await parseFailure({ bytes, filename: "bad.pdf" }, "corrupt_document");
    expect(error.message).toContain("bad.pdf");
    expect(error.message).toMatch(/Invalid PDF structure/);
  });

  it("reports a truncated PDF as corrupt_document", async () => {
    const whole = makePdf([["Some text that will be cut off."]]);
    await parseFailure({ bytes: whole.slice(0, 120), filename: "cut.pdf" }, "corrupt_document");
  });

  it("reports a password-protected PDF as corrupt_document saying so", async () => {
    const error = await parseFailure(
      { bytes: makePdf([["Secret"]], { encrypted: true }), filename: "locked.pdf" },
      "corrupt_document",
    );
    expect(error.message).toMatch(/password/i);
  });

  it("reports a PDF without a text layer as empty_document", async () => {
    const error = await parseFailure({ bytes: makePdf([[], []]), filename: "scan.pdf" }, "empty_document");
    expect(error.message).toMatch(/OCR/);
  });
});

describe("parseDocument: DOCX", () => {
  it("reads paragraphs and table cells, each as its own paragraph", async () => {
    const bytes = await makeDocx([
      "Quarterly report",
      "Revenue grew <10% & costs fell.",
      [
        ["Region", "Sales"],
        ["North", "12"],
      ],
      "The end.",
    ]);
    expect(await parseDocument({ bytes, filename: "report.docx" })).toEqual({
      text: "Quarterly report\n\nRevenue grew <10% & costs fell.\n\nRegion\n\nSales\n\nNorth\n\n12\n\nThe end.",
      format: "docx",
    });
  });

  it("reports a damaged archive as corrupt_document with mammoth's reason", async () => {
    const whole = await makeDocx(["Some text"]);
    const error = await parseFailure(
      { bytes: whole.slice(0, whole.length - 30), filename: "cut.docx" },
      "corrupt_document",
    );
    expect(error.message).toContain("cut.docx");
    const garbage = await parseFailure(
      { bytes: utf8("PK\u0003\u0004 not a zip"), filename: "x.docx" },
      "corrupt_document",
    );
    expect(garbage.message).toMatch(/zip|central directory/i);
  });

  it("refuses an archive that unpacks beyond the limit before inflating it", async () => {
    const bomb = await makeZipBomb(2 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(64 * 1024);
    await parseFailure(
      { bytes: bomb, filename: "bomb.docx", limits: { maxUnpackedBytes: 1024 * 1024 } },
      "too_large",
    );
  });
});

describe("parseDocument: CSV", () => {
  it("writes each row as header: value pairs, one row a line", async () => {
    const csv = [
      "name,comment,score,",
      'Ada,"likes commas, and ""quotes""",10,',
      'Bob,"two',
      'lines",,extra',
      "",
    ].join("\r\n");
    expect(await parseDocument({ bytes: utf8(`\uFEFF${csv}`), filename: "people.csv" })).toEqual({
      text: [
        'name: Ada; comment: likes commas, and "quotes"; score: 10',
        "name: Bob; comment: two lines; column 4: extra",
      ].join("\n"),
      format: "csv",
    });
  });

  it("reads tab-separated files with a tab delimiter", async () => {
    const tsv = "city\tnote\nParis\tsmall, busy\n";
    expect((await parseDocument({ bytes: utf8(tsv), filename: "cities.tsv" })).text).toBe(
      "city: Paris; note: small, busy",
    );
  });

  it("reports an unclosed quote as corrupt_document", async () => {
    const error = await parseFailure(
      { bytes: utf8('a,b\n1,"open\n'), filename: "bad.csv" },
      "corrupt_document",
    );
    expect(error.message).toMatch(/quote/i);
  });
});

describe("parseDocument: JSON", () => {
  it("pretty-prints, keeping numbers and key order exactly", async () => {
    const json =
      '{"id":123456789012345678901,"tags":["a","b, c"],"empty":{},"none":[],"nested":{"s":"x\\"}{"}}';
    const parsed = await parseDocument({ bytes: utf8(json), filename: "data.json" });
    expect(parsed.format).toBe("json");
    expect(parsed.text).toBe(
      [
        "{",
        '  "id": 123456789012345678901,',
        '  "tags": [',
        '    "a",',
        '    "b, c"',
        "  ],",
        '  "empty": {},',
        '  "none": [],',
        '  "nested": {',
        '    "s": "x\\"}{"',
        "  }",
        "}",
      ].join("\n"),
    );
    expect(JSON.parse(parsed.text)).toEqual(JSON.parse(json));
  });

  it("reports invalid JSON as corrupt_document with the parser's reason", async () => {
    const error = await parseFailure({ bytes: utf8('{"a": 1,}'), filename: "bad.json" }, "corrupt_document");
    expect(error.message).toContain("bad.json");
    expect(error.message).toMatch(/JSON/);
  });
});

describe("parseDocument: limits and emptiness", () => {
  it("reports no bytes, or only whitespace, as empty_document", async () => {
    await parseFailure({ bytes: new Uint8Array(0), filename: "a.pdf" }, "empty_document");
    await parseFailure({ bytes: utf8(" \n\t\r\n"), filename: "a.txt" }, "empty_document");
    await parseFailure({ bytes: utf8("\uFEFF"), filename: "a.md" }, "empty_document");
  });

  it("refuses files and texts beyond the limits as too_large", async () => {
    await parseFailure(
      { bytes: utf8("x".repeat(101)), filename: "a.txt", limits: { maxBytes: 100 } },
      "too_large",
    );
    await parseFailure(
      { bytes: utf8("word ".repeat(50)), filename: "a.txt", limits: { maxTextChars: 100 } },
      "too_large",
    );
    await parseFailure(
      {
        bytes: makePdf([["a".repeat(60)], ["b".repeat(60)]]),
        filename: "a.pdf",
        limits: { maxTextChars: 100 },
      },
      "too_large",
    );
  });
});

describe("CSV as spreadsheets export it", () => {
  it("reads quotes inside an unquoted field as text", async () => {
    const parsed = await parseDocument({
      bytes: utf8('item,price\nE-bike "Volt",120000\n'),
      filename: "prices.csv",
    });
    expect(parsed.text).toBe('item: E-bike "Volt"; price: 120000');
  });
});
