import { Worker } from "node:worker_threads";
import type { TextChunk } from "./chunk-text.js";
import type { DocumentFormat } from "./detect-format.js";
import { DocumentParseError, type DocumentParseErrorCode } from "./document-parse-error.js";
import type { ParseJob } from "./parse-and-chunk.js";
import type { ParseWorkerAnswer, ParseWorkerRequest } from "./parse-worker.js";

/** A file's text and chunks, as ingestion stores them. */
export interface ParsedChunks {
  text: string;
  format: DocumentFormat;
  chunks: TextChunk[];
}

/** Parses and chunks files away from the event loop (ParsePool; a fake in tests). */
export interface DocumentParser {
  /**
   * The file's text and chunks. `started` runs (and is awaited) just before the file is handed
   * to a worker, after any wait for a free one. Fails with a DocumentParseError when the file
   * cannot be read or the worker gave up on it (`parse_timeout`, `parse_out_of_memory`,
   * `parse_crashed`); any other error says nothing about the file (the pool closed, a bug).
   */
  parse(job: ParseJob, hooks?: { started?: () => Promise<void> }): Promise<ParsedChunks>;
  /** Ends every worker; parses under way or waiting fail with ParsePoolClosedError. */
  close(): Promise<void>;
}

export interface ParsePoolOptions {
  /** Worker threads parsing at once (PARLEY_PARSE_WORKERS). */
  workers: number;
  /** How long one file may take, from the moment a loaded worker has it (PARLEY_PARSE_TIMEOUT_MS). */
  timeoutMs: number;
  /** A worker's heap (V8's old generation), in MB (PARLEY_PARSE_MEMORY_MB). */
  memoryMb: number;
  /** The script the workers run; parse-worker's build beside this file unless a test names another. */
  entry?: URL | undefined;
}

export const DEFAULT_PARSE_POOL_OPTIONS: Readonly<ParsePoolOptions> = Object.freeze({
  workers: 1,
  timeoutMs: 60_000,
  memoryMb: 512,
});

/** The pool was closed (the process is stopping): the file was not judged, its job runs again. */
export class ParsePoolClosedError extends Error {
  constructor() {
    super("The parse workers were stopped before the file was parsed.");
    this.name = "ParsePoolClosedError";
  }
}

interface Task {
  job: ParseJob;
  started: (() => Promise<void>) | undefined;
  resolve: (parsed: ParsedChunks) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker | undefined;
  /** Whether the worker has loaded its code (its time limit starts then, not at its start-up). */
  ready: boolean;
  /** The task this slot runs, from its `started` hook until the worker answers or is ended. */
  running: { task: Task; id: number; timer: NodeJS.Timeout | undefined } | undefined;
}

/**
 * Worker threads that parse and chunk uploaded files (docs/operations.md, "Parse workers"): the
 * readers run untrusted documents, and one built to make them work hard would otherwise stall
 * the event loop and every request with it. Each worker takes one file at a time, within a time
 * limit and a heap limit; a worker that passes either, or dies, is ended and replaced by a new
 * one for the next file, and that file fails with `parse_timeout`, `parse_out_of_memory` or
 * `parse_crashed`. Files wait in order for a free worker. Workers start on first use, and an
 * idle one does not keep the process alive.
 *
 * The worker script is parse-worker's JavaScript beside this module in the build (dist/), or its
 * TypeScript source through tsx when this module runs from source (tests, `npm run parley`).
 */
export class ParsePool implements DocumentParser {
  private readonly options: ParsePoolOptions;
  private readonly slots: Slot[];
  private readonly queue: Task[] = [];
  private nextId = 0;
  private closed = false;

  constructor(options: Partial<ParsePoolOptions> = {}) {
    this.options = { ...DEFAULT_PARSE_POOL_OPTIONS, ...definedOnly(options) };
    this.slots = Array.from({ length: Math.max(1, this.options.workers) }, () => ({
      worker: undefined,
      ready: false,
      running: undefined,
    }));
  }

