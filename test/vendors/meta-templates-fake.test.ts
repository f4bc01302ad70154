import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeGraph, startFakeGraph } from "./fakes/meta-fake.js";

/**
 * The Meta fake's template side (docs/channels.md, "Templates") answers a wrongly shaped
 * `type: "template"` message with the Cloud API's own errors, so Parley's request is checked
 * against the real shape, not merely accepted.
 */
describe("Meta fake: WhatsApp template messages", () => {
  let fake: FakeGraph;
  const send = async (template: unknown) => {
    const response = await fetch(`${fake.apiBaseUrl()}/106540352242922/messages`, {
      method: "POST",
      headers: { authorization: "Bearer fake_whatsapp_access_token", "content-type": "application/json" },
      body: JSON.stringify({ messaging_product: "whatsapp", to: "15550000001", type: "template", template }),
    });
    return { status: response.status, body: (await response.json()) as { error?: { code: number } } };
  };

  beforeAll(async () => {
    fake = await startFakeGraph("whatsapp");
  });
  afterAll(async () => {
    await fake?.close();
  });

  it("accepts the documented shape and records it", async () => {
    const answer = await send({
      name: "order_update",
      language: { policy: "deterministic", code: "en_US" },
      components: [
        { type: "header", parameters: [{ type: "text", text: "1" }] },
        {
          type: "body",
          parameters: [
            { type: "text", text: "Ann" },
            { type: "text", text: "#1" },
          ],
        },
      ],
    });
    expect(answer.status).toBe(200);
    expect(fake.templateMessages).toHaveLength(1);
  });

  it("answers Meta's errors for a wrong shape, an unknown or unapproved template and a parameter count", async () => {
    expect((await send({ name: "order_update", language: "en_US" })).body.error?.code).toBe(100);
    expect((await send({ name: "nope", language: { code: "en_US" } })).body.error?.code).toBe(132001);
    expect((await send({ name: "spring_sale", language: { code: "en_US" } })).body.error?.code).toBe(132001);
    const short = await send({
      name: "order_update",
      language: { code: "en_US" },
      components: [{ type: "body", parameters: [{ type: "text", text: "Ann" }] }],
    });
    expect(short).toMatchObject({ status: 400, body: { error: { code: 132000 } } });
    const blank = await send({
      name: "follow_up",
      language: { code: "en_US" },
      components: [{ type: "body", parameters: [{ type: "text", text: "" }] }],
    });
    expect(blank.body.error?.code).toBe(131008);
    expect(fake.templateMessages).toHaveLength(1);
  });
});
