import { Readable } from "node:stream";
import type { Clock } from "../../../infra/clock.js";
import type { IdGenerator } from "../../../infra/ids.js";
import type { Repos } from "../../../storage/repos/index.js";
import type { MessageRow } from "../../../storage/repos/messages.repo.js";
import type { FileStore } from "../../knowledge/index.js";
import type { Connectors } from "../connectors.js";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Files the sweep removes per housekeeping run (the next run takes the rest). */
const SWEEP_BATCH = 500;

/** An attachment as stored on a message (the public MessageAttachment). */
interface StoredAttachment {
  kind: string;
  ref?: string;
  mimeType?: string;
  file?: { id: string; size: number; mime_type: string; url: string };
  fileError?: { code: "too_large" | "unavailable" | "expired"; message: string };
  [field: string]: unknown;
}

export interface AttachmentFilesDeps {
  repos: Repos;
  connectors: Connectors;
  /** The files directory, with its root shared with uploaded knowledge files. */
  store: FileStore;
  clock: Clock;
  newId: IdGenerator;
  maxBytes: number;
  retentionDays: number;
}

/** The route a kept file is served at (docs/api.md, "Attachments"). */
export function attachmentFileUrl(threadId: string, fileId: string): string {
  return `/v1/threads/${threadId}/attachments/${fileId}`;
}

function parsed(row: Pick<MessageRow, "attachments">): StoredAttachment[] {
  return row.attachments ? (JSON.parse(row.attachments) as StoredAttachment[]) : [];
}

/** A fetchable file no copy has been tried for yet. */
function waiting(attachment: StoredAttachment): attachment is StoredAttachment & { ref: string } {
  return typeof attachment.ref === "string" && !attachment.file && !attachment.fileError;
}

/**
 * Parley's copies of the files customers send on channels (docs/channels.md, "Non-text
 * messages"): fetched through the vendor in a job after the message is stored, kept in the file
 * store under `<project>/attachments/<id>` with a row in `message_files`, recorded on the
 * attachment (`file`, or `fileError` when not kept), and deleted by the housekeeping sweep once
 * the retention ends or the thread is gone.
 */
export class AttachmentFiles {
  constructor(private readonly deps: AttachmentFilesDeps) {}

  /** Whether a stored message has files to fetch (the listener enqueues the job for it). */
  static wants(attachments: readonly { ref?: string | undefined }[] | undefined): boolean {
    return (attachments ?? []).some((attachment) => typeof attachment.ref === "string");
  }

  /**
   * Fetches and keeps the message's waiting files. A vendor failure throws while `lastAttempt`
   * is false (the job runs again); on the last attempt the file is recorded `unavailable`.
   */
  async keep(projectId: string, messageId: string, lastAttempt: boolean): Promise<void> {
    const { repos } = this.deps;
    const message = await repos.messages.findById(projectId, messageId);
    if (!message) return;
    const thread = await repos.threads.find(projectId, message.thread_id);
    const chat = thread ? await repos.chats.findById(thread.chat_id) : undefined;
    const integration = chat?.integration_id
      ? await repos.integrations.findById(chat.integration_id)
      : undefined;
    if (!thread || !integration) return;
    const outcomes = new Map<number, Pick<StoredAttachment, "file" | "fileError">>();
    for (const [index, attachment] of parsed(message).entries()) {
      if (!waiting(attachment)) continue;
      const fetched = await this.deps.connectors
        .use(integration, async ({ vendor, context }) => vendor.fetchFile?.(context, attachment.ref))
        .catch((error: unknown) => {
          if (!lastAttempt) throw error;
          return undefined;
        });
      if (!fetched) {
        outcomes.set(index, {
          fileError: { code: "unavailable", message: "The vendor did not serve the file." },
        });
        continue;
      }
      if (fetched.bytes.byteLength > this.deps.maxBytes) {
        outcomes.set(index, {
          fileError: {
            code: "too_large",
            message: `The file is ${fetched.bytes.byteLength} bytes, over the ${this.deps.maxBytes} kept.`,
          },
        });
        continue;
      }
      const mimeType =
        fetched.mimeType === "application/octet-stream" && attachment.mimeType
          ? attachment.mimeType
          : fetched.mimeType;
      outcomes.set(index, { file: await this.store(message, index, fetched.bytes, mimeType) });
    }
    if (outcomes.size > 0) await this.record(projectId, messageId, outcomes);
  }

