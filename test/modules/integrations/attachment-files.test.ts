import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { ManualClock } from "../../helpers/manual-clock.js";
import { lastUserText, scriptedModel } from "../../helpers/mock-model.js";
import type { TelegramFake } from "../../vendors/fakes/telegram-fake.js";
import { startTelegramBot, type TelegramBot } from "../../vendors/telegram-bot.js";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Bytes that stand for a JPEG and a PDF (the fake serves them; Parley keeps them). */
const PHOTO = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, ...Array.from({ length: 64 }, (_, i) => i)]);
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
/** The largest file kept in this suite (PARLEY_ATTACHMENT_MAX_BYTES). */
const MAX_BYTES = 1000;

interface Attachment {
  kind: string;
  file?: { id: string; size: number; mime_type: string; url: string };
  fileError?: { code: string; message: string };
}

/** A file part of the prompt the model was given. */
interface GivenFile {
  type: string;
  mediaType?: string;
  filename?: string;
  data?: Uint8Array;
}

/** The file parts (images and PDFs alike) of the user messages the model was given. */
function givenFiles(options: LanguageModelV3CallOptions | undefined): GivenFile[] {
  return (options?.prompt ?? []).flatMap((message) =>
    message.role === "user" && typeof message.content !== "string"
      ? (message.content as GivenFile[]).filter((part) => part.type === "file")
      : [],
  );
}

/**
 * Files in (docs/channels.md, "Non-text messages"): photos and documents customers send on
 * Telegram are fetched in a job, kept in the file store, served on the thread's attachment
 * route to the project only, read by the turn from the store, and deleted after the retention.
 */
