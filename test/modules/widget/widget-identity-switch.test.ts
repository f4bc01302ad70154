import { afterEach, describe, expect, it } from "vitest";
import { signIdentity } from "../../../src/modules/widget/identity.js";
import { activeChat } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { listen, sseEvents } from "../../helpers/live-app.js";
import { scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

const SITE = "https://shop.example";

/**
 * A chat switched to `identity_required` stops serving anonymous visitors at once, whatever
 * their token's age (docs/widget.md, "Visitors and identities"): every route that takes a visitor
 * token answers 401 identity_required, and an event stream opened before the switch ends
 * instead of delivering what is said next.
 */
describe.each(DIALECTS)("the widget's identity rule applies at once (%s)", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  it_("tokens issued anonymously before the switch are refused on every widget route", async () => {
    const mock = scriptedModel();
    t = await createTestApp({ dialect, modelOverride: () => mock.model });
    const app = t;
    const base = await listen(app);
    const { chat } = await activeChat(app);
    expect(
      (await app.call("POST", `/v1/chats/${chat.id}/widget`, { body: { allowed_origins: [SITE] } }))
        .statusCode,
    ).toBe(200);
    const secret = (await app.call("POST", `/v1/chats/${chat.id}/widget/identity-secret`)).json()
      .identity_secret as string;

    const widget = (method: "GET" | "POST", path: string, token?: string, body?: unknown) =>
      fetch(`${base}/widget/v1${path}`, {
        method,
        headers: {
          origin: SITE,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    const session = async (body: unknown) => {
      const response = await widget("POST", `/chats/${chat.id}/sessions`, undefined, body);
      expect(response.status).toBe(200);
      return (await response.json()) as { visitor_token: string; thread_id: string };
    };
    const anonymous = await session({});
    const signedIn = await session({ identity: { user_id: "u-1", signature: signIdentity(secret, "u-1") } });
    for (const token of [anonymous.visitor_token, signedIn.visitor_token]) {
      const sent = await widget("POST", "/messages", token, { text: "hello" });
      expect(sent.status).toBe(200);
      await sent.text();
    }

    // The anonymous visitor listens; a person takes the thread over (the first event, so the
    // stream is known to be live before the switch).
    const opened = await widget("GET", "/events", anonymous.visitor_token);
    expect(opened.status).toBe(200);
    const events = sseEvents(opened);
    const takeOver = await app.call("POST", `/v1/threads/${anonymous.thread_id}/mode`, {
      body: { mode: "manual" },
    });
    expect(takeOver.statusCode, takeOver.body).toBe(200);
    expect((await events.next()).value?.data).toMatchObject({ type: "mode_changed", mode: "manual" });

    const switched = await app.call("POST", `/v1/chats/${chat.id}/widget`, {
      body: { identity_required: true },
    });
    expect(switched.json().identity_required).toBe(true);

    // What is said after the switch does not reach the anonymous visitor: the stream ends.
    const said = await app.call("POST", `/v1/threads/${anonymous.thread_id}/send`, {
      body: { text: "A private answer" },
    });
    expect(said.statusCode, said.body).toBe(200);
    const rest: unknown[] = [];
    for await (const event of events) {
      rest.push(event.data);
      if (JSON.stringify(event.data).includes("A private answer")) break;
    }
    expect(JSON.stringify(rest)).not.toContain("A private answer");

    // Every route that takes the old token refuses it, with the code that makes the widget ask
    // the page for an identity.
    const refusals = [
      await widget("GET", "/messages", anonymous.visitor_token),
      await widget("POST", "/messages", anonymous.visitor_token, { text: "still there?" }),
      await widget("GET", "/events", anonymous.visitor_token),
      await widget("POST", `/chats/${chat.id}/sessions`, undefined, {
        visitor_token: anonymous.visitor_token,
      }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { code: string }).code).toBe("identity_required");
    }
    // Nothing the refused visitor sent was stored.
    const stored = (await app.call("GET", `/v1/threads/${anonymous.thread_id}/messages`)).json() as Array<{
      content: string;
    }>;
    expect(stored.map((m) => m.content)).not.toContain("still there?");

    // A verified visitor goes on as before.
    const history = await widget("GET", "/messages", signedIn.visitor_token);
    expect(history.status).toBe(200);
    const answered = await widget("POST", "/messages", signedIn.visitor_token, { text: "and again" });
    expect(answered.status).toBe(200);
    expect(await answered.text()).toContain('"textDelta":"again"');
    // The chat's public look stays readable: it tells the page that an identity is needed.
    const config = await widget("GET", `/chats/${chat.id}`);
    expect(((await config.json()) as { identity_required: boolean }).identity_required).toBe(true);
  });
});
