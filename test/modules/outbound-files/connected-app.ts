import { randomBytes } from "node:crypto";
import type { LanguageModel } from "ai";
import { createSecretBox, type SecretBox } from "../../../src/infra/secret-box.js";
import { eventually } from "../../helpers/conversation-fixtures.js";
import type { TestDialect } from "../../helpers/dialects.js";
import { scriptedModel } from "../../helpers/mock-model.js";
import { freePort } from "../../helpers/server-process.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import type { FakeVendor } from "../../vendors/vendor-kit.js";

/** Parley on a real port with one vendor's fake connected, and a thread of one customer in `manual`. */
export interface ConnectedApp {
  t: TestApp;
  fake: FakeVendor;
  secrets: SecretBox;
  origin: string;
  hookUrl: string;
  /** A thread of a customer who wrote once, switched to `manual` (the bot answered "ok" first). */
  manualThread(userId: string): Promise<string>;
  close(): Promise<void>;
}

export async function connectedApp(
  fake: FakeVendor,
  vendor: string,
  dialect: TestDialect,
  env: Record<string, string> = {},
  options: { model?: LanguageModel; settings?: Record<string, unknown> } = {},
): Promise<ConnectedApp> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const secrets = createSecretBox(randomBytes(32));
  const model = options.model ?? scriptedModel(() => ({ text: "ok" })).model;
  const t = await createTestApp({
    dialect,
    secrets,
    env: { ...env, ...fake.env, PARLEY_PUBLIC_URL: origin },
    modelOverride: () => model,
  });
  await t.app.listen({ port, host: "127.0.0.1" });
  const bot = (await t.call("POST", "/v1/bots", { body: { name: "files" } })).json();
  if (options.settings) {
    const saved = await t.call("POST", `/v1/bots/${bot.id}/settings`, { body: options.settings });
    if (saved.statusCode !== 200) throw new Error(`bot settings refused: ${saved.body}`);
  }
  const integration = (
    await t.call("POST", "/v1/integrations", { body: { name: vendor, vendor, auth_data: fake.authData() } })
  ).json();
  const chat = (
    await t.call("POST", `/v1/integrations/${integration.id}/chats`, { body: { bot_id: bot.id, name: "c" } })
  ).json();
  await t.call("POST", `/v1/integrations/${integration.id}/chats/${chat.id}/status`, {
    body: { status: "active" },
  });
  const hookUrl = fake.registersWebhook
    ? ((await eventually(
        async () => fake.registeredHookUrl(),
        (url) => url !== undefined,
      )) as string)
    : (integration.connection.webhook_url as string);
  return {
    t,
    fake,
    secrets,
    origin,
    hookUrl,
    async manualThread(userId) {
      await fake.deliverText({ hookUrl, userId, conversationId: userId, text: "hello" });
      const row = await eventually(
        async () =>
          t.storage.db
            .selectFrom("threads")
            .select("id")
            .where("external_conversation_id", "=", userId)
            .executeTakeFirst(),
        (found) => found !== undefined,
      );
      const threadId = row?.id ?? "";
      // The bot's "ok" first, so the files sent later are the thread's newest messages.
      await eventually(
        async () => fake.sent.filter((sent) => sent.conversationId === userId),
        (list) => list.length > 0,
      );
      await t.call("POST", `/v1/threads/${threadId}/mode`, { body: { mode: "manual" } });
      return threadId;
    },
    async close() {
      await t.close();
      await fake.close();
    },
  };
}

/** A `multipart/form-data` body with one `file` part, as a browser's FormData sends it. */
export async function uploadBody(
  name: string,
  bytes: Uint8Array,
  type = "application/octet-stream",
  fields: Record<string, string> = {},
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) form.set(field, value);
  form.set("file", new Blob([Buffer.from(bytes)], { type }), name);
  const request = new Request("http://upload.local/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get("content-type") ?? "",
  };
}

/** POST /v1/threads/{id}/files with one file. */
export async function upload(t: TestApp, threadId: string, name: string, bytes: Uint8Array) {
  const { payload, contentType } = await uploadBody(name, bytes);
  return t.app.inject({
    method: "POST",
    url: `/v1/threads/${threadId}/files`,
    headers: { authorization: `Bearer ${t.adminKey}`, "content-type": contentType },
    payload,
  });
}

/** The smallest PNG signature plus padding: enough bytes for the type check. */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  randomBytes(64),
]);
export const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
