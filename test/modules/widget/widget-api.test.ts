import { afterEach, describe, expect, it } from "vitest";
import { signIdentity } from "../../../src/modules/widget/identity.js";
import { signIn } from "../../helpers/console-session.js";
import { activeChat } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { scriptedModel } from "../../helpers/mock-model.js";
import { sseData } from "../../helpers/sse-client.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

const SITE = "https://shop.example";

describe.each(DIALECTS)("the web widget's API on %s", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  async function setup(env: Record<string, string> = {}) {
    const mock = scriptedModel();
    t = await createTestApp({ dialect, modelOverride: () => mock.model, env });
    const { chat } = await activeChat(t);
    const settings = await t.call("POST", `/v1/chats/${chat.id}/widget`, {
      body: { allowed_origins: [SITE], title: "Shop help", color: "#FF8800" },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    return { t, chat };
  }

  const widget = (
    t: TestApp,
    method: "GET" | "POST",
    url: string,
    options: { origin?: string | null; token?: string; body?: unknown } = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...(options.origin === null ? {} : { origin: options.origin ?? SITE }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
      },
      ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
    });

  it_(
    "admins configure the widget; the snippet names the chat; bad origins are refused at the field",
    async () => {
      const { t, chat } = await setup();
      const settings = (await t.call("GET", `/v1/chats/${chat.id}/widget`)).json();
      expect(settings).toMatchObject({
        allowed_origins: [SITE],
        title: "Shop help",
        color: "#ff8800",
        position: "right",
        identity_required: false,
        identity_secret_set: false,
      });
      expect(settings.embed_snippet).toBe(
        `<script src="http://localhost:8080/widget.js" data-chat="${chat.id}" async></script>`,
      );
      const bad = await t.call("POST", `/v1/chats/${chat.id}/widget`, {
        body: { allowed_origins: ["https://ok.example", "https://shop.example/path"], color: "red" },
      });
      expect(bad.statusCode).toBe(422);
      expect(
        bad
          .json()
          .details.map((d: { path: string }) => d.path)
          .sort(),
      ).toEqual(["allowed_origins.1", "color"]);
      expect((await t.call("GET", `/v1/chats/${chat.id}/widget`)).json().allowed_origins).toEqual([SITE]);

      const admin = await signIn(t);
      await admin.call("POST", "/v1/operators", {
        email: "o@example.com",
        name: "O",
        password: "operator-password",
      });
      const operator = await signIn(t, "o@example.com", "operator-password");
      expect((await operator.call("GET", `/v1/chats/${chat.id}/widget`)).statusCode).toBe(403);
      const other = await t.otherProject();
      expect((await t.call("GET", `/v1/chats/${chat.id}/widget`, { key: other.key })).statusCode).toBe(403);
    },
  );

  it_("answers only pages of allowed origins, with CORS for them alone", async () => {
    const { t, chat } = await setup();
    const ok = await widget(t, "GET", `/widget/v1/chats/${chat.id}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["access-control-allow-origin"]).toBe(SITE);
    expect(ok.json()).toMatchObject({ chat_id: chat.id, title: "Shop help", greeting: expect.any(String) });
    for (const origin of ["https://evil.example", null]) {
      const refused = await widget(t, "GET", `/widget/v1/chats/${chat.id}`, { origin });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe("origin_not_allowed");
      expect(refused.headers["access-control-allow-origin"]).toBeUndefined();
      const session = await widget(t, "POST", `/widget/v1/chats/${chat.id}/sessions`, { origin, body: {} });
      expect(session.statusCode).toBe(403);
    }
    expect((await widget(t, "GET", "/widget/v1/chats/chat_nope")).statusCode).toBe(404);
    const preflight = await t.app.inject({
      method: "OPTIONS",
      url: "/widget/v1/messages",
      headers: { origin: SITE, "access-control-request-method": "POST" },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-headers"]).toContain("authorization");
    // The API itself stays closed to visitors.
    expect((await t.call("GET", "/v1/threads", { key: null })).statusCode).toBe(401);
  });

  it_("a visitor talks to the bot, and resumes the same conversation with the kept token", async () => {
    const { t, chat } = await setup();
    const session = (await widget(t, "POST", `/widget/v1/chats/${chat.id}/sessions`, { body: {} })).json();
    expect(session.visitor_token).toMatch(/^pvt_/);
    const reply = await widget(t, "POST", "/widget/v1/messages", {
      token: session.visitor_token,
      body: { text: "Hi there" },
    });
    expect(reply.headers["content-type"]).toContain("text/event-stream");
    expect(reply.headers["access-control-allow-origin"]).toBe(SITE);
    const frames = sseData(reply.body) as Array<{ type: string; textDelta?: string }>;
    expect(
      frames
        .filter((f) => f.type === "text-delta")
        .map((f) => f.textDelta)
        .join(""),
    ).toBe("Echo: Hi there");
    expect(frames.at(-1)?.type).toBe("finish");

    const resumed = (
      await widget(t, "POST", `/widget/v1/chats/${chat.id}/sessions`, {
        body: { visitor_token: session.visitor_token },
      })
    ).json();
    expect(resumed.thread_id).toBe(session.thread_id);
    const history = (await widget(t, "GET", "/widget/v1/messages", { token: resumed.visitor_token })).json();
    expect(history.data.map((m: { author: string; content: string }) => [m.author, m.content])).toEqual([
      ["user", "Hi there"],
      ["bot", "Echo: Hi there"],
    ]);
    // The conversation is an ordinary thread for operators.
    const thread = (await t.call("GET", `/v1/threads/${session.thread_id}`)).json();
    expect(thread.person.external_id).toMatch(/^visitor:vis_/);

    // Another visitor sees nothing of it.
    const stranger = (await widget(t, "POST", `/widget/v1/chats/${chat.id}/sessions`, { body: {} })).json();
    expect(stranger.thread_id).not.toBe(session.thread_id);
    expect(
      (await widget(t, "GET", "/widget/v1/messages", { token: stranger.visitor_token })).json().data,
    ).toEqual([]);
    expect((await widget(t, "GET", "/widget/v1/messages", { token: "pvt_forged" })).json().code).toBe(
      "visitor_token_invalid",
    );
    // A token works only from the chat's origins.
    const elsewhere = await widget(t, "GET", "/widget/v1/messages", {
      token: session.visitor_token,
      origin: "https://evil.example",
    });
    expect(elsewhere.statusCode).toBe(403);
  });

  it_("a verified identity follows the user across devices; a forged one is refused", async () => {
    const { t, chat } = await setup();
    const secret = (await t.call("POST", `/v1/chats/${chat.id}/widget/identity-secret`)).json()
      .identity_secret;
    expect(secret).toMatch(/^wis_/);
    expect((await t.call("GET", `/v1/chats/${chat.id}/widget`)).json().identity_secret_set).toBe(true);
    expect(JSON.stringify((await t.call("GET", `/v1/chats/${chat.id}/widget`)).json())).not.toContain(secret);

    const identity = { user_id: "customer-42", signature: signIdentity(secret, "customer-42"), name: "Ann" };
    const laptop = (
      await widget(t, "POST", `/widget/v1/chats/${chat.id}/sessions`, { body: { identity } })
    ).json();
    await widget(t, "POST", "/widget/v1/messages", {
      token: laptop.visitor_token,
      body: { text: "From my laptop" },
    });
    const phone = (
      await widget(t, "POST", `/widget/v1/chats/${chat.id}/sessions`, { body: { identity } })
    ).json();
    expect(phone.visitor_token).not.toBe(laptop.visitor_token);
    expect(phone.thread_id).toBe(laptop.thread_id);
    const seen = (await widget(t, "GET", "/widget/v1/messages", { token: phone.visitor_token })).json();
    expect(seen.data[0].content).toBe("From my laptop");
    const person = (await t.call("GET", `/v1/threads/${laptop.thread_id}`)).json().person;
    expect(person).toMatchObject({ external_id: "user:customer-42", name: "Ann" });

    const forged = await widget(t, "POST", `/widget/v1/chats/${chat.id}/sessions`, {
      body: { identity: { user_id: "customer-42", signature: signIdentity("wis_guess", "customer-42") } },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe("identity_invalid");
    // Another user's token does not carry over to a claimed identity.
    const anonymous = (await widget(t, "POST", `/widget/v1/chats/${chat.id}/sessions`, { body: {} })).json();
    const claimed = await widget(t, "POST", `/widget/v1/chats/${chat.id}/sessions`, {
      body: { visitor_token: anonymous.visitor_token, identity: { user_id: "customer-42", signature: "00" } },
    });
    expect(claimed.statusCode).toBe(401);

    await t.call("POST", `/v1/chats/${chat.id}/widget`, { body: { identity_required: true } });
    const unsigned = await widget(t, "POST", `/widget/v1/chats/${chat.id}/sessions`, { body: {} });
    expect(unsigned.json().code).toBe("identity_required");
  });

  it_(
    "limits each visitor's messages; an operator's reply shows in the visitor's history with their name",
    async () => {
      const { t, chat } = await setup({ PARLEY_WIDGET_MESSAGES_PER_MINUTE: "2" });
      const session = (await widget(t, "POST", `/widget/v1/chats/${chat.id}/sessions`, { body: {} })).json();
      const send = (text: string) =>
        widget(t, "POST", "/widget/v1/messages", { token: session.visitor_token, body: { text } });
      expect((await send("one")).statusCode).toBe(200);
      await t.call("POST", `/v1/threads/${session.thread_id}/mode`, { body: { mode: "manual" } });
      const waiting = sseData((await send("two")).body) as Array<{
        type: string;
        message_id?: string | null;
      }>;
      expect(waiting).toEqual([expect.objectContaining({ type: "finish", message_id: null })]);
      const limited = await send("three");
      expect(limited.statusCode).toBe(429);
      expect(limited.headers["retry-after"]).toBeDefined();

      const admin = await signIn(t);
      await admin.call("POST", `/v1/threads/${session.thread_id}/send`, { text: "A person here" });
      const history = (
        await widget(t, "GET", "/widget/v1/messages", { token: session.visitor_token })
      ).json();
      expect(history.mode).toBe("manual");
      expect(history.data.at(-1)).toMatchObject({
        author: "operator",
        content: "A person here",
        operator_name: "Admin",
      });
      const tooLong = await widget(t, "POST", "/widget/v1/messages", {
        token: session.visitor_token,
        body: { text: "x".repeat(32_001) },
      });
      expect(tooLong.statusCode).toBe(422);
    },
  );
});