  parse(job: ParseJob, hooks: { started?: () => Promise<void> } = {}): Promise<ParsedChunks> {
    if (this.closed) return Promise.reject(new ParsePoolClosedError());
    return new Promise<ParsedChunks>((resolve, reject) => {
      this.queue.push({ job, started: hooks.started, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new ParsePoolClosedError());
    await Promise.all(this.slots.map((slot) => this.end(slot, new ParsePoolClosedError())));
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (slot.running) continue;
      const task = this.queue.shift()!;
      void this.run(slot, task);
    }
  }

  private async run(slot: Slot, task: Task): Promise<void> {
    const id = ++this.nextId;
    slot.running = { task, id, timer: undefined };
    try {
      await task.started?.();
    } catch (error) {
      slot.running = undefined;
      task.reject(error);
      this.pump();
      return;
    }
    if (slot.running?.id !== id) return; // the pool closed meanwhile
    const worker = slot.worker ?? this.spawn(slot);
    slot.worker = worker;
    worker.ref();
    if (slot.ready) this.startClock(slot);
    const { bytes } = task.job;
    // The bytes are moved, not copied, when they own their whole buffer (a file read from disk).
    const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const request: ParseWorkerRequest = { id, job: { ...task.job, bytes: owned ? bytes : bytes.slice() } };
    worker.postMessage(request, [request.job.bytes.buffer as ArrayBuffer]);
  }

  /** The running file's time limit, from the moment a loaded worker has it. */
  private startClock(slot: Slot): void {
    const running = slot.running;
    if (!running || running.timer) return;
    running.timer = setTimeout(() => {
      void this.end(
        slot,
        new DocumentParseError(
          "parse_timeout",
          `"${running.task.job.filename}" was not parsed within ${this.options.timeoutMs} ms, the longest a file may take.`,
        ),
      );
    }, this.options.timeoutMs);
  }

  private spawn(slot: Slot): Worker {
    const entry = this.options.entry ?? defaultEntry();
    const options = { resourceLimits: { maxOldGenerationSizeMb: this.options.memoryMb } };
    // From source (tests, `npm run parley`) the worker loads TypeScript through tsx, registered
    // by its own `--import tsx` (resolved from the working directory: the repository's).
    const fromSource = entry.pathname.endsWith(".ts") && !process.execArgv.join(" ").includes("--import tsx");
    const worker = new Worker(
      entry,
      fromSource ? { ...options, execArgv: [...process.execArgv, "--import", "tsx"] } : options,
    );
    slot.ready = false;
    worker.on("message", (answer: ParseWorkerAnswer) => {
      if (slot.worker !== worker) return;
      if ("ready" in answer) {
        slot.ready = true;
        this.startClock(slot);
        return;
      }
      const running = slot.running;
      if (running?.id !== answer.id) return;
      clearTimeout(running.timer);
      slot.running = undefined;
      worker.unref();
      if (answer.ok)
        running.task.resolve(chunksOf(answer.text, answer.format as DocumentFormat, answer.spans));
      else running.task.reject(errorOf(answer.error));
      this.pump();
    });
    worker.on("error", (error: Error & { code?: string }) => {
      if (slot.worker !== worker) return;
      const filename = slot.running?.task.job.filename ?? "the file";
      void this.end(
        slot,
        error.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? new DocumentParseError(
              "parse_out_of_memory",
              `"${filename}" needed more than ${this.options.memoryMb} MB of memory to parse, the most a file may use.`,
            )
          : new DocumentParseError("parse_crashed", `The parser failed on "${filename}": ${error.message}`),
      );
    });
    worker.on("exit", () => {
      if (slot.worker !== worker) return;
      const filename = slot.running?.task.job.filename ?? "the file";
      void this.end(
        slot,
        new DocumentParseError("parse_crashed", `The parser stopped while it read "${filename}".`),
      );
    });
    return worker;
  }

  /** Ends the slot's worker, failing its file with `error`; the next file gets a new worker. */
  private async end(slot: Slot, error: unknown): Promise<void> {
    const { worker, running } = slot;
    slot.worker = undefined;
    slot.ready = false;
    slot.running = undefined;
    if (running) {
      clearTimeout(running.timer);
      running.task.reject(error);
    }
    if (!this.closed) this.pump();
    await worker?.terminate();
  }
}

function defaultEntry(): URL {
  const here = import.meta.url;
  return new URL(here.endsWith(".ts") ? "./parse-worker.ts" : "./parse-worker.js", here);
}

function chunksOf(text: string, format: DocumentFormat, spans: Float64Array): ParsedChunks {
  const chunks: TextChunk[] = [];
  for (let at = 0; at < spans.length; at += 3) {
    chunks.push({
      index: at / 3,
      content: text.slice(spans[at], spans[at + 1]),
      tokens: spans[at + 2]!,
    });
  }
  return { text, format, chunks };
}

function errorOf(error: { code?: string | undefined; message: string }): Error {
  return error.code
    ? new DocumentParseError(error.code as DocumentParseErrorCode, error.message)
    : new Error(`The parser failed: ${error.message}`);
}

function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}
