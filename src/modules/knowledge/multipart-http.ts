import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import multipart, { type MultipartFile, type MultipartValue } from "@fastify/multipart";
import type { FastifyRequest, FastifySchemaCompiler } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { z } from "zod";
import { ApiError, validationFailed } from "../../infra/errors.js";
import type { App } from "../../infra/http-types.js";
import type { ReceiveUploadOptions, UploadForm } from "./upload-form.js";

/**
 * File uploads as `multipart/form-data` (what OpenAI's clients send): one part named `file`
 * and a few text fields. The file is streamed, never held whole in memory, and cut off with
 * 413 `payload_too_large` past the upload limit.
 */

/** Text fields of an upload are short (`purpose`, `attributes` as JSON). */
const MAX_FIELD_BYTES = 64 * 1024;
const MAX_FIELDS = 20;
/**
 * The longest multipart boundary the parser can look for (it searches for CRLF, `--` and the
 * boundary, at most 256 bytes). RFC 2046 allows 70 characters; clients use about 40.
 */
export const MAX_BOUNDARY_LENGTH = 252;
/** Whether the text has a C0 control character or DEL: never part of a file's name (docs/knowledge.md). */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * Makes `scope` accept multipart bodies. Call it inside a plugin scope of its own: the parser
 * is added to that scope only, so every other route keeps refusing non-JSON bodies.
 */
export async function enableMultipart(scope: App, maxUploadBytes: number): Promise<void> {
  await scope.register(multipart, {
    // One byte over the limit reaches our counter (which answers 413) before busboy truncates.
    limits: {
      fileSize: maxUploadBytes + 1,
      files: 1,
      fields: MAX_FIELDS,
      parts: MAX_FIELDS + 1,
      fieldSize: MAX_FIELD_BYTES,
      fieldNameSize: 200,
      headerPairs: 100,
    },
    throwFileSizeLimit: false,
  });
  // The idempotency fingerprint covers method, path and raw body; a stream is not read before
  // the handler, so a multipart request is fingerprinted by its length (a retry of the same
  // upload regenerates the boundary, so the content type would not do).
  scope.addHook("preValidation", async (request: FastifyRequest) => {
    if (request.isMultipart())
      request.rawBody ??= `multipart; length=${request.headers["content-length"] ?? "?"}`;
  });
}

type RouteSchema<S> = Parameters<FastifySchemaCompiler<S>>[0];
const zodCompiler = <S>(route: RouteSchema<S>) =>
  validatorCompiler(route as unknown as RouteSchema<z.ZodType>);

/**
 * The validator compiler of a multipart-only route: params and query are checked by their
 * schemas; the body (a stream the handler reads) is passed through, its schema serving the
 * OpenAPI document only.
 */
export function bodyReadByHandler<S>(route: RouteSchema<S>): ReturnType<FastifySchemaCompiler<S>> {
  return route.httpPart === "body" ? (data: unknown) => ({ value: data }) : zodCompiler(route);
}

/**
 * The validator compiler of a route taking JSON or multipart: a JSON body is checked by the
 * schema; a multipart one (no body yet: the handler reads the stream) passes as undefined.
 */
export function jsonOrMultipartBody<S>(route: RouteSchema<S>): ReturnType<FastifySchemaCompiler<S>> {
  if (route.httpPart !== "body") return zodCompiler(route);
  const validate = zodCompiler(route);
  return (data: unknown) => (data === undefined || data === null ? { value: undefined } : validate(data));
}

export class UploadTooLarge extends ApiError {
  constructor(maxBytes: number) {
    super(413, "payload_too_large", `The file is larger than the upload limit of ${maxBytes} bytes.`);
  }
}

/** Passes bytes through, failing with UploadTooLarge once more than `maxBytes` went by. */
class ByteLimit extends Transform {
  bytes = 0;
  exceeded = false;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      this.exceeded = true;
      callback(new UploadTooLarge(this.maxBytes));
      return;
    }
    callback(null, chunk);
  }
}

/** The upload of a multipart request; undefined for any other body. */
export function multipartForm(request: FastifyRequest): UploadForm | undefined {
  if (!request.isMultipart()) return undefined;
  return { receive: (options) => receiveUpload(request, options) };
}

/** Reads a multipart request (see UploadForm.receive). */
async function receiveUpload<T>(
  request: FastifyRequest,
  options: ReceiveUploadOptions<T>,
): Promise<{ stored: T; fields: Record<string, string> }> {
  const fields: Record<string, string> = {};
  let stored: { value: T } | undefined;
  let spooled: { dir: string; path: string; filename: string } | undefined;
  try {
    checkBoundary(request.headers["content-type"]);
    for await (const part of request.parts()) {
      if (part.type === "field") {
        acceptField(part, fields, options);
        continue;
      }
      if (part.fieldname !== "file") {
        part.file.resume();
        throw validationFailed([{ path: part.fieldname, message: "unknown field" }]);
      }
      if (stored || spooled) {
        part.file.resume();
        throw validationFailed([{ path: "file", message: "only one file may be sent" }]);
      }
      const filename = filenameOf(part);
      if (options.readyToStore(fields)) {
        options.check(fields);
        stored = { value: await storeStream(part, filename, fields, options) };
      } else {
        spooled = await spool(part, filename, options.maxUploadBytes);
      }
    }
    // The parser drops a file part whose name has a line break (even percent-encoded): it counts as none.
    if (!stored && !spooled) {
      throw validationFailed([
        { path: "file", message: "is required (a file part, its name without line breaks)" },
      ]);
    }
    options.check(fields);
    if (spooled) {
      const content = createReadStream(spooled.path);
      try {
        stored = { value: await options.store({ filename: spooled.filename, content }, fields) };
      } finally {
        content.destroy();
      }
    }
    return { stored: stored!.value, fields };
  } catch (error) {
    // What follows a stored file was refused: the file goes again.
    if (stored) await options.discard(stored.value).catch(() => {});
    drain(request);
    throw multipartError(error);
  } finally {
    if (spooled) await rm(spooled.dir, { recursive: true, force: true });
  }
}

