import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedFileUrl } from "../../../src/modules/outbound-files/signed-links.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { facebookKit, whatsappKit } from "../../vendors/fakes/meta-fake.js";
import { TelegramFake, type UploadedPart } from "../../vendors/fakes/telegram-fake.js";
import { settledDeliveryOf } from "../integrations/stored-delivery.js";
import { type ConnectedApp, connectedApp, PDF, PNG, upload } from "./connected-app.js";

/**
 * Pictures and files out (docs/channels.md, "Files"): operators upload to a thread and send with
 * the message; Telegram gets multipart uploads, WhatsApp Parley's signed link; every file is a
 * delivery part of its own.
 */

describe.each(DIALECTS)("files out over telegram (%s)", (dialect) => {
  describe.skipIf(shouldSkip(dialect))("telegram", () => {
    let app: ConnectedApp;
    let fake: TelegramFake;

    beforeAll(async () => {
      fake = await new TelegramFake().start();
      app = await connectedApp(fake, "telegram", dialect, { PARLEY_ATTACHMENT_MAX_BYTES: "4096" });
    });

    afterAll(async () => {
      await app?.close();
    });

    it("refuses types off the list (415), images that are not images (415), files over the limit (413)", async () => {
      const threadId = await app.manualThread("8101");
      for (const name of ["page.html", "logo.svg", "run.exe", "noextension"]) {
        const answer = await upload(app.t, threadId, name, Buffer.from("<script>alert(1)</script>"));
        expect(answer.statusCode, name).toBe(415);
        expect(answer.json().code).toBe("unsupported_media_type");
      }
      const fakePng = await upload(app.t, threadId, "photo.png", Buffer.from("<html>not a png</html>"));
      expect(fakePng.statusCode).toBe(415);
      const big = await upload(app.t, threadId, "big.pdf", Buffer.alloc(5000, 0x41));
      expect(big.statusCode).toBe(413);
      expect(big.json().code).toBe("payload_too_large");
      const missing = await app.t.call("POST", "/v1/threads/thr_missing/files", {
        body: {},
      });
      expect(missing.statusCode).toBe(404);
      const notMultipart = await app.t.call("POST", `/v1/threads/${threadId}/files`, { body: {} });
      expect(notMultipart.statusCode).toBe(400);
      const rows = await app.t.storage.db.selectFrom("outbound_files").select("id").execute();
      expect(rows).toEqual([]);
    });

    it("sends the text, then a photo and a document as multipart uploads with their captions", async () => {
      const threadId = await app.manualThread("8102");
      const photo = await upload(app.t, threadId, "shoe.png", PNG);
      expect(photo.statusCode).toBe(200);
      expect(photo.json()).toMatchObject({
        kind: "image",
        name: "shoe.png",
        mime_type: "image/png",
        size: PNG.length,
      });
      const doc = (await upload(app.t, threadId, "invoice.pdf", PDF)).json();
      expect(doc).toMatchObject({ kind: "document", mime_type: "application/pdf" });

      const sent = await app.t.call("POST", `/v1/threads/${threadId}/send`, {
        body: { text: "Here you go", files: [{ id: photo.json().id, caption: "The red one" }, doc.id] },
      });
      expect(sent.statusCode).toBe(200);
      const message = sent.json();
      expect(message.files).toEqual([
        {
          id: photo.json().id,
          kind: "image",
          name: "shoe.png",
          mime_type: "image/png",
          size: PNG.length,
          caption: "The red one",
        },
        { id: doc.id, kind: "document", name: "invoice.pdf", mime_type: "application/pdf", size: PDF.length },
      ]);

      const delivery = await settledDeliveryOf(app.t, message.id);
      expect(delivery).toMatchObject({ status: "sent", parts: 3, parts_sent: 3 });
      expect(delivery.external_ids).toHaveLength(3);
      const calls = fake.calls.filter((call) => String(call.params.chat_id) === "8102").slice(-3);
      expect(calls.map((call) => call.method)).toEqual(["sendMessage", "sendPhoto", "sendDocument"]);
      const [, photoCall, docCall] = calls;
      expect(photoCall?.contentType).toMatch(/^multipart\/form-data; boundary=/);
      expect(photoCall?.params.caption).toBe("The red one");
      const uploadedPhoto = photoCall?.params.photo as UploadedPart;
      expect(uploadedPhoto.filename).toBe("shoe.png");
      expect(Buffer.from(uploadedPhoto.bytes).equals(PNG)).toBe(true);
      const uploadedDoc = docCall?.params.document as UploadedPart;
      expect(uploadedDoc.filename).toBe("invoice.pdf");
      expect(Buffer.from(uploadedDoc.bytes).equals(PDF)).toBe(true);
      expect(docCall?.params.caption).toBeUndefined();

      // The operator's download: the bytes, images inline, never sniffed.
      const download = await app.t.call("GET", `/v1/threads/${threadId}/files/${photo.json().id}`);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(PNG)).toBe(true);
      expect(download.headers["content-type"]).toBe("image/png");
      expect(download.headers["x-content-type-options"]).toBe("nosniff");
      expect(String(download.headers["content-disposition"])).toMatch(/^inline;/);
      const pdfDownload = await app.t.call("GET", `/v1/threads/${threadId}/files/${doc.id}`);
      expect(String(pdfDownload.headers["content-disposition"])).toMatch(/^attachment;/);
    });

    it("files of another thread, unknown ids and more than ten are refused with 422", async () => {
      const threadA = await app.manualThread("8103");
      const threadB = await app.manualThread("8104");
      const ofA = (await upload(app.t, threadA, "a.txt", Buffer.from("a"))).json();
      const wrongThread = await app.t.call("POST", `/v1/threads/${threadB}/send`, {
        body: { files: [ofA.id] },
      });
      expect(wrongThread.statusCode).toBe(422);
      expect(wrongThread.json().code).toBe("validation_failed");
      const twice = await app.t.call("POST", `/v1/threads/${threadA}/send`, {
        body: { files: [ofA.id, ofA.id] },
      });
      expect(twice.statusCode).toBe(422);
      const eleven = await app.t.call("POST", `/v1/threads/${threadA}/send`, {
        body: { files: Array.from({ length: 11 }, () => ofA.id) },
      });
      expect(eleven.statusCode).toBe(422);
      const nothing = await app.t.call("POST", `/v1/threads/${threadA}/send`, { body: {} });
      expect(nothing.statusCode).toBe(422);
      const other = await app.t.otherProject();
      const foreign = await app.t.call("GET", `/v1/threads/${threadA}/files/${ofA.id}`, {
        key: other.key,
      });
      expect(foreign.statusCode).toBe(403);
    });

    it("a retry after a failed part sends nothing twice: it resumes at the part that failed", async () => {
      const threadId = await app.manualThread("8105");
      const photo = (
        await upload(app.t, threadId, "p.jpg", Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), PNG]))
      ).json();
      const doc = (await upload(app.t, threadId, "d.csv", Buffer.from("a,b\n1,2\n"))).json();
      // The photo (the second part) is answered 429 once; the job waits and runs again.
      fake.mediaFailures.push({
        code: 429,
        description: "Too Many Requests: retry after 1",
        parameters: { retry_after: 1 },
      });
      const message = (
        await app.t.call("POST", `/v1/threads/${threadId}/send`, {
          body: { text: "Two files", files: [photo.id, doc.id] },
        })
      ).json();
      const delivery = await settledDeliveryOf(app.t, message.id);
      expect(delivery).toMatchObject({ status: "sent", parts: 3, parts_sent: 3 });
      expect(delivery.external_ids).toHaveLength(3);
      const calls = fake.calls
        .filter((call) => String(call.params.chat_id) === "8105" && call.method !== "sendChatAction")
        .map((call) => call.method);
      // The bot's "ok", the text once, the photo twice (refused, then sent), the document once.
      expect(calls).toEqual(["sendMessage", "sendMessage", "sendPhoto", "sendPhoto", "sendDocument"]);
      expect(fake.sent.filter((sent) => sent.conversationId === "8105").map((sent) => sent.text)).toEqual([
        "ok",
        "Two files",
        "",
        "",
      ]);
    });

    it("signed links: valid ones serve the file, tampered or expired ones are 403", async () => {
      const threadId = await app.manualThread("8106");
      const doc = (await upload(app.t, threadId, "notes.txt", Buffer.from("hello file"))).json();
      const future = new Date(Date.now() + 60_000);
      const valid = signedFileUrl(app.origin, app.secrets, doc.id, future);
      const served = await fetch(valid);
      expect(served.status).toBe(200);
      expect(await served.text()).toBe("hello file");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(served.headers.get("content-disposition")).toMatch(/^attachment;/);
      const tampered = valid.replace(/sig=./, (match) => (match.endsWith("A") ? "sig=B" : "sig=A"));
      expect((await fetch(tampered)).status).toBe(403);
      const extended = valid.replace(/expires=\d+/, `expires=${Math.floor(future.getTime() / 1000) + 3600}`);
      expect((await fetch(extended)).status).toBe(403);
      const expired = signedFileUrl(app.origin, app.secrets, doc.id, new Date(Date.now() - 1000));
      expect((await fetch(expired)).status).toBe(403);
      const unsigned = `${app.origin}/files/out/${doc.id}`;
      expect((await fetch(unsigned)).status).toBe(403);
    });
  });
});