describe.each(DIALECTS)("files customers send, kept by Parley, on %s", (dialect) => {
  let bot: TelegramBot;
  let fake: TelegramFake;
  let filesDir: string;
  const clock = new ManualClock(new Date().toISOString());
  const model = scriptedModel((options) => ({ text: `Seen: ${lastUserText(options)}` }));

  beforeAll(async () => {
    if (shouldSkip(dialect)) return;
    filesDir = await mkdtemp(join(tmpdir(), "parley-attachments-"));
    bot = await startTelegramBot({
      model: model.model,
      dialect,
      clock,
      housekeepingIntervalMs: 50,
      env: {
        PARLEY_FILES_DIR: filesDir,
        PARLEY_ATTACHMENT_MAX_BYTES: String(MAX_BYTES),
        PARLEY_ATTACHMENT_RETENTION_DAYS: "2",
      },
    });
    fake = bot.fake;
  });

  afterAll(async () => {
    await bot?.close();
    if (filesDir) await rm(filesDir, { recursive: true, force: true });
  });

  /** A message from customer `chatId` (named `C<chatId>`) carrying `content` (photo, document, text). */
  async function send(chatId: number, content: Record<string, unknown>): Promise<void> {
    const answer = await fake.deliverMessage({
      conversationId: String(chatId),
      userId: String(chatId),
      userName: `C${chatId}`,
      content,
    });
    expect(answer.status).toBe(200);
  }

  async function threadOf(chatId: number): Promise<string> {
    type Listed = { id: string; person: { name: string | null } | null };
    const withCustomer = (thread: Listed) => thread.person?.name === `C${chatId}`;
    const threads = await eventually(
      async () => (await bot.t.call("GET", "/v1/threads")).json().data as Listed[],
      (list) => list.some(withCustomer),
    );
    return threads.find(withCustomer)?.id ?? "";
  }

  /** The attachments of the thread's messages, once `settled` says they are done. */
  function attachmentsOf(threadId: string, settled: (attachments: Attachment[]) => boolean) {
    return eventually(async () => {
      const messages = (await bot.t.call("GET", `/v1/threads/${threadId}/messages`)).json() as Array<{
        attachments?: Attachment[];
      }>;
      if (!Array.isArray(messages)) throw new Error(JSON.stringify(messages));
      return messages.flatMap((message) => message.attachments ?? []);
    }, settled);
  }

  it.skipIf(shouldSkip(dialect))(
    "a photo and a PDF are kept and served to the project with safe headers; another project gets 404",
    async () => {
      const photo = fake.addFile("photos/file_7.jpg", PHOTO, "image/jpeg");
      const pdf = fake.addFile("documents/file_8.pdf", PDF, "application/pdf");
      await send(5001, { photo: [{ file_id: photo, file_unique_id: "p7", width: 800, height: 600 }] });
      await send(5001, {
        document: {
          file_id: pdf,
          file_unique_id: "d8",
          file_name: "invoice.pdf",
          mime_type: "application/pdf",
        },
      });
      const threadId = await threadOf(5001);
      const kept = await attachmentsOf(threadId, (list) => list.length === 2 && list.every((a) => a.file));
      const [image, document] = kept;
      expect(image?.file).toMatchObject({ size: PHOTO.byteLength, mime_type: "image/jpeg" });
      expect(image?.file?.url).toBe(`/v1/threads/${threadId}/attachments/${image?.file?.id}`);
      expect(document?.file).toMatchObject({ size: PDF.byteLength, mime_type: "application/pdf" });
      const stored = await readdir(join(filesDir, bot.t.projectId, "attachments"));
      expect(stored).toEqual(expect.arrayContaining([image?.file?.id, document?.file?.id]));

      const served = await bot.t.call("GET", image?.file?.url ?? "");
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/jpeg");
      expect(served.headers["content-disposition"]).toBe("inline");
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
      expect(Buffer.from(served.rawPayload)).toEqual(Buffer.from(PHOTO));

      const download = await bot.t.call("GET", document?.file?.url ?? "");
      expect(download.statusCode).toBe(200);
      expect(download.headers["content-type"]).toBe("application/pdf");
      expect(download.headers["content-disposition"]).toBe("attachment");
      expect(Buffer.from(download.rawPayload)).toEqual(Buffer.from(PDF));

      const other = await bot.t.otherProject();
      const foreign = await bot.t.call("GET", image?.file?.url ?? "", { key: other.key });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().code).toBe("attachment_not_found");
      const wrongThread = await bot.t.call("GET", `/v1/threads/thr_other/attachments/${image?.file?.id}`);
      expect(wrongThread.statusCode).toBe(404);
      // Bytes lost from the disk (a restore without the files): 404, never a broken answer.
      await rm(join(filesDir, bot.t.projectId, "attachments", document?.file?.id ?? ""));
      const lost = await bot.t.call("GET", document?.file?.url ?? "");
      expect(lost.statusCode).toBe(404);
      expect(lost.json().code).toBe("attachment_not_found");
    },
  );

  it.skipIf(shouldSkip(dialect))(
    "the turn reads kept files from the store: the image and the PDF as file parts, with the vendor's copy gone",
    async () => {
      const photo = fake.addFile("photos/file_9.jpg", PHOTO, "image/jpeg");
      const pdf = fake.addFile("documents/file_10.pdf", PDF, "application/pdf");
      await send(5002, { photo: [{ file_id: photo, file_unique_id: "p9", width: 800, height: 600 }] });
      await send(5002, {
        document: {
          file_id: pdf,
          file_unique_id: "d10",
          file_name: "terms.pdf",
          mime_type: "application/pdf",
        },
      });
      const threadId = await threadOf(5002);
      await attachmentsOf(threadId, (list) => list.length === 2 && list.every((a) => a.file));
      // Telegram no longer serves them: whatever the model gets now came from Parley's store.
      fake.files.delete(photo);
      fake.files.delete(pdf);
      const before = model.calls.length;
      await send(5002, { text: "what do you see?" });
      const call = await eventually(
        async () => model.calls.slice(before).find((c) => lastUserText(c).includes("what do you see?")),
        (found) => found !== undefined,
      );
      const given = givenFiles(call);
      const image = given.find((part) => part.mediaType === "image/jpeg");
      const document = given.find((part) => part.mediaType === "application/pdf");
      expect(Buffer.from(image?.data ?? [])).toEqual(Buffer.from(PHOTO));
      expect(document).toMatchObject({ type: "file", filename: "terms.pdf" });
      expect(Buffer.from(document?.data ?? [])).toEqual(Buffer.from(PDF));
    },
  );

  it.skipIf(shouldSkip(dialect))("a file over PARLEY_ATTACHMENT_MAX_BYTES is not kept", async () => {
    const big = fake.addFile("documents/file_11.zip", new Uint8Array(MAX_BYTES + 1), "application/zip");
    await send(5003, {
      document: { file_id: big, file_unique_id: "d11", file_name: "logs.zip", mime_type: "application/zip" },
    });
    const threadId = await threadOf(5003);
    const [attachment] = await attachmentsOf(threadId, (list) => list.some((a) => a.fileError));
    expect(attachment?.file).toBeUndefined();
    expect(attachment?.fileError?.code).toBe("too_large");
  });

  it.skipIf(shouldSkip(dialect))("housekeeping deletes kept files after the retention", async () => {
    const photo = fake.addFile("photos/file_12.jpg", PHOTO, "image/jpeg");
    await send(5004, { photo: [{ file_id: photo, file_unique_id: "p12", width: 80, height: 60 }] });
    const threadId = await threadOf(5004);
    const [kept] = await attachmentsOf(threadId, (list) => list.some((a) => a.file));
    const id = kept?.file?.id ?? "";
    clock.advance(3 * DAY_MS);
    const [expired] = await attachmentsOf(threadId, (list) =>
      list.some((a) => a.fileError?.code === "expired"),
    );
    expect(expired?.file).toBeUndefined();
    expect(await readdir(join(filesDir, bot.t.projectId, "attachments"))).not.toContain(id);
    expect((await bot.t.call("GET", `/v1/threads/${threadId}/attachments/${id}`)).statusCode).toBe(404);
  });
});
