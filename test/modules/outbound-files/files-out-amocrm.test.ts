import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { amojoRequest } from "../../../src/vendors/amocrm/amojo-client.js";
import type { AmojoChannel } from "../../../src/vendors/amocrm/channel-config.js";
import { eventually } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip, type TestDialect } from "../../helpers/dialects.js";
import { scriptedModel } from "../../helpers/mock-model.js";
import { freePort } from "../../helpers/server-process.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { consentOnAmocrm } from "../../vendors/crm-consent.js";
import { AmocrmFake } from "../../vendors/fakes/amocrm-fake.js";
import { settledDeliveryOf } from "../integrations/stored-delivery.js";
import { PDF, PNG, upload } from "./connected-app.js";

/**
 * Pictures and files out over amoCRM (docs/channels.md, "Files"): each file is a Chats API
 * `new_message` of type `picture` (images) or `file`, with Parley's signed link as `media`,
 * which amoCRM (here its fake) downloads. connectedApp cannot set amoCRM up (it connects by
 * OAuth, and its conversation ids are `chat:client` pairs), so the app is built as the amoCRM
 * end-to-end test builds it (test/modules/integrations/amocrm-e2e.test.ts).
 */

interface ChatMessage {
  type: string;
  text?: string;
  media?: string;
  file_name?: string;
  file_size?: number;
}

const messageOf = (body: unknown) => (body as { payload: { message: ChatMessage } }).payload.message;