describe.each(DIALECTS)("files out over whatsapp (%s)", (dialect) => {
  describe.skipIf(shouldSkip(dialect))("whatsapp", () => {
    let app: ConnectedApp;

    beforeAll(async () => {
      app = await connectedApp(await whatsappKit.start(), "whatsapp", dialect);
    });

    afterAll(async () => {
      await app?.close();
    });

    it("an image and a document go by Parley's signed link, which Meta can fetch", async () => {
      const threadId = await app.manualThread("15550002222");
      const photo = (await upload(app.t, threadId, "shoe.png", PNG)).json();
      const doc = (await upload(app.t, threadId, "terms.pdf", PDF)).json();
      const message = (
        await app.t.call("POST", `/v1/threads/${threadId}/send`, {
          body: { files: [{ id: photo.id, caption: "New in" }, doc.id] },
        })
      ).json();
      expect(message.content).toBe("");
      const delivery = await settledDeliveryOf(app.t, message.id);
      expect(delivery).toMatchObject({ status: "sent", parts: 2, parts_sent: 2 });
      const sent = app.fake.sent.filter((item) => item.conversationId === "15550002222").slice(-2);
      expect(sent[0]?.body).toMatchObject({ type: "image", image: { caption: "New in" } });
      expect(sent[1]?.body).toMatchObject({ type: "document", document: { filename: "terms.pdf" } });
      const imageLink = (sent[0]?.body as { image: { link: string } } | undefined)?.image.link ?? "";
      expect(imageLink.startsWith(`${app.origin}/files/out/${photo.id}?expires=`)).toBe(true);
      const fetches = await Promise.all(
        (
          app.fake as unknown as {
            mediaFetches: Array<Promise<{ link: string; status: number; bytes: Uint8Array }>>;
          }
        ).mediaFetches,
      );
      const fetchedImage = fetches.find((item) => item.link === imageLink);
      expect(fetchedImage?.status).toBe(200);
      expect(Buffer.from(fetchedImage?.bytes ?? []).equals(PNG)).toBe(true);
    });
  });
});

