import { afterEach, describe, expect, it } from "vitest";
import { activeChat } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { uploadBody } from "../outbound-files/connected-app.js";

const SITE = "https://shop.example";
const PUBLIC_URL = "https://parley.example";
/** The smallest PNG: its signature and an empty IHDR are enough for the upload's image check. */
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex");

/** docs/widget.md, "Files": an operator's pictures and files reach the visitor with links their browser opens. */
describe.each(DIALECTS)("files in the web widget's API on %s", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  it_("the history carries each file with a signed link that serves it, from any site", async () => {
    const mock = scriptedModel(() => ({ text: "ok" }));
    t = await createTestApp({
      dialect,
      env: { PARLEY_PUBLIC_URL: PUBLIC_URL },
      modelOverride: () => mock.model,
    });
    const app = t;
    const { chat } = await activeChat(app);
    await app.call("POST", `/v1/chats/${chat.id}/widget`, { body: { allowed_origins: [SITE] } });
    const widget = (method: "GET" | "POST", url: string, token?: string, body?: unknown) =>
      app.app.inject({
        method,
        url,
        headers: {
          origin: SITE,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
        },
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      });
    const session = (await widget("POST", `/widget/v1/chats/${chat.id}/sessions`, undefined, {})).json();
    await widget("POST", "/widget/v1/messages", session.visitor_token, { text: "Can I see it?" });
    const threadId = session.thread_id as string;
    await app.call("POST", `/v1/threads/${threadId}/mode`, { body: { mode: "manual" } });

    const upload = async (name: string, type: string, bytes: Buffer) => {
      const { payload, contentType } = await uploadBody(name, bytes, type);
      const response = await app.app.inject({
        method: "POST",
        url: `/v1/threads/${threadId}/files`,
        headers: { authorization: `Bearer ${app.adminKey}`, "content-type": contentType },
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().id as string;
    };
    const photo = await upload("shoe.png", "image/png", PNG);
    const doc = await upload("invoice.txt", "text/plain", Buffer.from("Total: 42"));
    const sent = await app.call("POST", `/v1/threads/${threadId}/send`, {
      body: { files: [{ id: photo, caption: "The shoe" }, doc] },
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const history = (await widget("GET", "/widget/v1/messages", session.visitor_token)).json().data;
    const last = history.at(-1) as { author: string; content: string; files: Array<Record<string, unknown>> };
    expect(last.author).toBe("operator");
    expect(last.files).toEqual([
      expect.objectContaining({ id: photo, kind: "image", name: "shoe.png", caption: "The shoe" }),
      expect.objectContaining({ id: doc, kind: "document", name: "invoice.txt" }),
    ]);
    for (const file of last.files) {
      const url = new URL(String(file.url));
      expect(url.origin).toBe(PUBLIC_URL);
      // The link works from any site, without the key: the visitor's browser opens it.
      const served = await app.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers["cross-origin-resource-policy"]).toBe("cross-origin");
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
      // A link whose signature was changed opens nothing.
      const forged = await app.app.inject({
        method: "GET",
        url: `${url.pathname}${url.search.replace(/sig=.{4}/, "sig=0000")}`,
      });
      expect(forged.statusCode).toBe(403);
    }
    const image = await app.app.inject({
      method: "GET",
      url: new URL(String(last.files[0]!.url)).pathname + new URL(String(last.files[0]!.url)).search,
    });
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });
});
