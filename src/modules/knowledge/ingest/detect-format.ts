import { looksLikeText } from "./decode-text.js";
import { isZip, readZipDirectory } from "./zip-directory.js";

export type DocumentFormat = "text" | "markdown" | "html" | "pdf" | "docx" | "csv" | "json";

/**
 * Which reader a file goes to (docs/knowledge.md, "Formats"): its extension first, because
 * clients often send `application/octet-stream` whatever the file is; else its MIME type; else
 * its bytes (`%PDF-` is a PDF, a zip holding `word/document.xml` is a DOCX, an HTML doctype is
 * HTML, valid UTF-8 without NUL bytes is text). `undefined` when none of them names a format we
 * read.
 */
export function detectFormat(
  bytes: Uint8Array,
  filename: string,
  mimeType?: string,
): DocumentFormat | undefined {
  return formatOfExtension(extensionOf(filename)) ?? formatOfMimeType(mimeType) ?? sniffFormat(bytes);
}

/** The lower-cased extension without its dot (`report.PDF` → `pdf`), `""` when there is none. */
export function extensionOf(filename: string): string {
  const base = filename.slice(Math.max(filename.lastIndexOf("/"), filename.lastIndexOf("\\")) + 1);
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
}

const EXTENSIONS: Record<string, DocumentFormat> = {
  md: "markdown",
  markdown: "markdown",
  mdx: "markdown",
  html: "html",
  htm: "html",
  xhtml: "html",
  pdf: "pdf",
  docx: "docx",
  csv: "csv",
  tsv: "csv",
  json: "json",
};

/** Plain-text files read as they are: prose, logs, configuration and source code. */
// biome-ignore format: a word list reads better packed
const TEXT_EXTENSIONS = new Set([
  "txt", "text", "log", "rst", "adoc", "asciidoc", "org", "tex", "srt", "vtt",
  "jsonl", "ndjson", "yaml", "yml", "toml", "ini", "cfg", "conf", "properties", "env", "xml",
  "ts", "tsx", "mts", "cts", "js", "jsx", "mjs", "cjs", "vue", "svelte", "css", "scss", "sass", "less",
  "py", "rb", "php", "pl", "lua", "r", "go", "rs", "java", "kt", "kts", "scala", "swift", "dart",
  "c", "h", "cc", "cpp", "hpp", "cs", "m", "sh", "bash", "zsh", "ps1", "bat", "sql", "graphql", "proto",
  "gradle", "tf", "dockerfile", "makefile",

]);

function formatOfExtension(extension: string): DocumentFormat | undefined {
  if (extension === "") return undefined;
  return EXTENSIONS[extension] ?? (TEXT_EXTENSIONS.has(extension) ? "text" : undefined);
}

const MIME_TYPES: Record<string, DocumentFormat> = {
  "text/plain": "text",
  "text/markdown": "markdown",
  "text/x-markdown": "markdown",
  "text/html": "html",
  "application/xhtml+xml": "html",
  "application/pdf": "pdf",
  "application/x-pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "text/csv": "csv",
  "application/csv": "csv",
  "text/tab-separated-values": "csv",
  "application/json": "json",
  "text/json": "json",
  "application/xml": "text",
  "application/yaml": "text",
  "application/x-yaml": "text",
  "application/javascript": "text",
  "application/typescript": "text",
  "application/x-sh": "text",
  "application/sql": "text",
};

function formatOfMimeType(mimeType: string | undefined): DocumentFormat | undefined {
  const essence = mimeType?.split(";")[0]?.trim().toLowerCase();
  if (!essence) return undefined;
  const known = MIME_TYPES[essence];
  if (known) return known;
  if (essence.endsWith("+json")) return "json";
  if (essence.endsWith("+xml") || essence.startsWith("text/")) return "text";
  return undefined;
}

const PDF_MAGIC = "%PDF-";
/** Readers accept junk before the header; the PDF spec's implementation notes allow 1024 bytes. */
const PDF_HEADER_WINDOW = 1024;

function sniffFormat(bytes: Uint8Array): DocumentFormat | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, PDF_HEADER_WINDOW));
  if (head.includes(PDF_MAGIC, 0, "latin1")) return "pdf";
  if (isZip(bytes)) return isWordArchive(bytes) ? "docx" : undefined;
  if (!looksLikeText(bytes)) return undefined;
  return /^\s*<(!doctype\s+html|html[\s>])/i.test(head.toString("utf8", 0, 256)) ? "html" : "text";
}

function isWordArchive(bytes: Uint8Array): boolean {
  const entries = readZipDirectory(bytes);
  if (entries) return entries.some((entry) => entry.name === "word/document.xml");
  // No readable directory (a truncated file): the local headers still name the parts, and the
  // DOCX reader then reports the damage as corrupt_document rather than "unsupported".
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes("word/document.xml");
}
