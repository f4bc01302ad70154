import { createHash, type Hash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { dirname } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

export interface DownloadProgress {
  receivedBytes: number;
  /** From the response's length, or the expected size; null when neither is known. */
  totalBytes: number | null;
}

export interface DownloadRequest {
  url: string;
  /** Lowercase hex SHA-256 the finished file must have. */
  sha256: string;
  /** Where the verified file ends up; `<target>.part` holds it until then. */
  target: string;
  expectedBytes?: number | null;
  onProgress?: (progress: DownloadProgress) => void;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

/** A download that did not produce the file: the HTTP status, the checksum, or the network. */
export class DownloadError extends Error {
  constructor(
    readonly code: "download_failed" | "checksum_mismatch",
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * Downloads `url` to `target`, verified: the bytes stream into `<target>.part` and a SHA-256
 * as they come; an interrupted download resumes where its part file ends (an HTTP Range
 * request; a server that ignores it starts over), and only a file whose checksum matches is
 * renamed into place — a mismatch deletes the part, so the next try starts clean.
 */
export async function downloadVerified(request: DownloadRequest): Promise<void> {
  const part = `${request.target}.part`;
  await mkdir(dirname(request.target), { recursive: true });
  const hash = createHash("sha256");
  let received = await sizeOf(part);
  if (received > 0) await hashFile(part, hash);
  const doFetch = request.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(request.url, {
      headers: received > 0 ? { range: `bytes=${received}-` } : {},
      redirect: "follow",
      ...(request.signal ? { signal: request.signal } : {}),
    });
  } catch (error) {
    throw new DownloadError("download_failed", `cannot reach ${hostOf(request.url)}: ${causeOf(error)}`, {
      cause: error,
    });
  }
  if (response.status === 416 && received > 0) {
    // The part is as long as the file or longer: start over.
    await response.body?.cancel();
    await rm(part, { force: true });
    return downloadVerified(request);
  }
  if (response.status !== 200 && response.status !== 206) {
    await response.body?.cancel();
    throw new DownloadError("download_failed", `${hostOf(request.url)} answered HTTP ${response.status}`);
  }
  const resumed = response.status === 206 && received > 0;
  const fresh = !resumed;
  const finalHash = fresh ? createHash("sha256") : hash;
  if (fresh) received = 0;
  const length = Number(response.headers.get("content-length") ?? Number.NaN);
  const total = Number.isFinite(length) ? received + length : (request.expectedBytes ?? null);
  request.onProgress?.({ receivedBytes: received, totalBytes: total });
  if (!response.body) throw new DownloadError("download_failed", "the response has no body");
  const body = Readable.fromWeb(response.body as import("node:stream/web").ReadableStream<Uint8Array>);
  body.on("data", (chunk: Buffer) => {
    finalHash.update(chunk);
    received += chunk.length;
    request.onProgress?.({ receivedBytes: received, totalBytes: total });
  });
  try {
    await pipeline(body, createWriteStream(part, { flags: fresh ? "w" : "a" }));
  } catch (error) {
    throw new DownloadError("download_failed", `the download stopped: ${causeOf(error)}`, { cause: error });
  }
  const digest = finalHash.digest("hex");
  if (digest !== request.sha256) {
    await rm(part, { force: true });
    throw new DownloadError(
      "checksum_mismatch",
      `the downloaded file's SHA-256 is ${digest}, expected ${request.sha256}; it was deleted`,
    );
  }
  await rename(part, request.target);
}

async function sizeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

async function hashFile(path: string, hash: Hash): Promise<void> {
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The innermost cause's message: `connect ECONNREFUSED 127.0.0.1:9` rather than `fetch failed`. */
function causeOf(error: unknown): string {
  let current: unknown = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}