function filesOutSuite(dialect: TestDialect) {
  describe.skipIf(shouldSkip(dialect))(`files out over amocrm (${dialect})`, () => {
    let fake: AmocrmFake;
    let t: TestApp;
    let origin: string;
    let chatId: string;

    beforeAll(async () => {
      fake = await AmocrmFake.start();
      const port = await freePort();
      origin = `http://127.0.0.1:${port}`;
      t = await createTestApp({
        dialect,
        env: { ...fake.env, PARLEY_PUBLIC_URL: origin },
        modelOverride: () => scriptedModel(() => ({ text: "ok" })).model,
      });
      await t.app.listen({ port, host: "127.0.0.1" });
      fake.hookUrlTemplate = `${origin}/hooks/amocrm/:scope_id`;
      const bot = (await t.call("POST", "/v1/bots", { body: { name: "files" } })).json();
      const integration = (
        await t.call("POST", "/v1/integrations", {
          body: { name: "Acme on amoCRM", vendor: "amocrm", auth_data: fake.authData() },
        })
      ).json();
      // Connect by OAuth, as an administrator does: amoCRM's consent, then Parley's callback.
      const { callback } = await consentOnAmocrm(t, fake, integration.id);
      expect(callback.statusCode).toBe(200);
      await eventually(
        async () => fake.registeredHookUrl(),
        (url) => url !== undefined,
      );
      const chat = (
        await t.call("POST", `/v1/integrations/${integration.id}/chats`, {
          body: { bot_id: bot.id, name: "c" },
        })
      ).json();
      chatId = chat.id;
      await t.call("POST", `/v1/integrations/${integration.id}/chats/${chat.id}/status`, {
        body: { status: "active" },
      });
    });

    afterAll(async () => {
      await t?.close();
      await fake?.close();
    });

    /** A thread of an amoCRM user who wrote once (the bot answered "ok"), switched to `manual`. */
    async function manualThread(userId: string): Promise<{ threadId: string; conversationId: string }> {
      const { conversationId } = await fake.deliverText({ userId, text: "hello" });
      await eventually(
        async () => fake.sent.filter((sent) => sent.conversationId === conversationId),
        (list) => list.length > 0,
      );
      const row = await eventually(
        async () =>
          t.storage.db
            .selectFrom("threads")
            .select("id")
            .where("external_conversation_id", "=", conversationId)
            .executeTakeFirst(),
        (found) => found !== undefined,
      );
      const threadId = row?.id ?? "";
      expect(threadId, `thread of ${userId} in chat ${chatId}`).not.toBe("");
      await t.call("POST", `/v1/threads/${threadId}/mode`, { body: { mode: "manual" } });
      return { threadId, conversationId };
    }

    const sentTo = (conversationId: string) =>
      fake.sent.filter((sent) => sent.conversationId === conversationId);

    it("a PNG with its caption goes as a picture, a PDF as a file, each by the signed link amoCRM downloads", async () => {
      const { threadId, conversationId } = await manualThread("amo-user-9101");
      const photo = (await upload(t, threadId, "shoe.png", PNG)).json();
      const doc = (await upload(t, threadId, "invoice.pdf", PDF)).json();
      expect(photo).toMatchObject({ kind: "image", mime_type: "image/png" });
      const sent = await t.call("POST", `/v1/threads/${threadId}/send`, {
        body: { text: "Here you go", files: [{ id: photo.id, caption: "The red one" }, doc.id] },
      });
      expect(sent.statusCode).toBe(200);
      const message = sent.json();

      const delivery = await settledDeliveryOf(t, message.id);
      expect(delivery).toMatchObject({ status: "sent", parts: 3, parts_sent: 3 });
      const calls = sentTo(conversationId).slice(-3);
      // The Chats API's message ids (UUIDs), one a part.
      expect(delivery.external_ids).toHaveLength(3);
      for (const id of delivery.external_ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Set(delivery.external_ids).size).toBe(3);

      const [text, picture, file] = calls.map((call) => messageOf(call.body));
      expect(text).toEqual({ type: "text", text: "Here you go" });
      expect(picture).toMatchObject({
        type: "picture",
        text: "The red one",
        file_name: "shoe.png",
        file_size: PNG.length,
      });
      expect(picture?.media?.startsWith(`${origin}/files/out/${photo.id}?expires=`)).toBe(true);
      expect(file).toMatchObject({ type: "file", file_name: "invoice.pdf", file_size: PDF.length });
      expect(file?.text).toBeUndefined();
      expect(file?.media?.startsWith(`${origin}/files/out/${doc.id}?expires=`)).toBe(true);
      // Each part names its own msgid, derived from the message id and the part's index.
      expect(calls.map((call) => (call.body as { payload: { msgid: string } }).payload.msgid)).toEqual([
        `parley-${message.id}:0`,
        `parley-${message.id}:1`,
        `parley-${message.id}:2`,
      ]);

      const fetches = await Promise.all(fake.mediaFetches);
      const fetchedPicture = fetches.find((item) => item.link === picture?.media);
      expect(fetchedPicture?.status).toBe(200);
      expect(fetchedPicture?.contentType).toBe("image/png");
      expect(Buffer.from(fetchedPicture?.bytes ?? []).equals(PNG)).toBe(true);
      const fetchedFile = fetches.find((item) => item.link === file?.media);
      expect(fetchedFile?.status).toBe(200);
      expect(Buffer.from(fetchedFile?.bytes ?? []).equals(PDF)).toBe(true);
    });

    it("a file amoCRM answers 5xx once is sent again, without sending the text twice", async () => {
      const { threadId, conversationId } = await manualThread("amo-user-9102");
      const doc = (await upload(t, threadId, "terms.pdf", PDF)).json();
      fake.failNextSend(502, ["file"]);
      const message = (
        await t.call("POST", `/v1/threads/${threadId}/send`, {
          body: { text: "Our terms", files: [{ id: doc.id, caption: "Signed copy" }] },
        })
      ).json();
      const delivery = await settledDeliveryOf(t, message.id);
      expect(delivery).toMatchObject({ status: "sent", parts: 2, parts_sent: 2 });
      expect(delivery.external_ids).toHaveLength(2);
      const calls = sentTo(conversationId).map((call) => messageOf(call.body));
      // The bot's "ok", the text once, then the file (its refused first try is not recorded).
      expect(calls.map((call) => [call.type, call.text])).toEqual([
        ["text", "ok"],
        ["text", "Our terms"],
        ["file", "Signed copy"],
      ]);
      const fileAttempts = fake
        .requestsTo(`/v2/origin/custom/${fake.scopeIdOf(fake.amojoId)}`)
        .filter(
          (request) =>
            messageOf(request.body).type === "file" && messageOf(request.body).file_name === "terms.pdf",
        );
      expect(fileAttempts).toHaveLength(2);
      // The retry names the same message: the same msgid both times.
      const msgids = fileAttempts.map(
        (request) => (request.body as { payload: { msgid: string } }).payload.msgid,
      );
      expect(msgids).toEqual([`parley-${message.id}:1`, `parley-${message.id}:1`]);
    });

    it("the fake refuses picture and file messages without the fields amoCRM needs", async () => {
      // Through the adapter's own signed client, so only the message shape differs.
      const scopePath = `/v2/origin/custom/${fake.scopeIdOf(fake.amojoId)}`;
      const context = {
        apiBaseUrl: fake.baseUrl,
        fetch: globalThis.fetch,
      } as unknown as Parameters<typeof amojoRequest>[0];
      const channel: AmojoChannel = { id: fake.channelId, secret: fake.channelSecret };
      const payload = (message: Record<string, unknown>) => ({
        event_type: "new_message",
        payload: {
          timestamp: 1,
          msec_timestamp: 1000,
          msgid: `m-${Math.random()}`,
          conversation_id: "c-1",
          sender: { id: "s-1", name: "Client" },
          message,
        },
      });
      const good = { type: "file", media: `${origin}/x.pdf`, file_name: "x.pdf", file_size: 10 };
      // The well-formed one is taken (and its media fetched), so the refusals below are the shape's.
      const taken = await amojoRequest(context, channel, "send", "POST", scopePath, payload(good));
      expect(taken).toMatchObject({ new_message: { msgid: expect.any(String) } });
      for (const bad of [
        { ...good, media: undefined },
        { ...good, media: "ftp://example.com/x.pdf" },
        { ...good, file_name: "" },
        { ...good, file_size: 1.5 },
        { ...good, file_size: "10" },
        { ...good, type: "picture", text: 5 },
        { ...good, type: "document" },
      ]) {
        const refused = await amojoRequest(context, channel, "send", "POST", scopePath, payload(bad)).then(
          () => undefined,
          (error: unknown) => error,
        );
        expect(refused, JSON.stringify(bad)).toMatchObject({ kind: "permanent", code: "vendor_rejected" });
      }
    });
  });
}

for (const dialect of DIALECTS) filesOutSuite(dialect);