function acceptField(
  part: MultipartValue,
  fields: Record<string, string>,
  options: Pick<ReceiveUploadOptions<unknown>, "fields" | "ignoredFields">,
): void {
  const name = part.fieldname;
  if (options.ignoredFields?.(name)) return;
  if (!options.fields.includes(name)) throw validationFailed([{ path: name, message: "unknown field" }]);
  if (name in fields) throw validationFailed([{ path: name, message: "must be sent once" }]);
  if (part.valueTruncated) {
    throw validationFailed([{ path: name, message: `must be at most ${MAX_FIELD_BYTES} bytes` }]);
  }
  const value = part.value;
  const text = typeof value === "string" ? value : JSON.stringify(value);
  // As in JSON bodies (infra/input-guard.ts): PostgreSQL cannot store it, no field needs it.
  if (text.includes("\u0000")) {
    throw validationFailed([{ path: name, message: "must not contain the NUL character (\\u0000)" }]);
  }
  fields[name] = text;
}

/**
 * The file's name as stored: path separators become `_`, blanks around it go, at most 255
 * characters, `upload` when none is given. A name with a control character (NUL, line breaks,
 * tabs, escapes…) is refused rather than repaired: it is not a name a person gave a file, and
 * PostgreSQL cannot store NUL (docs/knowledge.md, "Uploading").
 */
function filenameOf(part: MultipartFile): string {
  const given = part.filename ?? "";
  if (hasControlCharacter(given)) {
    part.file.resume();
    throw validationFailed([
      { path: "file", message: "the file name must not contain control characters (U+0000–U+001F, U+007F)" },
    ]);
  }
  const name = given.replace(/[\\/]/g, "_").trim();
  return name === "" ? "upload" : name.slice(0, 255);
}

/**
 * Refuses a boundary the parser cannot use before reading anything: a longer one made it
 * throw an error of its own (a 500). Its absence is the parser's "Boundary not found" (400).
 */
function checkBoundary(contentType: string | undefined): void {
  const boundary = /;\s*boundary\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/i.exec(contentType ?? "");
  const value = boundary ? (boundary[1] ?? boundary[2] ?? "").trim() : "";
  if (value.length > MAX_BOUNDARY_LENGTH) {
    throw new ApiError(
      400,
      "bad_request",
      `The multipart boundary is ${value.length} characters long; it may have at most ${MAX_BOUNDARY_LENGTH} (RFC 2046 allows 70).`,
    );
  }
}

/** Streams the part to `store` through the byte limit; 413 whatever `store` made of the failure. */
async function storeStream<T>(
  part: MultipartFile,
  filename: string,
  fields: Readonly<Record<string, string>>,
  options: ReceiveUploadOptions<T>,
): Promise<T> {
  const limit = new ByteLimit(options.maxUploadBytes);
  const flowing = pipeline(part.file, limit).catch(() => {});
  let value: T;
  try {
    value = await options.store({ filename, content: limit }, fields);
  } catch (error) {
    if (limit.exceeded) throw new UploadTooLarge(options.maxUploadBytes);
    throw error;
  } finally {
    // A store that did not read to the end must not leave the request hanging.
    if (!limit.readableEnded) {
      limit.destroy();
      part.file.resume();
    }
    await flowing;
  }
  if (limit.exceeded) {
    await options.discard(value).catch(() => {});
    throw new UploadTooLarge(options.maxUploadBytes);
  }
  return value;
}

async function spool(
  part: MultipartFile,
  filename: string,
  maxBytes: number,
): Promise<{ dir: string; path: string; filename: string }> {
  const dir = await mkdtemp(join(tmpdir(), "parley-upload-"));
  const path = join(dir, "file");
  try {
    await pipeline(part.file, new ByteLimit(maxBytes), createWriteStream(path));
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return { dir, path, filename };
}

/** Lets the rest of a refused upload arrive (and be dropped) so the client reads the answer. */
function drain(request: FastifyRequest): void {
  const raw = request.raw;
  if (raw.readableEnded) return;
  raw.unpipe();
  raw.resume();
}

/** @fastify/multipart's own errors in the API's vocabulary. */
function multipartError(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: string }).code;
  switch (code) {
    case "FST_FILES_LIMIT":
      return validationFailed([{ path: "file", message: "only one file may be sent" }]);
    case "FST_FIELDS_LIMIT":
    case "FST_PARTS_LIMIT":
      return validationFailed([{ path: "", message: `the form may have at most ${MAX_FIELDS} fields` }]);
    case "FST_PROTO_VIOLATION":
      return validationFailed([{ path: "", message: "a field name is not allowed" }]);
    case "FST_INVALID_JSON_FIELD_ERROR":
      return validationFailed([{ path: "", message: "a JSON field is not valid JSON" }]);
    case "FST_REQ_FILE_TOO_LARGE":
      return new ApiError(413, "payload_too_large", "The file is larger than the upload limit.");
    case "FST_MP_PREMATURE_CLOSE":
      return new ApiError(400, "bad_request", "The request ended before the form was complete.");
  }
  // The parser's own errors about the body's framing ("needle": the boundary it searches for).
  if (error instanceof Error && /multipart|boundary|needle|Unexpected end of form/i.test(error.message)) {
    return new ApiError(400, "bad_request", `The multipart body cannot be read: ${error.message}`);
  }
  return error;
}
