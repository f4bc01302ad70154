import { parse } from "csv-parse/sync";
import { DocumentParseError, reasonOf } from "../document-parse-error.js";

/**
 * A table as one line per row, each value named by its column: `name: Ada; role: engineer`
 * (docs/knowledge.md, "Formats"). A chunk cut from the middle of a long table then still says
 * what each value is. The first row is the header; an empty header cell, or a value beyond the
 * header's width, is named `column N`; empty values are left out; newlines inside a quoted
 * value become spaces so a row stays one line. A table with a header and no rows gives the
 * header's names. Malformed CSV (an unclosed quote) is `corrupt_document` with csv-parse's
 * reason. Tab-separated files (`.tsv`, `text/tab-separated-values`) use a tab delimiter.
 */
export function parseCsv(text: string, filename: string, delimiter: "," | "\t"): string {
  let rows: string[][];
  try {
    rows = parse(text, {
      delimiter,
      bom: true,
      relax_column_count: true,
      // Spreadsheets export `E-bike "Volt"` unquoted: read the quotes as text, as Excel does.
      relax_quotes: true,
      skip_empty_lines: true,
    }) as string[][];
  } catch (error) {
    throw new DocumentParseError("corrupt_document", `"${filename}" is not valid CSV: ${reasonOf(error)}`, {
      cause: error,
    });
  }
  const [header, ...records] = rows;
  if (!header) return "";
  const names = header.map((name, column) => oneLine(name) || `column ${column + 1}`);
  if (records.length === 0) return names.join("; ");
  return records
    .map((record) =>
      record
        .map((value, column) => [names[column] ?? `column ${column + 1}`, oneLine(value)] as const)
        .filter(([, value]) => value !== "")
        .map(([name, value]) => `${name}: ${value}`)
        .join("; "),
    )
    .filter((line) => line !== "")
    .join("\n");
}

function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}
