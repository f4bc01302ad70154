import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { type VkApiCall, VkFake } from "../../vendors/fakes/vk-fake.js";
import { settledDeliveryOf } from "../integrations/stored-delivery.js";
import { type ConnectedApp, connectedApp, PDF, PNG, upload } from "./connected-app.js";

/**
 * Pictures and files out over VK (docs/channels.md, "Files"): each file is uploaded to the
 * address VK hands out (`photos.getMessagesUploadServer` / `docs.getMessagesUploadServer`),
 * saved (`photos.saveMessagesPhoto` / `docs.save`) and sent with `messages.send` as an
 * `attachment`, its caption as the message; every file is a delivery part of its own.
 */

/** `messages.send` calls to one peer, in order. */
function sendsTo(fake: VkFake, peerId: string): VkApiCall[] {
  return fake.callsOf("messages.send").filter((call) => call.params.peer_id === peerId);
}

const GIF = Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(32, 0x01)]);

describe.each(DIALECTS)("files out over vk (%s)", (dialect) => {
  describe.skipIf(shouldSkip(dialect))("vk", () => {
    let app: ConnectedApp;
    let fake: VkFake;

    beforeAll(async () => {
      fake = await VkFake.start();
      app = await connectedApp(fake, "vk", dialect);
    });

    afterAll(async () => {
      await app?.close();
    });

    it("sends the text, then a PNG as a photo and a PDF as a document, uploaded with their captions", async () => {
      const peer = "1000101";
      const threadId = await app.manualThread(peer);
      const photo = (await upload(app.t, threadId, "shoe.png", PNG)).json();
      const doc = (await upload(app.t, threadId, "invoice.pdf", PDF)).json();
      const uploadsBefore = fake.uploads.length;

      const message = (
        await app.t.call("POST", `/v1/threads/${threadId}/send`, {
          body: {
            text: "Here you go",
            files: [
              { id: photo.id, caption: "The red one" },
              { id: doc.id, caption: "Your invoice" },
            ],
          },
        })
      ).json();
      const delivery = await settledDeliveryOf(app.t, message.id);
      expect(delivery).toMatchObject({ status: "sent", parts: 3, parts_sent: 3 });
      expect(delivery.external_ids).toHaveLength(3);
      expect(new Set(delivery.external_ids).size).toBe(3);
      for (const id of delivery.external_ids) expect(id).toMatch(/^\d+$/);

      // The bytes reached VK's upload host exactly, in the right fields, without the token.
      const [photoUpload, docUpload] = fake.uploads.slice(uploadsBefore);
      expect(fake.uploads.length - uploadsBefore).toBe(2);
      expect(photoUpload).toMatchObject({
        kind: "photo",
        field: "photo",
        filename: "shoe.png",
        sawToken: false,
      });
      expect(Buffer.from(photoUpload?.bytes ?? []).equals(PNG)).toBe(true);
      expect(docUpload).toMatchObject({
        kind: "doc",
        field: "file",
        filename: "invoice.pdf",
        sawToken: false,
      });
      expect(Buffer.from(docUpload?.bytes ?? []).equals(PDF)).toBe(true);

      // The upload addresses were asked for this peer; the document is saved under its name.
      expect(fake.callsOf("photos.getMessagesUploadServer").at(-1)?.params.peer_id).toBe(peer);
      expect(fake.callsOf("docs.getMessagesUploadServer").at(-1)?.params).toMatchObject({
        peer_id: peer,
        type: "doc",
      });
      expect(fake.callsOf("docs.save").at(-1)?.params.title).toBe("invoice.pdf");
      expect(fake.callsOf("photos.saveMessagesPhoto").at(-1)?.params).toMatchObject({
        photo: photoUpload?.answer.photo,
        server: String(photoUpload?.answer.server),
        hash: photoUpload?.answer.hash,
      });

      // The text, then one message per file: the attachment saved, the caption as its text.
      const sends = sendsTo(fake, peer).slice(-3);
      expect(sends[0]?.params.message).toBe("Here you go");
      expect(sends[0]?.params.attachment).toBeUndefined();
      expect(sends[1]?.params.attachment).toMatch(new RegExp(`^photo-${fake.groupId}_\\d+_[a-f0-9]+$`));
      expect(sends[1]?.params.message).toBe("The red one");
      expect(sends[2]?.params.attachment).toMatch(new RegExp(`^doc-${fake.groupId}_\\d+_[a-f0-9]+$`));
      expect(sends[2]?.params.message).toBe("Your invoice");
      const randomIds = sends.map((call) => call.params.random_id);
      expect(new Set(randomIds).size).toBe(3);
      // The files went natively: no message carries Parley's signed link.
      expect(JSON.stringify(sends.map((call) => call.params))).not.toContain("/files/out/");
    });

    it("files alone: a GIF goes as a document (a GIF photo would not play), with no message text", async () => {
      const peer = "1000102";
      const threadId = await app.manualThread(peer);
      const gif = (await upload(app.t, threadId, "dance.gif", GIF)).json();
      expect(gif.kind).toBe("image");
      const message = (
        await app.t.call("POST", `/v1/threads/${threadId}/send`, { body: { files: [gif.id] } })
      ).json();
      const delivery = await settledDeliveryOf(app.t, message.id);
      expect(delivery).toMatchObject({ status: "sent", parts: 1, parts_sent: 1 });
      expect(delivery.external_ids).toHaveLength(1);
      const last = fake.uploads.at(-1);
      expect(last).toMatchObject({ kind: "doc", field: "file", filename: "dance.gif" });
      expect(Buffer.from(last?.bytes ?? []).equals(GIF)).toBe(true);
      const sends = sendsTo(fake, peer);
      // The bot's "ok", then the file alone.
      expect(sends).toHaveLength(2);
      expect(sends[1]?.params.attachment).toMatch(/^doc-\d+_\d+/);
      expect(sends[1]?.params.message).toBeUndefined();
    });

    it("a VK error saving the photo is retried: it resumes at that file and sends nothing twice", async () => {
      const peer = "1000103";
      const threadId = await app.manualThread(peer);
      const photo = (await upload(app.t, threadId, "p.png", PNG)).json();
      const doc = (await upload(app.t, threadId, "d.csv", Buffer.from("a,b\n1,2\n"))).json();
      const savesBefore = fake.callsOf("photos.saveMessagesPhoto").length;
      const uploadsBefore = fake.uploads.length;
      // Error 10 "internal server error": a transient failure, retried by the delivery job.
      fake.failNext("photos.saveMessagesPhoto", 10, "Internal server error");
      const message = (
        await app.t.call("POST", `/v1/threads/${threadId}/send`, {
          body: { text: "Two files", files: [{ id: photo.id, caption: "Photo" }, doc.id] },
        })
      ).json();
      const delivery = await settledDeliveryOf(app.t, message.id);
      expect(delivery).toMatchObject({ status: "sent", parts: 3, parts_sent: 3 });
      expect(delivery.external_ids).toHaveLength(3);
      // The photo was uploaded twice (the first was never saved), the document once.
      expect(fake.uploads.slice(uploadsBefore).map((item) => item.kind)).toEqual(["photo", "photo", "doc"]);
      expect(fake.callsOf("photos.saveMessagesPhoto").length - savesBefore).toBe(2);
      // The customer got the bot's "ok", the text, the photo and the document: each once.
      const sends = sendsTo(fake, peer);
      expect(
        sends.map((call) => call.params.attachment?.replace(/\d.*$/, "") ?? call.params.message),
      ).toEqual(["ok", "Two files", "photo-", "doc-"]);
      expect(fake.sent.filter((sent) => sent.conversationId === peer)).toHaveLength(4);
    });

    it("a rate limit on an upload address waits and goes on; the text is not sent again", async () => {
      const peer = "1000104";
      const threadId = await app.manualThread(peer);
      const doc = (await upload(app.t, threadId, "terms.pdf", PDF)).json();
      // Error 6 "too many requests per second": retried after VK's second.
      fake.failNext("docs.getMessagesUploadServer", 6, "Too many requests per second");
      const message = (
        await app.t.call("POST", `/v1/threads/${threadId}/send`, {
          body: { text: "Terms attached", files: [doc.id] },
        })
      ).json();
      const delivery = await settledDeliveryOf(app.t, message.id);
      expect(delivery).toMatchObject({ status: "sent", parts: 2, parts_sent: 2 });
      const sends = sendsTo(fake, peer);
      expect(sends.map((call) => call.params.message ?? "")).toEqual(["ok", "Terms attached", ""]);
      expect(sends[2]?.params.attachment).toMatch(/^doc-/);
    });

    it("a file VK's upload host refuses is recorded as failed (file_rejected) after the text went out", async () => {
      const peer = "1000105";
      const threadId = await app.manualThread(peer);
      const doc = (await upload(app.t, threadId, "report.pdf", PDF)).json();
      fake.refuseUploads = 1;
      const message = (
        await app.t.call("POST", `/v1/threads/${threadId}/send`, {
          body: { text: "The report", files: [doc.id] },
        })
      ).json();
      const delivery = await settledDeliveryOf(app.t, message.id);
      expect(delivery).toMatchObject({ status: "failed", parts: 2, parts_sent: 1 });
      expect(delivery.external_ids).toHaveLength(1);
      expect(delivery.error?.code).toBe("file_rejected");
      const sends = sendsTo(fake, peer);
      expect(sends.map((call) => call.params.message)).toEqual(["ok", "The report"]);
      expect(sends.some((call) => call.params.attachment !== undefined)).toBe(false);
      expect(fake.callsOf("docs.save").some((call) => call.params.title === "report.pdf")).toBe(false);
    });
  });
});

