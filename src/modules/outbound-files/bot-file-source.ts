import { basename } from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { ApiError } from "../../infra/errors.js";
import type { FetchLike } from "../../infra/outbound-http/guarded-fetch.js";
import { fileTypeOf, fileTypeOfMime } from "./file-types.js";
import { MAX_CAPTION, type MessageFile } from "./message-files.js";
import type { OutboundFileService } from "./outbound-file-service.js";
import { toMessageFile } from "./routes.js";

/**
 * Where the bot's file comes from (send_file): a URL, a knowledge file, or text the model wrote
 * (with a .txt or .csv name), and the name to give it.
 */
export interface BotFileRequest {
  url?: string;
  knowledgeFileId?: string;
  content?: string;
  name?: string;
  caption?: string;
}

export type BotFileResult = { ok: true; file: MessageFile } | { ok: false; error: string };

/** Redirects followed, each hop through the guard again. */
const MAX_REDIRECTS = 3;
const FETCH_TIMEOUT_MS = 30_000;

/**
 * The files the bot sends (send_file; docs/agent.md, "Sending files"): fetched from a URL through
 * the outbound guard (public addresses only unless PARLEY_WEBHOOKS_ALLOW_PRIVATE, the attachment
 * size limit while it streams) or read from the project's knowledge files, then kept like an
 * operator's upload, type allow-list included. Failures are answered to the model, never thrown.
 */
export class BotFileSource {
  constructor(
    private readonly deps: {
      files: OutboundFileService;
      /** The guarded fetch (its body limit the attachment limit). */
      fetch: FetchLike;
      knowledgeFile(projectId: string, fileId: string): Promise<{ filename: string; content: Readable }>;
    },
  ) {}

  async attach(projectId: string, threadId: string, request: BotFileRequest): Promise<BotFileResult> {
    try {
      const source =
        request.content !== undefined
          ? written(request.content, request.name)
          : request.url
            ? await this.download(request.url, request.name)
            : await this.knowledge(projectId, request.knowledgeFileId ?? "", request.name);
      const row = await this.deps.files.keep(projectId, threadId, source.name, source.content);
      const caption = request.caption?.trim().slice(0, MAX_CAPTION);
      return { ok: true, file: { ...toMessageFile(row), ...(caption ? { caption } : {}) } };
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }

  private async knowledge(projectId: string, fileId: string, name?: string) {
    const file = await this.deps.knowledgeFile(projectId, fileId);
    return { name: cleanName(name) ?? file.filename, content: file.content };
  }

  private async download(url: string, name?: string): Promise<{ name: string; content: Readable }> {
    let current = url;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      if (!/^https?:\/\//i.test(current)) throw new Error("The URL must be http(s).");
      const response = await this.deps.fetch(current, {
        method: "GET",
        redirect: "manual",
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        current = new URL(location, current).toString();
        continue;
      }
      if (!response.ok || !response.body) {
        await response.body?.cancel();
        throw new Error(`The URL answered HTTP ${response.status}.`);
      }
      let fileName: string;
      try {
        fileName = nameFor(name, current, response.headers.get("content-type"));
      } catch (error) {
        await response.body.cancel();
        throw error;
      }
      return {
        name: fileName,
        content: Readable.fromWeb(response.body as unknown as WebReadableStream<Uint8Array>),
      };
    }
    throw new Error("The URL redirected too many times.");
  }
}

/** A name given by the model, without path or control characters; undefined when none is left. */
function cleanName(name: string | undefined): string | undefined {
  const cleaned = basename((name ?? "").replace(/[\\/]/g, "_"))
    .split("")
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join("")
    .trim();
  return cleaned === "" ? undefined : cleaned.slice(0, 255);
}

/**
 * The kept file's name: the one asked for, else the URL's last segment; when that has no
 * extension on the allow-list, the server's content type adds one (a `.png` for image/png).
 */
function nameFor(asked: string | undefined, url: string, contentType: string | null): string {
  const fromUrl = decodeURIComponent(new URL(url).pathname.split("/").pop() ?? "");
  const name = cleanName(asked) ?? cleanName(fromUrl) ?? "file";
  try {
    fileTypeOf(name);
    return name;
  } catch (error) {
    const declared = contentType ? fileTypeOfMime(contentType) : undefined;
    if (declared) return `${name}${declared.extension}`;
    if (error instanceof ApiError) throw new Error(error.message);
    throw error;
  }
}

/**
 * A file the model wrote: its text as UTF-8 under the name it gave, which must be a text or CSV
 * file (the tool's schema asks for it; checked again here, as keep() checks every name's type).
 */
function written(content: string, name: string | undefined): { name: string; content: Readable } {
  const fileName = cleanName(name);
  if (!fileName || !/\.(txt|csv)$/i.test(fileName)) {
    throw new Error("A file you write needs a name ending in .txt or .csv.");
  }
  return { name: fileName, content: Readable.from([Buffer.from(content, "utf8")]) };
}
