import { createRequire } from "node:module";
import path from "node:path";
import { DocumentParseError, reasonOf } from "../document-parse-error.js";

/**
 * A PDF's text layer, page by page, pages joined by a blank line (docs/knowledge.md,
 * "Formats"). pdf.js (the `pdfjs-dist` legacy build, the one meant for Node) decides where
 * words and lines end from the glyph positions; a line it ends becomes "\n". A page that fails
 * to read is skipped so one damaged page does not lose a whole manual; a document that cannot
 * be opened at all, or is encrypted with a password, is `corrupt_document` with pdf.js's
 * reason. A scan without a text layer gives no text, and `parseDocument` reports it empty
 * (there is no OCR).
 */
export async function parsePdf(bytes: Uint8Array, filename: string, maxTextChars: number): Promise<string> {
  // Loaded on first use: pdf.js is large and most deployments may never see a PDF.
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const assets = pdfjsAssets();
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes), // a copy: pdf.js may transfer (detach) the buffer it is given
    verbosity: pdfjs.VerbosityLevel.ERRORS,
    isEvalSupported: false, // never compile code from a document (PostScript functions)
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
    const pages: string[] = [];
    let length = 0;
    let firstFailure: unknown;
    for (let number = 1; number <= document.numPages; number += 1) {
      let pageText: string;
      try {
        const page = await document.getPage(number);
        const content = await page.getTextContent();
        pageText = content.items
          .map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : ""))
          .join("");
        page.cleanup();
      } catch (error) {
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
    await document.destroy();
  }
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
