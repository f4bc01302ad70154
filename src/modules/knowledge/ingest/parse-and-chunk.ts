import { chunkSpans } from "./chunk-text.js";
import type { ChunkingStrategy } from "./chunking-strategy.js";
import { DocumentParseError } from "./document-parse-error.js";
import { type DocumentFormat, type ParseLimits, parseDocument } from "./parse-document.js";

/** One file for a parse worker: its bytes, what names its format, how to chunk its text. */
export interface ParseJob {
  bytes: Uint8Array;
  filename: string;
  mimeType?: string | undefined;
  strategy: ChunkingStrategy;
  limits?: Partial<ParseLimits> | undefined;
}

/**
 * What a parse worker answers: the text and its chunks as `[start, end, tokens]` triples of
 * positions in it (chunk-text.ts, `chunkSpans`), so only the text itself is copied between
 * threads and the positions are moved.
 */
export interface ParsedSpans {
  text: string;
  format: DocumentFormat;
  spans: Float64Array;
}

/**
 * A file parsed (parse-document.ts) and chunked (chunk-text.ts), as a parse worker runs it
 * (parse-worker.ts). The readers' own limits refuse a hostile file early; what still gets past
 * them and exhausts the worker's stack or the engine's string and array sizes is the document's
 * doing too, so it fails as `too_complex` or `too_large` rather than as a bug to retry.
 */
export async function parseAndChunk(job: ParseJob): Promise<ParsedSpans> {
  try {
    const { text, format } = await parseDocument(job);
    const chunks = chunkSpans(text, job.strategy);
    const spans = new Float64Array(chunks.length * 3);
    chunks.forEach((chunk, index) => {
      spans.set([chunk.start, chunk.end, chunk.tokens], index * 3);
    });
    return { text, format, spans };
  } catch (error) {
    throw asDocumentError(error, job.filename);
  }
}

function asDocumentError(error: unknown, filename: string): unknown {
  if (!(error instanceof RangeError)) return error;
  if (/call stack/i.test(error.message)) {
    return new DocumentParseError("too_complex", `"${filename}" is nested too deeply to be read.`, {
      cause: error,
    });
  }
  if (/invalid (string|array|typed array) length|allocation failed/i.test(error.message)) {
    return new DocumentParseError("too_large", `"${filename}" gives more text than can be held.`, {
      cause: error,
    });
  }
  return error;
}
