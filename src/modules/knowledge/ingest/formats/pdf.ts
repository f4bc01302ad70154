import { createRequire } from "node:module";
import path from "node:path";
import { DocumentParseError, reasonOf } from "../document-parse-error.js";
import type { ParseLimits } from "../parse-limits.js";

/**
 * A PDF's text layer, page by page, pages joined by a blank line (docs/knowledge.md,
 * "Formats"). pdf.js (the `pdfjs-dist` legacy build, the one meant for Node) decides where
 * words and lines end from the glyph positions; a line it ends becomes "\n". A page that fails
 * to read is skipped so one damaged page does not lose a whole manual; a document that cannot
 * be opened at all, or is encrypted with a password, is `corrupt_document` with pdf.js's
 * reason. A scan without a text layer gives no text, and `parseDocument` reports it empty
 * (there is no OCR).
 *
 * A page tree is refused before its pages are read when it declares more than `maxPdfPages`
 * pages (`too_large`), and as soon as it lists a page object a second time or loops
 * (`too_complex`): pdf.js walks the tree from its root for each page, so a 97 KB file listing
 * one page 16,000 times cost it minutes, and no real document lists a page twice.
 */
export async function parsePdf(
  bytes: Uint8Array,
  filename: string,
  limits: Pick<ParseLimits, "maxTextChars" | "maxPdfPages">,
): Promise<string> {
  const { maxTextChars, maxPdfPages } = limits;
  // Loaded on first use: pdf.js is large and most deployments may never see a PDF.
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const assets = pdfjsAssets();
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes), // a copy: pdf.js may transfer (detach) the buffer it is given
    verbosity: pdfjs.VerbosityLevel.ERRORS,
    // No eval option since pdf.js 6: it never compiles code from a document (PostScript
    // functions are interpreted).
    disableFontFace: true,
    useSystemFonts: false,
    cMapUrl: assets.cMaps, // CJK text in non-embedded fonts needs the predefined CMaps
    cMapPacked: true,
    standardFontDataUrl: assets.standardFonts,
  });
  let document: Awaited<typeof task.promise>;
  try {
    document = await task.promise;
  } catch (error) {
    await task.destroy();
    throw openFailure(error, filename);
  }
  try {
    if (document.numPages > maxPdfPages) {
      throw new DocumentParseError(
        "too_large",
        `"${filename}" has ${document.numPages} pages; at most ${maxPdfPages} can be read.`,
      );
    }
    const pages: string[] = [];
    const seen = new Set<string>();
    let length = 0;
    let firstFailure: unknown;
    for (let number = 1; number <= document.numPages; number += 1) {
      let pageText: string;
      try {
        const page = await document.getPage(number);
        const ref = page.ref ? `${page.ref.num} ${page.ref.gen}` : undefined;
        if (ref !== undefined && seen.has(ref)) throw repeatedPage(filename, number);
        if (ref !== undefined) seen.add(ref);
        const content = await page.getTextContent();
        pageText = content.items
          .map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : ""))
          .join("");
        page.cleanup();
      } catch (error) {
        if (error instanceof DocumentParseError) throw error;
        if (error instanceof Error && /circular reference/i.test(error.message)) {
          throw repeatedPage(filename, number, error);
        }
        firstFailure ??= error;
        continue;
      }
      const trimmed = pageText.replace(/[ \t]+\n/g, "\n").trim();
      if (trimmed === "") continue;
      length += trimmed.length + 2;
      if (length > maxTextChars) {
        throw new DocumentParseError(
          "too_large",
          `"${filename}" holds more than ${maxTextChars} characters of text (stopped at page ${number}).`,
        );
      }
      pages.push(trimmed);
    }
    if (pages.length === 0 && firstFailure !== undefined) {
      throw new DocumentParseError(
        "corrupt_document",
        `"${filename}" is not a readable PDF: ${reasonOf(firstFailure)}`,
        { cause: firstFailure },
      );
    }
    return pages.join("\n\n");
  } finally {
    await task.destroy();
  }
}

function repeatedPage(filename: string, number: number, cause?: unknown): DocumentParseError {
  return new DocumentParseError(
    "too_complex",
    `"${filename}" has a page tree that lists a page object again or loops (at page ${number}); it cannot be read.`,
    cause === undefined ? undefined : { cause },
  );
}

function openFailure(error: unknown, filename: string): DocumentParseError {
  if (error instanceof Error && error.name === "PasswordException") {
    return new DocumentParseError(
      "corrupt_document",
      `"${filename}" is an encrypted PDF that needs a password (${reasonOf(error)}); remove the password and upload it again.`,
      { cause: error },
    );
  }
  return new DocumentParseError(
    "corrupt_document",
    `"${filename}" is not a readable PDF: ${reasonOf(error)}`,
    {
      cause: error,
    },
  );
}

let assets: { cMaps: string; standardFonts: string } | undefined;

/** pdf.js's data folders inside its package, as the directory paths its Node readers expect. */
function pdfjsAssets(): { cMaps: string; standardFonts: string } {
  if (!assets) {
    const root = path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
    assets = {
      cMaps: `${path.join(root, "cmaps")}/`,
      standardFonts: `${path.join(root, "standard_fonts")}/`,
    };
  }
  return assets;
}
