import { parentPort } from "node:worker_threads";
import { DocumentParseError } from "./document-parse-error.js";
import { type ParseJob, parseAndChunk } from "./parse-and-chunk.js";

/**
 * A parse worker's thread (parse-pool.ts; docs/operations.md, "Parse workers"): once loaded it
 * says `{ready: true}`, then answers each `{id, job}` it is sent with `{id, ok: true, text,
 * format, spans}` or `{id, ok: false, error}`, one job at a time. A DocumentParseError keeps its
 * code; anything else is a bug, sent with its message so the job can be retried.
 */
export interface ParseWorkerRequest {
  id: number;
  job: ParseJob;
}

export type ParseWorkerAnswer =
  | { ready: true }
  | { id: number; ok: true; text: string; format: string; spans: Float64Array }
  | { id: number; ok: false; error: { code?: string | undefined; message: string } };

const port = parentPort;
if (port) {
  port.on("message", async ({ id, job }: ParseWorkerRequest) => {
    let answer: Exclude<ParseWorkerAnswer, { ready: true }>;
    try {
      const { text, format, spans } = await parseAndChunk(job);
      answer = { id, ok: true, text, format, spans };
    } catch (error) {
      answer = {
        id,
        ok: false,
        error:
          error instanceof DocumentParseError
            ? { code: error.code, message: error.message }
            : { message: error instanceof Error ? (error.stack ?? error.message) : String(error) },
      };
    }
    port.postMessage(answer, answer.ok ? [answer.spans.buffer as ArrayBuffer] : []);
  });
  port.postMessage({ ready: true } satisfies ParseWorkerAnswer);
}
