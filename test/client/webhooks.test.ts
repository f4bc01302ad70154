import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { collectReply, createParleyClient, unwrap } from "../../client/src/index.js";
import * as client from "../../client/src/webhooks.js";
import * as server from "../../src/modules/webhooks/delivery/signature.js";
import { listen } from "../helpers/live-app.js";
import { scriptedModel } from "../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { WebhookReceiver } from "../helpers/webhook-receiver.js";
import { activeChatThroughClient } from "./client-fixtures.js";

describe("@parley/client/webhooks", () => {
  it("is the server's implementation: same header names, same signatures, same verdicts", () => {
    expect(client.WEBHOOK_SIGNATURE_HEADER).toBe(server.WEBHOOK_SIGNATURE_HEADER);
    expect(client.WEBHOOK_EVENT_ID_HEADER).toBe(server.WEBHOOK_EVENT_ID_HEADER);
    expect(client.WEBHOOK_TIMESTAMP_HEADER).toBe(server.WEBHOOK_TIMESTAMP_HEADER);
    for (let i = 0; i < 20; i++) {
      const secret = `whsec_${randomBytes(12).toString("hex")}`;
      const body = JSON.stringify({ id: `evt_${i}`, data: { text: randomBytes(i * 7).toString("base64") } });
      const signature = server.signWebhookBody(secret, body);
      expect(client.signWebhookBody(secret, body)).toBe(signature);
      expect(client.verifyWebhookSignature(secret, Buffer.from(body), signature)).toBe(true);
      expect(client.verifyWebhookSignature(secret, `${body} `, signature)).toBe(false);
      expect(client.verifyWebhookSignature(`${secret}x`, body, signature)).toBe(false);
      expect(client.verifyWebhookSignature(secret, body, [signature, signature])).toBe(false);
    }
  });
});

describe("@parley/client/webhooks against a running Parley", () => {
  let t: TestApp | undefined;
  let receiver: WebhookReceiver | undefined;
  afterEach(async () => {
    await t?.close();
    await receiver?.close();
  });

  it("verifies the deliveries of an endpoint made through the client, and refuses a tampered body", async () => {
    const mock = scriptedModel();
    t = await createTestApp({
      modelOverride: () => mock.model,
      env: { PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true" },
      webhooks: { pollIntervalMs: 20 },
    });
    receiver = await WebhookReceiver.start();
    const api = createParleyClient({ baseUrl: await listen(t), apiKey: t.adminKey });
    const endpoint = await unwrap(
      api.POST("/v1/webhook-endpoints", {
        body: { url: receiver.url, events: ["thread.created", "thread.message.created"] },
      }),
    );
    const { chat } = await activeChatThroughClient(api);
    await collectReply(api, {
      chatId: chat.id,
      threadId: "hooked",
      messages: [{ role: "user", content: "hi" }],
    });

    const rx = receiver;
    await rx.waitFor(() => rx.accepted.length >= 3);
    for (const delivery of rx.accepted) {
      const signature = delivery.headers[client.WEBHOOK_SIGNATURE_HEADER];
      expect(
        client.verifyWebhookSignature(endpoint.secret, delivery.raw, signature),
        delivery.body.type,
      ).toBe(true);
      expect(delivery.headers[client.WEBHOOK_EVENT_ID_HEADER]).toBe(delivery.body.id);
      const tampered = Buffer.from(delivery.raw.toString("utf8").replace("hooked", "hooker"));
      expect(client.verifyWebhookSignature(endpoint.secret, tampered, signature)).toBe(false);
    }
    expect(rx.accepted.map((delivery) => delivery.body.type).sort()).toEqual([
      "thread.created",
      "thread.message.created",
      "thread.message.created",
    ]);
  });
});
