import type { Readable } from "node:stream";

/**
 * A `multipart/form-data` upload as the knowledge operations read it, whatever reads the HTTP
 * request (multipart-http.ts): text fields and one file part named `file`.
 */

export interface UploadedFile {
  filename: string;
  /** The bytes; fails with `payload_too_large` past the upload limit. */
  content: Readable;
}

export interface ReceiveUploadOptions<T> {
  maxUploadBytes: number;
  /** Text fields the form may have; any other part is 422 `unknown field`. */
  fields: readonly string[];
  /** Fields accepted and dropped (e.g. OpenAI's `expires_after[…]` of files.create). */
  ignoredFields?: (name: string) => boolean;
  /**
   * Whether `store` can take the file with only the fields sent before it. If so the file is
   * streamed straight to it; otherwise (OpenAI's client sends `file` before `purpose`) it is
   * spooled to a temporary file until the form has been read, then streamed from there.
   */
  readyToStore(fields: Readonly<Record<string, string>>): boolean;
  /** Consumes the file (to its end or until it fails); may throw before reading it. */
  store(file: UploadedFile, fields: Readonly<Record<string, string>>): Promise<T>;
  /** Undoes a store when what follows the file in the form is refused. */
  discard(stored: T): Promise<void>;
  /** Checks the complete set of fields; throws ApiError (422) when they are refused. */
  check(fields: Readonly<Record<string, string>>): void;
}

/** A request's multipart body, read once. */
export interface UploadForm {
  /**
   * Reads the form: text fields, and exactly one file part named `file` (422 when it is
   * missing or there is more than one), handed to `store` as a stream. Whatever goes wrong,
   * the rest of the request body is drained so that the client reads the error.
   */
  receive<T>(options: ReceiveUploadOptions<T>): Promise<{ stored: T; fields: Record<string, string> }>;
}