describe("the VK fake's file upload", () => {
  let fake: VkFake;

  beforeAll(async () => {
    fake = await VkFake.start();
  });

  afterAll(async () => {
    await fake?.close();
  });

  async function api(method: string, params: Record<string, string>): Promise<Record<string, unknown>> {
    const response = await fetch(`${fake.baseUrl}/method/${method}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...params, access_token: fake.token, v: "5.199" }).toString(),
    });
    return (await response.json()) as Record<string, unknown>;
  }

  async function uploadTo(url: string, field: string, name: string, bytes: Buffer) {
    const form = new FormData();
    form.set(field, new Blob([bytes]), name);
    return (await (await fetch(url, { method: "POST", body: form })).json()) as Record<string, unknown>;
  }

  const errorCode = (answer: Record<string, unknown>) =>
    (answer.error as { error_code?: number })?.error_code;

  it("refuses forged hashes and files, unsaved or malformed attachments, and files in the wrong field", async () => {
    expect(
      errorCode(await api("photos.saveMessagesPhoto", { photo: "[{}]", server: "1", hash: "forged" })),
    ).toBe(121);
    expect(errorCode(await api("docs.save", { file: "1|0|0|forged", title: "x.pdf" }))).toBe(105);
    expect(errorCode(await api("photos.getMessagesUploadServer", {}))).toBe(100);
    for (const attachment of ["photo1_2", "photo-1_x", "video1_2", `doc-${fake.groupId}_1`]) {
      const answer = await api("messages.send", { peer_id: "1", random_id: "7", attachment });
      expect(errorCode(answer), attachment).toBe(100);
    }

    const photoServer = (await api("photos.getMessagesUploadServer", { peer_id: "1" })).response as {
      upload_url: string;
    };
    expect(photoServer.upload_url.startsWith(`${fake.baseUrl}/upload/photo/`)).toBe(true);
    // The photo under `file` (the documents' field) is not taken.
    expect((await uploadTo(photoServer.upload_url, "file", "a.png", PNG)).photo).toBe("[]");
    const docServer = (await api("docs.getMessagesUploadServer", { peer_id: "1", type: "doc" })).response as {
      upload_url: string;
    };
    expect(await uploadTo(docServer.upload_url, "photo", "a.pdf", PDF)).toMatchObject({
      error: expect.any(String),
    });
    // A PDF is not a photo.
    const again = (await api("photos.getMessagesUploadServer", { peer_id: "1" })).response as {
      upload_url: string;
    };
    expect((await uploadTo(again.upload_url, "photo", "a.pdf", PDF)).photo).toBe("[]");

    // The real flow: upload, save once (a second save of the same hash is refused), send.
    const good = (await api("photos.getMessagesUploadServer", { peer_id: "1" })).response as {
      upload_url: string;
    };
    const uploaded = await uploadTo(good.upload_url, "photo", "a.png", PNG);
    const save = {
      photo: String(uploaded.photo),
      server: String(uploaded.server),
      hash: String(uploaded.hash),
    };
    expect(errorCode(await api("photos.saveMessagesPhoto", { ...save, server: "1" }))).toBe(118);
    const saved = (
      (await api("photos.saveMessagesPhoto", save)).response as Array<Record<string, unknown>>
    )[0];
    expect(errorCode(await api("photos.saveMessagesPhoto", save))).toBe(121);
    const attachment = `photo${saved?.owner_id}_${saved?.id}_${saved?.access_key}`;
    const sent = await api("messages.send", { peer_id: "1", random_id: "8", attachment });
    expect(typeof sent.response).toBe("number");
    const wrongKey = `photo${saved?.owner_id}_${saved?.id}_deadbeef`;
    expect(
      errorCode(await api("messages.send", { peer_id: "1", random_id: "9", attachment: wrongKey })),
    ).toBe(100);
  });
});
