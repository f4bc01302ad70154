import { parse } from "csv-parse/sync";
import { DocumentParseError, reasonOf } from "../document-parse-error.js";

/**
 * A table as one line per row, each value named by its column: `name: Ada; role: engineer`
 * (docs/knowledge.md, "Formats"). A chunk cut from the middle of a long table then still says
 * what each value is. The first row is the header; an empty header cell, or a value beyond the
 * header's width, is named `column N`; empty values are left out; newlines inside a quoted
 * value become spaces so a row stays one line. A table with a header and no rows gives the
 * header's names. Malformed CSV (an unclosed quote) is `corrupt_document` with csv-parse's
 * reason. Tab-separated files (`.tsv`, `text/tab-separated-values`) use a tab delimiter. A row
 * of more than `maxColumns` values is `too_large`: a quick count of the delimiters outside quotes
 * refuses most such files before csv-parse reads them (its per-value cost made a 200,000-column
 * row take seconds), and the parser's own count refuses the rest as soon as it has read the row.
 */
export function parseCsv(text: string, filename: string, delimiter: "," | "\t", maxColumns: number): string {
  const widest = widestRow(text, delimiter, maxColumns);
  if (widest > maxColumns) {
    throw new DocumentParseError(
      "too_large",
      `"${filename}" has a row of more than ${maxColumns} columns; at most ${maxColumns} can be read.`,
    );
  }
  let rows: string[][];
  try {
    rows = parse(text, {
      delimiter,
      bom: true,
      relax_column_count: true,
      // Spreadsheets export `E-bike "Volt"` unquoted: read the quotes as text, as Excel does.
      relax_quotes: true,
      skip_empty_lines: true,
      on_record: (record: string[], { lines }: { lines: number }) => {
        if (record.length > maxColumns) {
          throw new DocumentParseError(
            "too_large",
            `"${filename}" has a row of ${record.length} columns (line ${lines}); at most ${maxColumns} can be read.`,
          );
        }
        return record;
      },
    }) as string[][];
  } catch (error) {
    if (error instanceof DocumentParseError) throw error;
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

/**
 * The most values a row holds, counting delimiters outside quoted values as csv-parse reads
 * them (a quote opens a value only at its start, `""` inside one is a quote; elsewhere a quote
 * is text, as relax_quotes reads it), until the count passes `stopAbove`.
 */
function widestRow(text: string, delimiter: "," | "\t", stopAbove: number): number {
  const separator = delimiter.charCodeAt(0);
  let widest = 1;
  let values = 1;
  let quoted = false;
  let valueStart = true;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (quoted) {
      if (char !== 0x22) continue;
      if (text.charCodeAt(i + 1) === 0x22) i += 1;
      else quoted = false;
    } else if (char === 0x22 && valueStart) {
      quoted = true;
      valueStart = false;
    } else if (char === separator) {
      values += 1;
      valueStart = true;
      if (values > widest) {
        widest = values;
        if (widest > stopAbove) return widest;
      }
    } else if (char === 0x0a) {
      values = 1;
      valueStart = true;
    } else {
      valueStart = false;
    }
  }
  return widest;
}

function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}