describe.each(DIALECTS)("files out over messenger (%s)", (dialect) => {
  describe.skipIf(shouldSkip(dialect))("messenger", () => {
    let app: ConnectedApp;

    beforeAll(async () => {
      app = await connectedApp(await facebookKit.start(), "facebook", dialect);
    });

    afterAll(async () => {
      await app?.close();
    });

    it("a caption goes as text, then the file as an attachment with Parley's signed URL", async () => {
      const threadId = await app.manualThread("4100000000000001");
      const doc = (await upload(app.t, threadId, "menu.pdf", PDF)).json();
      const message = (
        await app.t.call("POST", `/v1/threads/${threadId}/send`, {
          body: { files: [{ id: doc.id, caption: "Our menu" }] },
        })
      ).json();
      const delivery = await settledDeliveryOf(app.t, message.id);
      expect(delivery).toMatchObject({ status: "sent", parts: 1, parts_sent: 1 });
      const sent = app.fake.sent.filter((item) => item.conversationId === "4100000000000001").slice(-2);
      expect(sent[0]?.body).toMatchObject({ message: { text: "Our menu" } });
      expect(sent[1]?.body).toMatchObject({
        messaging_type: "RESPONSE",
        message: { attachment: { type: "file", payload: { is_reusable: false } } },
      });
      const url = (sent[1]?.body as { message: { attachment: { payload: { url: string } } } } | undefined)
        ?.message.attachment.payload.url;
      const fetches = await Promise.all(
        (
          app.fake as unknown as {
            mediaFetches: Array<Promise<{ link: string; status: number; bytes: Uint8Array }>>;
          }
        ).mediaFetches,
      );
      const fetched = fetches.find((item) => item.link === url);
      expect(fetched?.status).toBe(200);
      expect(Buffer.from(fetched?.bytes ?? []).equals(PDF)).toBe(true);
    });
  });
});
