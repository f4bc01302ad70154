import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip, type TestDialect } from "../../helpers/dialects.js";
import { scriptedModel } from "../../helpers/mock-model.js";
import { freePort } from "../../helpers/server-process.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { consentOnBitrix24 } from "../../vendors/crm-consent.js";
import { type Bitrix24AttachBlock, Bitrix24Fake } from "../../vendors/fakes/bitrix24-fake.js";
import { settledDeliveryOf } from "../integrations/stored-delivery.js";
import { PDF, PNG, upload } from "./connected-app.js";

/**
 * Pictures and files out over Bitrix24 (docs/channels.md, "Files"): each file is an
 * `imbot.message.add` of its own with a rich attachment (`ATTACH`): a picture as an `IMAGE`
 * block, anything else as a `FILE` block with its size, both with Parley's signed link, which
 * the chat's readers open (the portal keeps only the link). The integration is connected the way
 * an administrator does it (install event, OAuth consent), as in the Bitrix24 end-to-end suite:
 * `connectedApp` cannot, as the bot is registered only once OAuth is connected.
 */

interface Bitrix24App {
  t: TestApp;
  fake: Bitrix24Fake;
  origin: string;
  close(): Promise<void>;
}

async function bitrix24App(dialect: TestDialect): Promise<Bitrix24App> {
  const fake = await Bitrix24Fake.start();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const model = scriptedModel(() => ({ text: "ok" })).model;
  const t = await createTestApp({
    dialect,
    env: {
      PARLEY_PUBLIC_URL: origin,
      PARLEY_BITRIX24_TOKEN_URL: fake.tokenUrl,
      PARLEY_BITRIX24_API_URL: fake.restBase,
    },
    modelOverride: () => model,
  });
  await t.app.listen({ port, host: "127.0.0.1" });
  const bot = (await t.call("POST", "/v1/bots", { body: { name: "files" } })).json();
  const integration = (
    await t.call("POST", "/v1/integrations", {
      body: { name: "Shop on Bitrix24", vendor: "bitrix24", auth_data: fake.authData() },
    })
  ).json();
  expect((await fake.install(integration.connection.webhook_url)).status).toBe(200);
  const { callback } = await consentOnBitrix24(t, fake, integration.id);
  expect(callback.statusCode).toBe(200);
  await eventually(
    async () => (await t.call("GET", `/v1/integrations/${integration.id}`)).json(),
    (body) => body.connection.status === "connected" && fake.registeredHookUrl() !== undefined,
  );
  const chat = (
    await t.call("POST", `/v1/integrations/${integration.id}/chats`, { body: { bot_id: bot.id, name: "c" } })
  ).json();
  await t.call("POST", `/v1/integrations/${integration.id}/chats/${chat.id}/status`, {
    body: { status: "active" },
  });
  return {
    t,
    fake,
    origin,
    async close() {
      await t.close();
      await fake.close();
    },
  };
}

/** A thread of a customer who wrote once (the bot answered "ok"), switched to `manual`. */
async function manualThread(app: Bitrix24App, userId: string): Promise<string> {
  const { conversationId } = await app.fake.deliverText({ userId, text: "hello" });
  const row = await eventually(
    async () =>
      app.t.storage.db
        .selectFrom("threads")
        .select("id")
        .where("external_conversation_id", "=", conversationId)
        .executeTakeFirst(),
    (found) => found !== undefined,
  );
  await eventually(
    async () => app.fake.sent.filter((sent) => sent.conversationId === conversationId),
    (list) => list.length > 0,
  );
  const threadId = row?.id ?? "";
  await app.t.call("POST", `/v1/threads/${threadId}/mode`, { body: { mode: "manual" } });
  return threadId;
}

/** The `LINK` of a stored `IMAGE` or `FILE` block's first item. */
function linkOf(block: Bitrix24AttachBlock | undefined): string {
  if (block && "IMAGE" in block) return block.IMAGE[0]?.LINK ?? "";
  if (block && "FILE" in block) return block.FILE[0]?.LINK ?? "";
  return "";
}

/** `imbot.message.add` calls into one dialog, in order. */
const messageCalls = (fake: Bitrix24Fake, dialogId: string) =>
  fake.callsOf("imbot.message.add").filter((call) => call.params.DIALOG_ID === dialogId);

