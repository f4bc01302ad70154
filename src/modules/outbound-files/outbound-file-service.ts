import { Readable } from "node:stream";
import type { Clock } from "../../infra/clock.js";
import { validationFailed } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { SecretBox } from "../../infra/secret-box.js";
import type { Repos } from "../../storage/repos/index.js";
import type { OutboundFileRow } from "../../storage/repos/outbound-files.repo.js";
import type { FileStore } from "../knowledge/index.js";
import { fileTypeOf, hasImageSignature, SIGNATURE_BYTES, UnsupportedMediaType } from "./file-types.js";
import { MAX_CAPTION, MAX_MESSAGE_FILES, type MessageFile } from "./message-files.js";
import { signedFileUrl, validFileLink } from "./signed-links.js";

export interface OutboundFileServiceDeps {
  repos: Repos;
  /** The file store, its limit the attachment limit (PARLEY_ATTACHMENT_MAX_BYTES). */
  store: FileStore;
  secrets: SecretBox;
  clock: Clock;
  newId: IdGenerator;
  publicUrl: string;
}

/** A file to attach to a message: its id, and the caption to send with it. */
export interface FileRef {
  id: string;
  caption?: string;
}

/**
 * Files operators and the bot send (docs/channels.md, "Files"): kept in the file store under
 * `outbound/<project>/<id>`, typed by the allow-list (file-types.ts), bound to one thread, and
 * handed to vendors by signed, expiring links or as bytes.
 */
export class OutboundFileService {
  constructor(private readonly deps: OutboundFileServiceDeps) {}

  /**
   * Streams a file into the store for the thread: 415 `unsupported_media_type` for a type not
   * on the list or an image whose bytes are not that image, 413 `payload_too_large` past the
   * limit (nothing is kept then).
   */
  async keep(projectId: string, threadId: string, name: string, content: Readable): Promise<OutboundFileRow> {
    const type = fileTypeOf(name);
    const id = this.deps.newId("outf");
    const size = await this.deps.store.write(
      pathOf(projectId, id),
      Readable.from(checkedImage(content, type.mime)),
    );
    const row: OutboundFileRow = {
      id,
      project_id: projectId,
      thread_id: threadId,
      kind: type.kind,
      name,
      mime_type: type.mime,
      size,
      created_at: this.deps.clock.now().toISOString(),
    };
    try {
      await this.deps.repos.outboundFiles.insert(row);
    } catch (error) {
      await this.deps.store.remove(pathOf(projectId, id));
      throw error;
    }
    return row;
  }

  /** The thread's file, or undefined. */
  async find(projectId: string, threadId: string, id: string): Promise<OutboundFileRow | undefined> {
    const row = await this.deps.repos.outboundFiles.find(projectId, id);
    return row?.thread_id === threadId ? row : undefined;
  }

  /**
   * The files a message of the thread will send, in the order given: 422 when there are more
   * than MAX_MESSAGE_FILES, an id is repeated, or one names no file of this thread.
   */
  async forMessage(projectId: string, threadId: string, refs: readonly FileRef[]): Promise<MessageFile[]> {
    if (refs.length > MAX_MESSAGE_FILES) {
      throw validationFailed([{ path: "files", message: `at most ${MAX_MESSAGE_FILES} files per message` }]);
    }
    const rows = await this.deps.repos.outboundFiles.ofThread(
      projectId,
      threadId,
      refs.map((ref) => ref.id),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return refs.map((ref, index) => {
      const row = byId.get(ref.id);
      if (!row || refs.findIndex((other) => other.id === ref.id) !== index) {
        throw validationFailed([
          {
            path: `files.${index}`,
            message: row ? "is listed twice" : `'${ref.id}' names no file uploaded to this thread`,
          },
        ]);
      }
      const caption = ref.caption?.trim().slice(0, MAX_CAPTION);
      return {
        id: row.id,
        kind: row.kind,
        name: row.name,
        mime_type: row.mime_type,
        size: row.size,
        ...(caption ? { caption } : {}),
      };
    });
  }

  open(row: Pick<OutboundFileRow, "project_id" | "id">): Readable {
    return this.deps.store.read(pathOf(row.project_id, row.id));
  }

  readAll(projectId: string, id: string): Promise<Buffer> {
    return this.deps.store.readAll(pathOf(projectId, id));
  }

  /** A link anyone may open until `expiresAt` (docs/channels.md, "Files"). */
  signedUrl(id: string, expiresAt: Date): string {
    return signedFileUrl(this.deps.publicUrl, this.deps.secrets, id, expiresAt);
  }

  /** The file a signed link names, when its signature holds and it has not expired. */
  async bySignedLink(id: string, expires?: string, sig?: string): Promise<OutboundFileRow | undefined> {
    if (!validFileLink(this.deps.secrets, id, expires, sig, this.deps.clock.now())) return undefined;
    return this.deps.repos.outboundFiles.findById(id);
  }
}

const pathOf = (projectId: string, id: string) => `outbound/${projectId}/${id}`;

/** Passes the bytes through, refusing an image whose first bytes are not its format's signature. */
async function* checkedImage(source: Readable, mime: string): AsyncGenerator<Buffer> {
  let head = Buffer.alloc(0);
  let checked = false;
  const check = () => {
    checked = true;
    if (!hasImageSignature(mime, head)) {
      throw new UnsupportedMediaType(`The file's bytes are not a ${mime} image.`);
    }
  };
  for await (const chunk of source) {
    const buffer = chunk as Buffer;
    if (!checked) {
      head = Buffer.concat([head, buffer]).subarray(0, SIGNATURE_BYTES);
      if (head.length >= SIGNATURE_BYTES) check();
    }
    yield buffer;
  }
  if (!checked) check();
}
