import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../helpers/conversation-fixtures.js";
import { lastUserText, scriptedModel } from "../../helpers/mock-model.js";
import { OtlpReceiver, type ReceivedSpan, SPAN_KIND, STATUS_ERROR } from "../../helpers/otlp-receiver.js";
import { freePort } from "../../helpers/server-process.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { WebhookReceiver } from "../../helpers/webhook-receiver.js";
import { telegramKit } from "../../vendors/fakes/telegram-fake.js";
import type { FakeVendor } from "../../vendors/vendor-kit.js";

/**
 * The spans of what runs outside a request (docs/quality.md, "OpenTelemetry"): a Telegram
 * customer writes (the hook's request span), the `thread.reply` job runs the turn (the turn's
 * span is the job's child), the `channel.deliver` job sends the reply (`send telegram`), and
 * the webhook dispatcher delivers the conversation's events (`webhook <event type>`), one of
 * them refused once. All exported to a real OTLP receiver on loopback.
 */
describe("OpenTelemetry spans of jobs, channel sends and webhook deliveries", () => {
  let receiver: OtlpReceiver;
  let vendor: FakeVendor;
  let webhooks: WebhookReceiver;
  let t: TestApp;
  let endpointId: string;
  let endpointSecret: string;
  let integrationId: string;
  const model = scriptedModel((options) => ({ text: `Echo: ${lastUserText(options)}` }));

  beforeAll(async () => {
    receiver = await OtlpReceiver.start();
    vendor = await telegramKit.start();
    // The first delivery is refused: its span fails; the others go through.
    webhooks = await WebhookReceiver.start((_request, n) => (n === 1 ? 503 : 200));
    const port = await freePort();
    t = await createTestApp({
      env: {
        ...vendor.env,
        PARLEY_PUBLIC_URL: `http://127.0.0.1:${port}`,
        PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true",
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
        OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
        OTEL_BSP_SCHEDULE_DELAY: "20",
      },
      modelOverride: () => model.model,
    });
    await t.app.listen({ port, host: "127.0.0.1" });
    const endpoint = (
      await t.call("POST", "/v1/webhook-endpoints", {
        body: { url: `${webhooks.url}?token=webhook-url-token` },
      })
    ).json();
    endpointId = endpoint.id;
    endpointSecret = endpoint.secret;
    const bot = (await t.call("POST", "/v1/bots", { body: { name: "Shop assistant" } })).json();
    const integration = (
      await t.call("POST", "/v1/integrations", {
        body: { name: "Shop on Telegram", vendor: "telegram", auth_data: vendor.authData() },
      })
    ).json();
    integrationId = integration.id;
    const chat = (
      await t.call("POST", `/v1/integrations/${integration.id}/chats`, {
        body: { bot_id: bot.id, name: "inbox" },
      })
    ).json();
    await t.call("POST", `/v1/integrations/${integration.id}/chats/${chat.id}/status`, {
      body: { status: "active" },
    });
    await eventually(
      async () => (await t.call("GET", `/v1/integrations/${integration.id}`)).json(),
      (body) => body.connection.status !== "pending",
    );

    const answer = await vendor.deliverText({
      userId: "5001",
      userName: "Ann Lee",
      text: "hello from telegram",
    });
    expect(answer.status).toBe(200);
    await eventually(
      async () => receiver.names(),
      (names) =>
        names.includes("send telegram") &&
        names.includes("job channel.deliver") &&
        receiver.spans.some((span) => span.name.startsWith("webhook ") && span.statusCode === STATUS_ERROR),
    );
  });

  afterAll(async () => {
    await t?.close();
    await vendor?.close();
    await webhooks?.close();
    await receiver?.close();
  });

  const attribute = (span: ReceivedSpan, key: string) => span.attributes[key];

  it("a vendor's hook is a SERVER span of its route", () => {
    const hook = receiver.spanNamed("POST /hooks/:vendor/:integration_id");
    expect(hook.kind).toBe(SPAN_KIND.SERVER);
    expect(hook.attributes).toMatchObject({
      "http.response.status_code": 200,
      "url.path": `/hooks/telegram/${integrationId}`,
    });
  });

  it("the thread.reply job is a span, and the turn it runs is its child", () => {
    const job = receiver.spanNamed("job thread.reply");
    expect(job.kind).toBe(SPAN_KIND.INTERNAL);
    expect(job.attributes).toMatchObject({
      "parley.job.type": "thread.reply",
      "parley.job.attempt": 1,
      "parley.job.outcome": "completed",
      "parley.project.id": t.projectId,
    });
    const [turn] = receiver.childrenOf(job).filter((span) => span.name.startsWith("invoke_agent"));
    expect(turn).toBeDefined();
    expect(turn!.attributes).toMatchObject({
      "parley.job.id": attribute(job, "parley.job.id"),
      "parley.turn.outcome": "replied",
    });
  });

  it("the reply's send is a CLIENT span `send telegram` under its channel.deliver job", () => {
    const job = receiver.spanNamed("job channel.deliver");
    expect(job.attributes).toMatchObject({ "parley.job.outcome": "completed" });
    const send = receiver.spanNamed("send telegram");
    expect(send).toMatchObject({ kind: SPAN_KIND.CLIENT, parentSpanId: job.spanId, traceId: job.traceId });
    expect(send.statusCode).not.toBe(STATUS_ERROR);
    expect(send.attributes).toMatchObject({
      "parley.vendor": "telegram",
      "parley.integration.id": integrationId,
      "parley.delivery.outcome": "sent",
      "parley.delivery.parts": 1,
      "parley.delivery.parts_sent": 1,
      "parley.delivery.attempt": 1,
    });
    expect(String(attribute(send, "parley.message.id"))).toMatch(/^msg_/);
  });

  it("each webhook delivery attempt is a CLIENT span naming the endpoint, the event and the status; a refused one fails", async () => {
    const deliveries = () => receiver.spans.filter((span) => span.name.startsWith("webhook "));
    const refused = deliveries().find((span) => span.statusCode === STATUS_ERROR);
    expect(refused?.attributes).toMatchObject({
      "http.response.status_code": 503,
      "error.type": "503",
      "parley.webhook.outcome": "retrying",
      "parley.webhook.attempt": 1,
    });
    // Its next attempt is a span of its own.
    const deliveryId = attribute(refused!, "parley.webhook.delivery.id");
    const retried = await eventually(
      async () =>
        deliveries().find(
          (span) => span.attributes["parley.webhook.delivery.id"] === deliveryId && span !== refused,
        ),
      (span) => span !== undefined,
    );
    expect(retried?.statusCode).not.toBe(STATUS_ERROR);
    expect(retried?.attributes).toMatchObject({
      "http.response.status_code": 200,
      "parley.webhook.outcome": "delivered",
      "parley.webhook.attempt": 2,
    });
    for (const span of deliveries()) {
      expect(span.kind).toBe(SPAN_KIND.CLIENT);
      expect(span.name).toBe(`webhook ${attribute(span, "parley.webhook.event.type")}`);
      expect(span.attributes).toMatchObject({
        "http.request.method": "POST",
        "server.address": "127.0.0.1",
        "parley.webhook.endpoint.id": endpointId,
      });
    }
  });

  it("exports no message text, credentials, signing secret or webhook URL", () => {
    const exported = receiver.allText();
    const telegramToken = String((vendor.authData() as { token?: string }).token ?? "");
    expect(telegramToken).not.toBe("");
    for (const secret of [
      "hello from telegram",
      "Echo:",
      telegramToken,
      endpointSecret,
      "webhook-url-token",
      "/hooks?",
      t.adminKey,
    ]) {
      expect(exported).not.toContain(secret);
    }
  });
});
