import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { type FileServer, serveFile } from "../../helpers/file-server.js";
import { lastToolResult, lastUserText, scriptedModel } from "../../helpers/mock-model.js";
import { TelegramFake, type UploadedPart } from "../../vendors/fakes/telegram-fake.js";
import { type ConnectedApp, connectedApp, PDF, PNG, uploadBody } from "./connected-app.js";

/**
 * The bot's send_file (docs/agent.md, "Sending files"): a picture from a URL (a loopback file
 * server) or a knowledge file goes out with the bot's reply, after its text, as Telegram uploads.
 */
describe.each(DIALECTS)("send_file (%s)", (dialect) => {
  describe.skipIf(shouldSkip(dialect))("over telegram", () => {
    let app: ConnectedApp;
    let fake: TelegramFake;
    let server: FileServer;
    let knowledgeFileId = "";
    const toolResults: unknown[] = [];

    beforeAll(async () => {
      server = await serveFile(PNG);
      fake = await new TelegramFake().start();
      const model = scriptedModel((options, call) => {
        const text = lastUserText(options);
        const result = lastToolResult(options);
        if (result !== undefined && call > 0 && /picture|price|missing|page|table|notes/.test(text)) {
          toolResults.push(result);
          return { text: "Here it is." };
        }
        if (text.includes("picture")) {
          return {
            toolCall: { name: "send_file", input: { url: server.url("/shoe.png"), caption: "Our shoe" } },
          };
        }
        if (text.includes("price")) {
          return { toolCall: { name: "send_file", input: { knowledge_file_id: knowledgeFileId } } };
        }
        if (text.includes("table")) {
          return {
            toolCall: {
              name: "send_file",
              input: { content: "size,eu\nS,38\nM,40\n", name: "sizes.csv", caption: "Our sizes" },
            },
          };
        }
        if (text.includes("notes")) {
          return { toolCall: { name: "send_file", input: { content: "<script>", name: "notes.html" } } };
        }
        if (text.includes("missing")) {
          return { toolCall: { name: "send_file", input: { url: server.url("/gone.html") } } };
        }
        return { text: "ok" };
      });
      app = await connectedApp(
        fake,
        "telegram",
        dialect,
        { PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true" },
        { model: model.model, settings: { ai: { tools: { send_file: "auto" } } } },
      );
      const { payload, contentType } = await uploadBody("prices.pdf", PDF, "application/pdf", {
        purpose: "assistants",
      });
      const uploaded = await app.t.app.inject({
        method: "POST",
        url: "/v1/files",
        headers: { authorization: `Bearer ${app.t.adminKey}`, "content-type": contentType },
        payload,
      });
      expect(uploaded.statusCode).toBe(200);
      knowledgeFileId = uploaded.json().id;
    });

    afterAll(async () => {
      await app?.close();
      await server?.close();
    });

    async function telegramCalls(chatId: string, count: number) {
      return eventually(
        async () =>
          fake.calls.filter(
            (call) => String(call.params.chat_id) === chatId && call.method !== "sendChatAction",
          ),
        (calls) => calls.length >= count,
      );
    }

    it("a picture from a URL: the reply's text, then the photo with its caption", async () => {
      await fake.deliverText({ hookUrl: app.hookUrl, userId: "9101", text: "show me a picture" });
      const calls = await telegramCalls("9101", 2);
      expect(calls.map((call) => call.method)).toEqual(["sendMessage", "sendPhoto"]);
      expect(calls[0]?.params.text).toBe("Here it is.");
      const photo = calls[1]?.params.photo as UploadedPart;
      expect(Buffer.from(photo.bytes).equals(PNG)).toBe(true);
      expect(calls[1]?.params.caption).toBe("Our shoe");
      const reply = await app.t.storage.db
        .selectFrom("messages")
        .select(["files", "content"])
        .where("content", "=", "Here it is.")
        .where("files", "is not", null)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(reply.files ?? "[]")).toMatchObject([
        { kind: "image", mime_type: "image/png", caption: "Our shoe" },
      ]);
    });

    it("a knowledge file goes as a document under its own name", async () => {
      await fake.deliverText({ hookUrl: app.hookUrl, userId: "9102", text: "send the price list" });
      const calls = await telegramCalls("9102", 2);
      expect(calls.map((call) => call.method)).toEqual(["sendMessage", "sendDocument"]);
      const document = calls[1]?.params.document as UploadedPart;
      expect(document.filename).toBe("prices.pdf");
      expect(Buffer.from(document.bytes).equals(PDF)).toBe(true);
    });

    it("a file the bot writes goes as a document with its text", async () => {
      await fake.deliverText({ hookUrl: app.hookUrl, userId: "9104", text: "a size table please" });
      const calls = await telegramCalls("9104", 2);
      expect(calls.map((call) => call.method)).toEqual(["sendMessage", "sendDocument"]);
      const document = calls[1]?.params.document as UploadedPart;
      expect(document.filename).toBe("sizes.csv");
      expect(Buffer.from(document.bytes).toString("utf8")).toBe("size,eu\nS,38\nM,40\n");
      expect(calls[1]?.params.caption).toBe("Our sizes");
    });

    it("a written file must be text or CSV: the tool's error, nothing attached", async () => {
      await fake.deliverText({ hookUrl: app.hookUrl, userId: "9105", text: "your notes" });
      const calls = await telegramCalls("9105", 1);
      expect(calls.map((call) => call.method)).toEqual(["sendMessage"]);
      expect(JSON.stringify(toolResults.at(-1))).toContain(".txt or .csv");
    });

    it("a file Parley does not send is the tool's error, told to the model; nothing is attached", async () => {
      await fake.deliverText({ hookUrl: app.hookUrl, userId: "9103", text: "the missing page" });
      const calls = await telegramCalls("9103", 1);
      expect(calls.map((call) => call.method)).toEqual(["sendMessage"]);
      const result = JSON.stringify(toolResults.at(-1));
      expect(result).toContain("not a file type Parley sends");
    });
  });
});
