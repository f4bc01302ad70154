import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { type FileServer, serveFile } from "../../helpers/file-server.js";
import { facebookKit, instagramKit } from "../../vendors/fakes/meta-fake.js";
import { type ConnectedApp, connectedApp, PNG } from "../outbound-files/connected-app.js";

/** Bytes that stand for a voice clip (Meta records them as mp4 audio). */
const CLIP = Buffer.from("....ftypM4A fake voice clip bytes");

interface Attachment {
  kind: string;
  url?: string;
  ref?: string;
  file?: { id: string; size: number; mime_type: string; url: string };
  fileError?: { code: string };
}

/**
 * Files customers send on Messenger and Instagram (docs/channels.md, "Non-text messages"): Meta
 * gives only an expiring CDN URL, which Parley downloads (no token sent) and keeps, as it keeps
 * Telegram's or VK's files.
 */
describe.each([
  ["facebook", facebookKit],
  ["instagram", instagramKit],
] as const)("files customers send on %s are kept", (vendor, kit) => {
  describe.each(DIALECTS)("%s", (dialect) => {
    describe.skipIf(shouldSkip(dialect))(dialect, () => {
      let app: ConnectedApp;
      let cdn: FileServer;

      beforeAll(async () => {
        // The CDN stands on loopback here, which outbound calls refuse unless allowed.
        app = await connectedApp(await kit.start(), vendor, dialect, {
          PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true",
        });
        cdn = await serveFile(PNG);
      });

      afterAll(async () => {
        await app?.close();
        await cdn?.close();
      });

      /** Posts a message of `attachments` from customer `userId`, signed as Meta does. */
      async function sendAttachments(userId: string, attachments: unknown[]) {
        const fake = app.fake as unknown as {
          textEvent(conversationId: string, options: { text: string }): unknown;
          deliver(hook: string, body: unknown): Promise<{ status: number }>;
        };
        const payload = fake.textEvent(userId, { text: "unused" }) as {
          entry: Array<{ messaging: Array<{ message: Record<string, unknown> }> }>;
        };
        const message = payload.entry[0]?.messaging[0]?.message ?? {};
        delete message.text;
        message.attachments = attachments;
        const answer = await fake.deliver(app.hookUrl, payload);
        expect(answer.status).toBe(200);
      }

      async function attachmentsOf(userId: string, settled: (list: Attachment[]) => boolean) {
        const row = await eventually(
          async () =>
            app.t.storage.db
              .selectFrom("messages")
              .innerJoin("threads", "threads.id", "messages.thread_id")
              .select(["messages.attachments", "threads.id as thread_id"])
              .where("threads.external_conversation_id", "=", userId)
              .where("messages.role", "=", "user")
              .executeTakeFirst(),
          (found) => found?.attachments != null && settled(JSON.parse(found.attachments) as Attachment[]),
        );
        return {
          threadId: row?.thread_id ?? "",
          attachments: JSON.parse(row?.attachments ?? "[]") as Attachment[],
        };
      }

      it("a photo: its CDN URL is downloaded without a token and served from Parley", async () => {
        const userId = `${vendor}-photo-user`;
        const url = cdn.url("/v/t1.15752-9/photo.png?_nc_cat=1&oh=signed&oe=expiry");
        const before = cdn.requests.length;
        await sendAttachments(userId, [{ type: "image", payload: { url } }]);
        const { threadId, attachments } = await attachmentsOf(userId, (list) => list[0]?.file !== undefined);
        expect(attachments[0]).toMatchObject({ kind: "photo", url, ref: url });
        const kept = attachments[0]?.file;
        expect(kept?.size).toBe(PNG.length);
        // No credential goes to the CDN.
        expect(cdn.requests.slice(before).every((headers) => headers.authorization === undefined)).toBe(true);
        const served = await app.t.app.inject({
          method: "GET",
          url: `/v1/threads/${threadId}/attachments/${kept?.id}`,
          headers: { authorization: `Bearer ${app.t.adminKey}` },
        });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.equals(PNG)).toBe(true);
      });

      it("a voice clip is kept too; a shared post's page is not a file", async () => {
        const clip = await serveFile(CLIP);
        try {
          const userId = `${vendor}-voice-user`;
          await sendAttachments(userId, [
            { type: "audio", payload: { url: clip.url("/audioclip-1.mp4?oe=1") } },
            { type: "share", payload: { url: "https://www.instagram.com/p/abc/", title: "a post" } },
          ]);
          const { attachments } = await attachmentsOf(userId, (list) => list[0]?.file !== undefined);
          expect(attachments[0]).toMatchObject({ kind: "voice", file: { size: CLIP.length } });
          expect(attachments[1]).toMatchObject({ kind: "link" });
          expect(attachments[1]?.ref).toBeUndefined();
          expect(attachments[1]?.file).toBeUndefined();
        } finally {
          await clip.close();
        }
      });

      it("an expired CDN link is recorded unavailable, the message kept", async () => {
        const userId = `${vendor}-expired-user`;
        const missing = await serveFile(Buffer.alloc(0));
        await missing.close();
        // A closed server: the download fails until the job gives up.
        await sendAttachments(userId, [{ type: "file", payload: { url: missing.url("/x.pdf") } }]);
        const { attachments } = await attachmentsOf(userId, (list) => list[0]?.fileError !== undefined);
        expect(attachments[0]).toMatchObject({ kind: "document", fileError: { code: "unavailable" } });
      });
    });
  });
});
