import { afterEach, describe, expect, it } from "vitest";
import { verifyWebhookSignature } from "../../src/modules/webhooks/index.js";
import { activeChat, streamTurn } from "../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../helpers/dialects.js";
import { scriptedModel } from "../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { WebhookReceiver } from "../helpers/webhook-receiver.js";

/** What the conversation code raises reaches a subscribed endpoint: signed, in order, once. */
describe.each(DIALECTS)("conversation webhooks on %s", (dialect) => {
  let t: TestApp | undefined;
  let receiver: WebhookReceiver | undefined;
  afterEach(async () => {
    await t?.close();
    await receiver?.close();
    t = undefined;
  });

  it.skipIf(shouldSkip(dialect))("a turn and a takeover produce thread.* webhooks in order", async () => {
    const mock = scriptedModel(() => ({ text: "Hi, human" }));
    t = await createTestApp({
      dialect,
      modelOverride: () => mock.model,
      env: { PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true" },
    });
    receiver = await WebhookReceiver.start();
    // Without any endpoint, nothing is stored for webhooks.
    const { chat: unwatched } = await activeChat(t);
    await streamTurn(t, unwatched.id, "nobody-listens", "hello");
    expect(await t.storage.db.selectFrom("webhook_events").select("id").execute()).toEqual([]);
    const endpoint = (
      await t.call("POST", "/v1/webhook-endpoints", {
        body: { url: receiver.url, secret: "whsec_conversation_test_secret" },
      })
    ).json();
    expect(endpoint.secret).toBe("whsec_conversation_test_secret");
    const { chat } = await activeChat(t);

    await streamTurn(t, chat.id, "wh-1", "hello");
    await t.call("POST", "/v1/threads/wh-1/mode", { body: { mode: "manual" } });
    await receiver.waitFor(() => receiver!.accepted.length >= 4);

    const bodies = receiver.accepted.map((r) => r.body);
    expect(bodies.map((b) => b.type)).toEqual([
      "thread.created",
      "thread.message.created",
      "thread.message.created",
      "thread.mode.changed",
    ]);
    expect(bodies[0]!.data).toMatchObject({ thread_id: "wh-1", chat_id: chat.id, mode: "auto" });
    expect(bodies[1]!.data).toMatchObject({ message: { role: "user", content: "hello" } });
    expect(bodies[2]!.data).toMatchObject({ message: { author: "bot", content: "Hi, human" } });
    expect(bodies[3]!.data).toMatchObject({ mode: "manual", previous_mode: "auto" });
    for (const request of receiver.accepted) {
      expect(
        verifyWebhookSignature(
          "whsec_conversation_test_secret",
          request.raw,
          request.headers["x-service-signature"],
        ),
      ).toBe(true);
      expect(request.headers["x-service-event-id"]).toBe(request.body.id);
    }
  });
});
