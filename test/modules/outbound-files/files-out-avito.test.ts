import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AvitoAuthData } from "../../../src/vendors/avito/auth-data.js";
import { avito } from "../../../src/vendors/avito/index.js";
import type { OutboundFile } from "../../../src/vendors/contract/channel.js";
import type { VendorContext } from "../../../src/vendors/contract/vendor-context.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { AvitoFake } from "../../vendors/fakes/avito-fake.js";
import { settledDeliveryOf } from "../integrations/stored-delivery.js";
import { type ConnectedApp, connectedApp, PDF, PNG, upload } from "./connected-app.js";

/**
 * Pictures and files out over Avito (docs/channels.md, "Files"): a jpeg, png or gif is uploaded
 * (uploadImages, `uploadfile[]`) and sent as an image message, its caption a text message before
 * it; a document goes as a text with Parley's signed link, since Avito's API sends no documents.
 */

const UPLOAD_PATH = "/messenger/v1/accounts/94235311/uploadImages";

describe.each(DIALECTS)("files out over avito (%s)", (dialect) => {
  describe.skipIf(shouldSkip(dialect))("avito", () => {
    let app: ConnectedApp;
    let fake: AvitoFake;

    beforeAll(async () => {
      fake = await AvitoFake.start();
      app = await connectedApp(fake, "avito", dialect);
    });

    afterAll(async () => {
      await app?.close();
    });

    /** What went into one chat: the text of each message (`""` for an image) and Avito's id for it. */
    function sentTo(chatId: string) {
      return fake.sent
        .map((sent, index) => ({ ...sent, id: fake.sentIds[index] }))
        .filter((sent) => sent.conversationId === chatId);
    }

    it("a PNG is uploaded and sent as an image after its caption; a PDF goes as a text with its signed link", async () => {
      const chatId = "7100001";
      const threadId = await app.manualThread(chatId);
      const photo = (await upload(app.t, threadId, "shoe.png", PNG)).json();
      const doc = (await upload(app.t, threadId, "invoice.pdf", PDF)).json();
      const uploadsBefore = fake.uploads.length;

      const sent = await app.t.call("POST", `/v1/threads/${threadId}/send`, {
        body: { text: "Here you go", files: [{ id: photo.id, caption: "The red one" }, doc.id] },
      });
      expect(sent.statusCode).toBe(200);
      const delivery = await settledDeliveryOf(app.t, sent.json().id);
      expect(delivery).toMatchObject({ status: "sent", parts: 3, parts_sent: 3 });

      // The upload: one multipart request, the PNG's very bytes in `uploadfile[]`.
      const uploads = fake.uploads.slice(uploadsBefore);
      expect(uploads).toHaveLength(1);
      const [uploaded] = uploads;
      expect(uploaded?.filename).toBe("shoe.png");
      expect(uploaded?.contentType).toBe("image/png");
      expect(uploaded?.bytes.equals(PNG)).toBe(true);
      expect(fake.requestsTo(UPLOAD_PATH).at(-1)?.contentType).toMatch(/^multipart\/form-data; boundary=/);

      // The bot's "ok", the text, the caption, the image message, the PDF's link line.
      const messages = sentTo(chatId);
      expect(messages.map((message) => message.text).slice(0, 4)).toEqual([
        "ok",
        "Here you go",
        "The red one",
        "",
      ]);
      expect(messages).toHaveLength(5);
      const image = messages[3];
      expect(image?.path).toBe(`/messenger/v1/accounts/94235311/chats/${chatId}/messages/image`);
      expect(image?.body).toEqual({ image_id: uploaded?.imageId });
      const pdfLine = messages[4]?.text ?? "";
      expect(pdfLine.startsWith(`invoice.pdf: ${app.origin}/files/out/${doc.id}?expires=`)).toBe(true);
      // The customer opens it later: the link lasts 30 days from the message, not a day.
      const expires = Number(/expires=(\d+)/.exec(pdfLine)?.[1]) * 1000;
      expect(expires).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
      expect(messages[4]?.body).toMatchObject({ type: "text", message: { text: pdfLine } });

      // One vendor id a part: the text's, the image message's (not the caption's), the PDF line's.
      expect(delivery.external_ids).toEqual([messages[1]?.id, image?.id, messages[4]?.id]);

      // The customer's link serves the PDF.
      const served = await fetch(pdfLine.slice("invoice.pdf: ".length));
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(PDF)).toBe(true);
      expect(served.headers.get("content-type")).toBe("application/pdf");
    });

    it("an upload answered 500 is retried: the caption and the picture go out once", async () => {
      const chatId = "7100002";
      const threadId = await app.manualThread(chatId);
      const photo = (await upload(app.t, threadId, "p.png", PNG)).json();
      const requestsBefore = fake.requestsTo(UPLOAD_PATH).length;
      const uploadsBefore = fake.uploads.length;
      fake.uploadFailures.push({ status: 500, message: "Internal Server Error" });

      const message = (
        await app.t.call("POST", `/v1/threads/${threadId}/send`, {
          body: { files: [{ id: photo.id, caption: "Still available" }] },
        })
      ).json();
      const delivery = await settledDeliveryOf(app.t, message.id);
      expect(delivery).toMatchObject({ status: "sent", parts: 1, parts_sent: 1 });
      // Refused, then uploaded: two requests, one image kept.
      expect(fake.requestsTo(UPLOAD_PATH).length - requestsBefore).toBe(2);
      expect(fake.uploads.length - uploadsBefore).toBe(1);
      const messages = sentTo(chatId);
      expect(messages.map((sent) => sent.text)).toEqual(["ok", "Still available", ""]);
      expect(messages[2]?.body).toEqual({ image_id: fake.uploads.at(-1)?.imageId });
      expect(delivery.external_ids).toEqual([messages[2]?.id]);
    });

    it("a WebP, which uploadImages does not take, goes as a text with its caption and signed link", async () => {
      const chatId = "7100004";
      const threadId = await app.manualThread(chatId);
      const webp = Buffer.concat([Buffer.from("RIFF\x24\x00\x00\x00WEBPVP8 ", "latin1"), PNG]);
      const picture = (await upload(app.t, threadId, "shoe.webp", webp)).json();
      expect(picture.kind).toBe("image");
      const uploadsBefore = fake.requestsTo(UPLOAD_PATH).length;
      const message = (
        await app.t.call("POST", `/v1/threads/${threadId}/send`, {
          body: { files: [{ id: picture.id, caption: "Side view" }] },
        })
      ).json();
      const delivery = await settledDeliveryOf(app.t, message.id);
      expect(delivery).toMatchObject({ status: "sent", parts: 1, parts_sent: 1 });
      expect(fake.requestsTo(UPLOAD_PATH).length).toBe(uploadsBefore);
      const messages = sentTo(chatId);
      expect(messages).toHaveLength(2);
      const line = messages[1]?.text ?? "";
      expect(line.startsWith(`Side view: ${app.origin}/files/out/${picture.id}?expires=`)).toBe(true);
      expect(delivery.external_ids).toEqual([messages[1]?.id]);
      const served = await fetch(line.slice("Side view: ".length));
      expect(Buffer.from(await served.arrayBuffer()).equals(webp)).toBe(true);
    });

    it("an upload Avito refuses (400) fails the delivery and shows the customer nothing", async () => {
      const chatId = "7100003";
      const threadId = await app.manualThread(chatId);
      const photo = (await upload(app.t, threadId, "p.png", PNG)).json();
      fake.uploadFailures.push({ status: 400, message: "Bad Request" });

      const message = (
        await app.t.call("POST", `/v1/threads/${threadId}/send`, {
          body: { files: [{ id: photo.id, caption: "Never shown" }] },
        })
      ).json();
      const delivery = await settledDeliveryOf(app.t, message.id);
      expect(delivery).toMatchObject({ status: "failed", parts: 1, parts_sent: 0, external_ids: [] });
      expect(delivery.error?.code).toBe("vendor_rejected");
      expect(delivery.error?.message).toContain("Bad Request");
      expect(sentTo(chatId).map((sent) => sent.text)).toEqual(["ok"]);
    });
  });
});

