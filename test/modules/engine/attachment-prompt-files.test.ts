import type { ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import {
  type AttachmentLoader,
  attachImages,
  MAX_PDF_BYTES,
  readsPdfs,
} from "../../../src/modules/engine/attachment-images.js";
import type { MessageRow } from "../../../src/storage/repos/messages.repo.js";

const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]);
const PDF = new TextEncoder().encode("%PDF-1.4 %%EOF");

function userRow(content: string, attachments: unknown[]): MessageRow {
  return { role: "user", content, attachments: JSON.stringify(attachments) } as unknown as MessageRow;
}

/** Serves kept files by id and vendor files by ref; records which it was asked for. */
function loader(files: Record<string, { bytes: Uint8Array; mimeType: string }>) {
  const asked: string[] = [];
  const load: AttachmentLoader = async (_chatId, attachment) => {
    const key = attachment.file?.id ?? attachment.ref ?? "";
    asked.push(key);
    return files[key];
  };
  return { load, asked };
}

/**
 * Which customers' files a model is given (docs/channels.md, "Non-text messages"): images to
 * models that read them, PDFs only where the provider reads PDFs and within the cap; the kept
 * copy is asked for by its id.
 */
describe("files in the prompt", () => {
  const rows = [
    userRow("[photo]", [{ kind: "photo", ref: "vendor-photo", file: { id: "att_photo" } }]),
    userRow("[document: a.pdf]", [
      {
        kind: "document",
        ref: "vendor-pdf",
        mimeType: "application/pdf",
        fileName: "a.pdf",
        file: { id: "att_pdf" },
      },
    ]),
  ];
  const history: ModelMessage[] = rows.map((row) => ({ role: "user", content: row.content }));

  it("gives the PDF as a file part only to a model whose provider reads PDFs", async () => {
    const { load, asked } = loader({
      att_photo: { bytes: JPEG, mimeType: "image/jpeg" },
      att_pdf: { bytes: PDF, mimeType: "application/pdf" },
    });
    const withPdfs = await attachImages(rows, history, "chat", load, { pdfs: true });
    expect(withPdfs[1]).toEqual({
      role: "user",
      content: [
        { type: "text", text: "[document: a.pdf]" },
        { type: "file", data: PDF, mediaType: "application/pdf", filename: "a.pdf" },
      ],
    });
    expect(asked.sort()).toEqual(["att_pdf", "att_photo"]);

    const imagesOnly = await attachImages(rows, history, "chat", load, { pdfs: false });
    expect(imagesOnly[1]).toEqual({ role: "user", content: "[document: a.pdf]" });
    expect(imagesOnly[0]).toMatchObject({
      content: [{ type: "text" }, { type: "image", mediaType: "image/jpeg" }],
    });
    expect([readsPdfs("openai"), readsPdfs("anthropic"), readsPdfs("google")]).toEqual([true, true, true]);
    expect([readsPdfs("mistral"), readsPdfs("yandex"), readsPdfs("local")]).toEqual([false, false, false]);
  });

  it("leaves a PDF over the cap as its placeholder", async () => {
    const { load } = loader({
      att_pdf: { bytes: new Uint8Array(MAX_PDF_BYTES + 1), mimeType: "application/pdf" },
    });
    const result = await attachImages(rows, history, "chat", load, { pdfs: true });
    expect(result[1]).toEqual({ role: "user", content: "[document: a.pdf]" });
  });
});