  /** A kept file of the project's thread, with its bytes; undefined when there is none. */
  async read(
    projectId: string,
    threadId: string,
    fileId: string,
  ): Promise<{ mimeType: string; size: number; content: Readable } | undefined> {
    const row = await this.deps.repos.messageFiles.find(projectId, fileId);
    if (!row || row.thread_id !== threadId) return undefined;
    if (row.expires_at <= this.deps.clock.now().toISOString()) return undefined;
    const content = this.deps.store.read(row.path);
    // A row whose bytes are gone (a restore without the files) is no file: 404, not a broken body.
    const opened = await new Promise<boolean>((resolve) => {
      content.once("open", () => resolve(true));
      content.once("error", () => resolve(false));
    });
    if (!opened) return undefined;
    return { mimeType: row.mime_type, size: row.size, content };
  }

  /** A kept file's bytes (the turn reads them instead of asking the vendor again). */
  async bytes(
    projectId: string,
    fileId: string,
  ): Promise<{ bytes: Uint8Array; mimeType: string } | undefined> {
    const row = await this.deps.repos.messageFiles.find(projectId, fileId);
    if (!row) return undefined;
    const bytes = await this.deps.store.readAll(row.path).catch(() => undefined);
    return bytes ? { bytes: new Uint8Array(bytes), mimeType: row.mime_type } : undefined;
  }

  /**
   * Housekeeping: deletes the files past their retention (the attachment then says `expired`)
   * and those whose thread was deleted, the bytes first so no row is lost before its file.
   */
  async sweep(): Promise<number> {
    const { repos, store, clock } = this.deps;
    const rows = await repos.messageFiles.sweepable(clock.now().toISOString(), SWEEP_BATCH);
    for (const row of rows) {
      await store.remove(row.path);
      await repos.messageFiles.delete(row.id);
      await this.record(
        row.project_id,
        row.message_id,
        new Map([
          [
            row.attachment_index,
            { fileError: { code: "expired", message: "The kept copy was deleted after the retention." } },
          ],
        ]),
      );
    }
    return rows.length;
  }

  private async store(
    message: MessageRow,
    index: number,
    bytes: Uint8Array,
    mimeType: string,
  ): Promise<NonNullable<StoredAttachment["file"]>> {
    const id = this.deps.newId("att");
    const path = `${message.project_id}/attachments/${id}`;
    const size = await this.deps.store.write(path, Readable.from([Buffer.from(bytes)]));
    const now = this.deps.clock.now();
    const inserted = await this.deps.repos.messageFiles.insert({
      id,
      project_id: message.project_id,
      thread_id: message.thread_id,
      message_id: message.id,
      attachment_index: index,
      mime_type: mimeType,
      size,
      path,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + this.deps.retentionDays * DAY_MS).toISOString(),
    });
    if (!inserted) await this.deps.store.remove(path);
    return { id, size, mime_type: mimeType, url: attachmentFileUrl(message.thread_id, id) };
  }

  /** Writes the outcomes onto the message's attachments, read afresh (other writers keep theirs). */
  private async record(
    projectId: string,
    messageId: string,
    outcomes: Map<number, Pick<StoredAttachment, "file" | "fileError">>,
  ): Promise<void> {
    // Atomically: a voice transcript written meanwhile stays (and so does the message's text).
    await this.deps.repos.messages.updateAttachments(projectId, messageId, (current) => {
      const attachments = parsed(current).map((attachment, index) => {
        const outcome = outcomes.get(index);
        if (!outcome) return attachment;
        const { file: _file, fileError: _error, ...rest } = attachment;
        return { ...rest, ...outcome };
      });
      return { attachments: JSON.stringify(attachments) };
    });
  }
}