describe("the avito fake's uploadImages", () => {
  let fake: AvitoFake;
  let token = "";

  beforeAll(async () => {
    fake = await AvitoFake.start();
    const answer = await fetch(`${fake.baseUrl}/token`, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: fake.clientId,
        client_secret: fake.clientSecret,
      }),
    });
    token = ((await answer.json()) as { access_token: string }).access_token;
  });

  afterAll(async () => {
    await fake?.close();
  });

  async function post(path: string, body: FormData | string) {
    const response = await fetch(`${fake.baseUrl}${path}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        ...(typeof body === "string" ? { "content-type": "application/json" } : {}),
      },
      body,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  function form(parts: Record<string, Blob | string>): FormData {
    const data = new FormData();
    for (const [name, value] of Object.entries(parts)) {
      if (typeof value === "string") data.append(name, value);
      else data.append(name, value, "file.bin");
    }
    return data;
  }

  it("refuses a missing part, a non-image and a wrong field name as Avito does; takes a PNG", async () => {
    const png = new Blob([PNG], { type: "image/png" });
    for (const body of [
      form({}),
      form({ "uploadfile[]": new Blob([PDF], { type: "image/png" }) }),
      form({ image: png }),
      form({ "uploadfile[]": "not a file" }),
    ]) {
      const refused = await post(UPLOAD_PATH, body);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 400, message: expect.any(String) });
    }
    expect(fake.uploads).toEqual([]);
    const taken = await post(UPLOAD_PATH, form({ "uploadfile[]": png }));
    expect(taken.status).toBe(200);
    const [imageId] = Object.keys(taken.body);
    expect(imageId).toBe(fake.uploads[0]?.imageId);
    expect(Object.keys(taken.body[imageId ?? ""] as object)).toContain("1280x960");
  });

  it("messages/image refuses an image id it never gave out", async () => {
    const path = "/messenger/v1/accounts/94235311/chats/u2i-x/messages/image";
    const unknown = await post(path, JSON.stringify({ image_id: "12345.nope" }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: 400 });
    const known = await post(path, JSON.stringify({ image_id: fake.uploads[0]?.imageId }));
    expect(known.status).toBe(200);
    expect(known.body).toMatchObject({ type: "image", direction: "out", id: expect.any(String) });
  });
});

describe("avito sendFile", () => {
  let fake: AvitoFake;

  beforeAll(async () => {
    fake = await AvitoFake.start();
  });

  afterAll(async () => {
    await fake?.close();
  });

  function context(state: Record<string, unknown>): VendorContext<AvitoAuthData> {
    return {
      integration: { id: "int_files", name: "Avito files" },
      authData: { client_id: fake.clientId, client_secret: fake.clientSecret },
      state,
      saveState: (patch) => void Object.assign(state, patch),
      settings: {},
      apiBaseUrl: fake.baseUrl,
      hookUrl: "http://127.0.0.1:9/hooks/avito/int_files",
      fetch: globalThis.fetch,
    };
  }

  function file(kind: OutboundFile["kind"], name: string, mimeType: string, bytes: Buffer): OutboundFile {
    return {
      kind,
      name,
      mimeType,
      size: bytes.length,
      url: `https://parley.example/files/out/fil_1?expires=1&sig=${"s".repeat(43)}`,
      shownUrl: `https://parley.example/files/out/fil_1?expires=2&sig=${"t".repeat(43)}`,
      read: async () => new Uint8Array(bytes),
    };
  }

  const sendFile = avito.channel.sendFile;

  it("a document's line stays within Avito's 1000 characters: the caption is cut, the link kept whole", async () => {
    const out = file("document", "report.csv", "text/csv", Buffer.from("a,b\n"));
    const sent = await sendFile(context({}), {
      conversationId: "u2i-long",
      file: out,
      caption: "x".repeat(1000),
      idempotencyKey: "msg_1:0",
    });
    const line = fake.sent.at(-1)?.text ?? "";
    expect([...line].length).toBe(1000);
    expect(line.endsWith(`…: ${out.shownUrl}`)).toBe(true);
    expect(sent.externalMessageId).toBe(fake.sentIds.at(-1));
  });

  it("a GIF is uploaded; an expired token is renewed and the multipart body posted again", async () => {
    const gif = Buffer.concat([Buffer.from("GIF89a", "latin1"), PNG]);
    const state: Record<string, unknown> = {};
    await sendFile(context(state), {
      conversationId: "u2i-gif",
      file: file("image", "a.gif", "image/gif", gif),
      idempotencyKey: "msg_2:0",
    });
    fake.expireTokens();
    const uploadsBefore = fake.uploads.length;
    const postsBefore = fake.requestsTo(UPLOAD_PATH).length;
    const tokensBefore = fake.tokenRequests.length;
    const sent = await sendFile(context(state), {
      conversationId: "u2i-gif",
      file: file("image", "b.gif", "image/gif", gif),
      idempotencyKey: "msg_3:0",
    });
    const uploaded = fake.uploads.slice(uploadsBefore);
    expect(uploaded.map((image) => [image.filename, image.contentType])).toEqual([["b.gif", "image/gif"]]);
    expect(uploaded[0]?.bytes.equals(gif)).toBe(true);
    // Refused with the old token (401), then posted again, whole, with a new one.
    expect(fake.requestsTo(UPLOAD_PATH).length - postsBefore).toBe(2);
    expect(fake.tokenRequests.length - tokensBefore).toBe(1);
    expect(fake.sent.at(-1)?.body).toEqual({ image_id: uploaded[0]?.imageId });
    expect(sent.externalMessageId).toBe(fake.sentIds.at(-1));
  });
});
