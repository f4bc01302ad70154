import { describe, expect, it } from "vitest";
import {
  DEFAULT_PARSE_LIMITS,
  DocumentParseError,
  type DocumentParseErrorCode,
  type ParseDocumentInput,
  parseDocument,
} from "../../../src/modules/knowledge/ingest/parse-document.js";
import { makeHostilePageTree, makePdf } from "./fixtures/make-pdf.js";

const utf8 = (text: string) => new TextEncoder().encode(text);

async function failure(input: ParseDocumentInput, code: DocumentParseErrorCode): Promise<string> {
  const error = await parseDocument(input).then(
    (parsed) => new Error(`expected ${code}, parsed as ${parsed.format}`),
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DocumentParseError);
  expect((error as DocumentParseError).code).toBe(code);
  return (error as DocumentParseError).message;
}

/**
 * The readers refuse documents built to make them work without end (docs/knowledge.md,
 * "Formats"), early and by their own limits, not by the parse worker's time limit: each of these
 * took the old readers from seconds to hours, or overflowed the stack.
 */
describe("parse limits: hostile documents are refused by the readers themselves", () => {
  it("PDF: a page tree declaring more pages than the limit, or listing a page twice, or looping", async () => {
    expect(
      await failure({ bytes: makeHostilePageTree("repeat", 16_000), filename: "kids.pdf" }, "too_large"),
    ).toContain("16000 pages");
    expect(
      await failure({ bytes: makeHostilePageTree("repeat", 200_000), filename: "kids.pdf" }, "too_large"),
    ).toContain("200000 pages");
    // Under the page limit, the second listing of the same page object is enough.
    expect(
      await failure({ bytes: makeHostilePageTree("repeat", 5_000), filename: "kids.pdf" }, "too_complex"),
    ).toContain("at page 2");
    await failure({ bytes: makeHostilePageTree("loop", 1_000), filename: "loop.pdf" }, "too_complex");
    // The page limit is a limit, not a guess: a real document of that many pages is read.
    const pages = Array.from({ length: 3 }, (_, i) => [`Page ${i + 1} text`]);
    expect(
      (await parseDocument({ bytes: makePdf(pages), filename: "ok.pdf", limits: { maxPdfPages: 3 } })).text,
    ).toBe("Page 1 text\n\nPage 2 text\n\nPage 3 text");
    await failure({ bytes: makePdf(pages), filename: "ok.pdf", limits: { maxPdfPages: 2 } }, "too_large");
  });

  it("JSON: nesting past the limit, checked before the document is parsed", async () => {
    const deep = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
    expect(await failure({ bytes: utf8(deep(1_000_000)), filename: "deep.json" }, "too_complex")).toContain(
      `${DEFAULT_PARSE_LIMITS.maxNestingDepth} levels`,
    );
    const limit = DEFAULT_PARSE_LIMITS.maxNestingDepth;
    const atLimit = `${'{"a":'.repeat(limit - 1)}[1]${"}".repeat(limit - 1)}`;
    expect((await parseDocument({ bytes: utf8(atLimit), filename: "ok.json" })).format).toBe("json");
    await failure({ bytes: utf8(`[${atLimit}]`), filename: "deeper.json" }, "too_complex");
    // Brackets inside strings are text, not nesting.
    const inString = JSON.stringify({ text: "[".repeat(10_000) });
    expect((await parseDocument({ bytes: utf8(inString), filename: "s.json" })).text).toContain("[[[");
    // Indentation that would pass the text limit is found while it is written.
    await failure(
      {
        bytes: utf8(JSON.stringify([[[Array(2000).fill(1)]]])),
        filename: "wide.json",
        limits: { maxTextChars: 5000 },
      },
      "too_large",
    );
  });

  it("CSV: a row wider than the column limit, before csv-parse reads it", async () => {
    const header = Array.from({ length: 200_000 }, (_, i) => `c${i}`).join(",");
    expect(await failure({ bytes: utf8(`${header}\n`), filename: "wide.csv" }, "too_large")).toContain(
      `${DEFAULT_PARSE_LIMITS.maxCsvColumns} columns`,
    );
    const limits = { maxCsvColumns: 3 };
    // Delimiters inside quoted values, doubled quotes included, are not columns.
    expect(
      (await parseDocument({ bytes: utf8('a,b,c\n"1,2,3",x,"y ""q,r"""\n'), filename: "t.csv", limits }))
        .text,
    ).toBe('a: 1,2,3; b: x; c: y "q,r"');
    await failure({ bytes: utf8("a,b,c\n1,2,3,4\n"), filename: "t.csv", limits }, "too_large");
    await failure({ bytes: utf8("a\tb\tc\td\n"), filename: "t.tsv", limits }, "too_large");
  });

  it("HTML: elements nested past the limit, or markup leaving too many open", async () => {
    const closed = (depth: number) => `<html><body>${"<div>".repeat(depth)}deep${"</div>".repeat(depth)}`;
    await failure({ bytes: utf8(closed(200_000)), filename: "deep.html" }, "too_complex");
    await failure(
      { bytes: utf8(`<html><body>${"<div>".repeat(200_000)}deep`), filename: "open.html" },
      "too_complex",
    );
    // Deeper than the limit but within what the markup may leave open: the parsed tree is checked.
    await failure({ bytes: utf8(closed(600)), filename: "deep.html" }, "too_complex");
    expect((await parseDocument({ bytes: utf8(closed(500)), filename: "ok.html" })).text).toBe("deep");
    // End tags HTML lets a page leave out do not count as nesting.
    const list = `<ul>${"<li>item".repeat(3000)}</ul><p>one<p>two`;
    const text = (await parseDocument({ bytes: utf8(list), filename: "list.html" })).text;
    expect(text.split("\n").filter((line) => line === "- item")).toHaveLength(3000);
    // Markup inside a script is not read as elements.
    const script = `<script>${"<div>".repeat(5000)}</script><p>kept</p>`;
    expect((await parseDocument({ bytes: utf8(script), filename: "s.html" })).text).toBe("kept");
  });
});