describe.each(DIALECTS)("files out over bitrix24 (%s)", (dialect) => {
  describe.skipIf(shouldSkip(dialect))("bitrix24", () => {
    let app: Bitrix24App;

    beforeAll(async () => {
      app = await bitrix24App(dialect);
    });

    afterAll(async () => {
      await app?.close();
    });

    it("sends the text, then the picture as an IMAGE block with its caption and the PDF as a FILE block", async () => {
      const threadId = await manualThread(app, "701");
      const photo = (await upload(app.t, threadId, "shoe.png", PNG)).json();
      expect(photo).toMatchObject({ kind: "image", mime_type: "image/png" });
      const doc = (await upload(app.t, threadId, "invoice.pdf", PDF)).json();
      expect(doc).toMatchObject({ kind: "document", mime_type: "application/pdf" });

      const sent = await app.t.call("POST", `/v1/threads/${threadId}/send`, {
        body: { text: "Here you go", files: [{ id: photo.id, caption: "The red one" }, doc.id] },
      });
      expect(sent.statusCode).toBe(200);
      const message = sent.json();
      const delivery = await settledDeliveryOf(app.t, message.id);
      expect(delivery).toMatchObject({ status: "sent", parts: 3, parts_sent: 3 });
      expect(delivery.external_ids).toHaveLength(3);

      const calls = messageCalls(app.fake, "701").slice(-3);
      expect(calls.map((call) => call.params.MESSAGE)).toEqual(["Here you go", "The red one", "invoice.pdf"]);
      expect(calls[0]?.params.ATTACH).toBeUndefined();
      const [image, file] = app.fake.attachments.filter((sentAttach) => sentAttach.dialogId === "701");
      // The ids Parley recorded are the portal's message ids, in the order sent.
      expect(delivery.external_ids.slice(1)).toEqual([String(image?.messageId), String(file?.messageId)]);

      expect(image?.message).toBe("The red one");
      expect(image?.attach.dropped).toEqual([]);
      expect(image?.attach.blocks).toEqual([{ IMAGE: [{ LINK: expect.any(String), NAME: "shoe.png" }] }]);
      const imageLink = linkOf(image?.attach.blocks[0]);
      expect(imageLink.startsWith(`${app.origin}/files/out/${photo.id}?expires=`)).toBe(true);
      // Bitrix24 keeps only the link: the reader's browser opens it, and gets exactly the picture.
      const served = await fetch(imageLink);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/png");
      expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

      expect(file?.message).toBe("invoice.pdf");
      expect(file?.attach.dropped).toEqual([]);
      expect(file?.attach.blocks).toEqual([
        { FILE: [{ LINK: expect.any(String), NAME: "invoice.pdf", SIZE: PDF.length }] },
      ]);
      const fileLink = linkOf(file?.attach.blocks[0]);
      expect(fileLink.startsWith(`${app.origin}/files/out/${doc.id}?expires=`)).toBe(true);
      // Bitrix24 keeps the link, not the file: it lasts 30 days from the message, not a day.
      const expires = Number(/expires=(\d+)/.exec(fileLink)?.[1]) * 1000;
      expect(expires).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
      const pdf = await fetch(fileLink);
      expect(Buffer.from(await pdf.arrayBuffer()).equals(PDF)).toBe(true);
    });

    it("a file part refused with QUERY_LIMIT_EXCEEDED is sent again after the wait; the text goes once", async () => {
      const threadId = await manualThread(app, "702");
      const photo = (await upload(app.t, threadId, "p.png", PNG)).json();
      const doc = (await upload(app.t, threadId, "terms.pdf", PDF)).json();
      app.fake.rateLimitNextAttachments(1);
      const message = (
        await app.t.call("POST", `/v1/threads/${threadId}/send`, {
          body: { text: "Two files", files: [photo.id, doc.id] },
        })
      ).json();
      const delivery = await settledDeliveryOf(app.t, message.id);
      expect(delivery).toMatchObject({ status: "sent", parts: 3, parts_sent: 3 });
      expect(delivery.external_ids).toHaveLength(3);
      // The bot's "ok", the text once, the picture twice (503, then sent), the document once.
      const calls = messageCalls(app.fake, "702");
      expect(calls.map((call) => [call.params.MESSAGE, call.params.ATTACH === undefined])).toEqual([
        ["ok", true],
        ["Two files", true],
        ["p.png", false],
        ["p.png", false],
        ["terms.pdf", false],
      ]);
      expect(app.fake.sent.filter((sent) => sent.conversationId === "702").map((sent) => sent.text)).toEqual([
        "ok",
        "Two files",
        "p.png",
        "terms.pdf",
      ]);
    });

    it("files alone send only the files; a caption's BB codes are defused", async () => {
      const threadId = await manualThread(app, "703");
      const doc = (await upload(app.t, threadId, "menu.pdf", PDF)).json();
      const message = (
        await app.t.call("POST", `/v1/threads/${threadId}/send`, {
          body: { files: [{ id: doc.id, caption: "Our [b]new[/b] menu" }] },
        })
      ).json();
      const delivery = await settledDeliveryOf(app.t, message.id);
      expect(delivery).toMatchObject({ status: "sent", parts: 1, parts_sent: 1 });
      const [call] = messageCalls(app.fake, "703").slice(-1);
      expect(call?.params.MESSAGE).toBe("Our [\u200bb]new[\u200b/b] menu");
      expect(call?.params.ATTACH).toEqual([
        {
          FILE: [
            { LINK: expect.stringContaining(`/files/out/${doc.id}?`), NAME: "menu.pdf", SIZE: PDF.length },
          ],
        },
      ]);
    });

    it("the fake portal takes ATTACH as Bitrix24 does: both forms, MESSAGE still required, nothing usable is ATTACH_ERROR", async () => {
      const fake = app.fake;
      const botId = [...fake.bots.keys()][0];
      const add = async (params: Record<string, unknown>) => {
        const response = await fetch(`${fake.restBase}/imbot.message.add.json`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ BOT_ID: botId, DIALOG_ID: "704", ...params, auth: fake.issueToken() }),
        });
        return { status: response.status, body: await response.json() };
      };
      const link = "https://files.example/report.pdf";

      const full = await add({
        MESSAGE: "Report",
        ATTACH: {
          ID: 1,
          COLOR: "#29619b",
          BLOCKS: [{ FILE: { LINK: link, NAME: "report.pdf", SIZE: 1500 } }],
        },
      });
      expect(full.status).toBe(200);
      expect(fake.attachments.at(-1)?.attach).toMatchObject({
        form: "full",
        blocks: [{ FILE: [{ LINK: link, NAME: "report.pdf", SIZE: 1500 }] }],
      });
      const short = await add({
        MESSAGE: "Pic",
        ATTACH: [{ IMAGE: [{ LINK: link, NAME: "p", WIDTH: 10 }] }],
      });
      expect(short.status).toBe(200);
      expect(fake.attachments.at(-1)?.attach).toMatchObject({
        form: "short",
        blocks: [{ IMAGE: [{ LINK: link, NAME: "p", WIDTH: 10 }] }],
      });

      const noText = await add({ MESSAGE: "  ", ATTACH: [{ FILE: { LINK: link, NAME: "r.pdf" } }] });
      expect(noText).toEqual({
        status: 400,
        body: { error: "MESSAGE_EMPTY", error_description: "Message can't be empty" },
      });
      for (const attach of [
        [{ IMAGE: { LINK: "javascript:alert(1)", NAME: "x" } }],
        [{ FILE: { NAME: "no-link.pdf", SIZE: 10 } }],
        { BLOCKS: "nothing" },
        "{not json",
        [{ UNKNOWN: {} }],
      ]) {
        const refused = await add({ MESSAGE: "Bad", ATTACH: attach });
        expect(refused, JSON.stringify(attach)).toEqual({
          status: 400,
          body: { error: "ATTACH_ERROR", error_description: "Incorrect attach params" },
        });
      }
      // A wrong SIZE is not refused: Bitrix24 shows the file without a size.
      const badSize = await add({
        MESSAGE: "Sized",
        ATTACH: [{ FILE: { LINK: link, NAME: "s.pdf", SIZE: "big" } }],
      });
      expect(badSize.status).toBe(200);
      expect(fake.attachments.at(-1)?.attach.blocks).toEqual([{ FILE: [{ LINK: link, NAME: "s.pdf" }] }]);
      expect(fake.attachments.at(-1)?.attach.dropped).toHaveLength(1);
    });
  });
});
