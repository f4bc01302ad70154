import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { systemClock } from "../../../src/infra/clock.js";
import { newId } from "../../../src/infra/ids.js";
import { verifyWebhookSignature } from "../../../src/modules/webhooks/delivery/signature.js";
import { recordWebhookEvent } from "../../../src/modules/webhooks/delivery/webhook-outbox.js";
import { createRepos } from "../../../src/storage/repos/index.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { WebhookReceiver } from "../../helpers/webhook-receiver.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Webhooks end to end through the app: endpoints created with the API, events recorded with
 * the outbox, delivered by the app's dispatcher to a real HTTP server on 127.0.0.1.
 */
describe.each(DIALECTS)("webhook delivery through the app on %s", (dialect) => {
  let t: TestApp;
  let rx: WebhookReceiver;
  beforeEach(async () => {
    if (shouldSkip(dialect)) return;
    t = await createTestApp({
      dialect,
      env: { PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true" },
      // Retries 20 ms apart, for a minute: fast, and never exhausted within a test.
      webhooks: { pollIntervalMs: 20, schedule: { delaysMs: [20], giveUpAfterMs: 60_000, jitter: 0 } },
    });
    rx = await WebhookReceiver.start();
  });
  afterEach(async () => {
    await t?.close();
    await rx?.close();
  });

  const it_ = it.skipIf(shouldSkip(dialect));

  async function createEndpoint(body: Record<string, unknown> = {}) {
    const response = await t.call("POST", "/v1/webhook-endpoints", { body: { url: rx.url, ...body } });
    expect(response.statusCode).toBe(200);
    return response.json() as { id: string; secret: string };
  }

  async function emit(n: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const recorded = await recordWebhookEvent(
        createRepos(t.storage.db),
        {
          projectId: t.projectId,
          type: "thread.mode.changed",
          data: { thread_id: `thr_${i}`, chat_id: "chat_1", mode: "manual", previous_mode: "auto" },
        },
        { clock: systemClock, newId },
      );
      ids.push(recorded.eventId!);
    }
    return ids;
  }

  async function log(endpointId: string, query = "") {
    const response = await t.call("GET", `/v1/webhook-endpoints/${endpointId}/deliveries${query}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  /** The newest delivery once it has the status (outcomes are written just after the answer). */
  async function newestWhen(endpointId: string, status: string) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const [newest] = (await log(endpointId)).data;
      if (newest?.status === status) return newest;
      if (Date.now() > deadline) throw new Error(`newest delivery never became ${status}`);
      await sleep(10);
    }
  }

  it_("POSTs the signed event; the receiver verifies the signature over the raw bytes", async () => {
    const endpoint = await createEndpoint();
    const [eventId] = await emit(1);
    await rx.waitFor(() => rx.received.length === 1);
    const [request] = rx.received;
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers["x-service-event-id"]).toBe(eventId);
    expect(request?.headers["x-service-timestamp"]).toMatch(/^\d{10}$/);
    expect(request?.headers["user-agent"]).toMatch(/^Parley-Webhooks\//);
    expect(
      verifyWebhookSignature(endpoint.secret, request!.raw, request?.headers["x-service-signature"]),
    ).toBe(true);
    expect(
      verifyWebhookSignature("another-secret", request!.raw, request?.headers["x-service-signature"]),
    ).toBe(false);
    expect(request?.body).toEqual({
      id: eventId,
      type: "thread.mode.changed",
      created_at: expect.stringMatching(/Z$/),
      data: { thread_id: "thr_0", chat_id: "chat_1", mode: "manual", previous_mode: "auto" },
    });
    expect(Object.keys(request!.body)).toEqual(["id", "type", "created_at", "data"]);

    await newestWhen(endpoint.id, "succeeded");
    const page = await log(endpoint.id);
    expect(page.data).toEqual([
      {
        id: expect.stringMatching(/^dlv_/),
        event_id: eventId,
        event_type: "thread.mode.changed",
        status: "succeeded",
        attempts: 1,
        last_status_code: 200,
        last_error: null,
        last_response: "ok",
        next_attempt_at: null,
        delivered_at: expect.any(String),
        created_at: expect.any(String),
      },
    ]);
  });

  it_("gets every event exactly once, in order, from a receiver that fails for a while", async () => {
    rx.respond = (_request, n) => (n <= 6 ? 500 : 200);
    await createEndpoint();
    const events = await emit(5);
    await rx.waitFor(() => rx.acceptedEventIds().length === 5);
    expect(rx.acceptedEventIds()).toEqual(events);
    // Ordered: nothing behind the failing head was attempted while it failed.
    expect(rx.received.slice(0, 7).map((r) => r.body.id)).toEqual(Array(7).fill(events[0]));
    expect(rx.accepted.map((r) => r.body.id)).toEqual(events);
  });

  it_("stops delivering to a disabled endpoint and resumes when it is enabled again", async () => {
    const endpoint = await createEndpoint();
    await t.call("PUT", `/v1/webhook-endpoints/${endpoint.id}`, { body: { status: "disabled" } });
    await emit(2);
    await sleep(200);
    expect(rx.received).toHaveLength(0);
    expect((await log(endpoint.id)).data).toEqual([]);

    await t.call("PUT", `/v1/webhook-endpoints/${endpoint.id}`, { body: { status: "active" } });
    const later = await emit(1);
    await rx.waitFor(() => rx.received.length === 1);
    expect(rx.acceptedEventIds()).toEqual(later);
  });

  it_("pages the delivery log newest first", async () => {
    const endpoint = await createEndpoint();
    const events = await emit(5);
    await rx.waitFor(() => rx.received.length === 5);
    const seen: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const page = await log(endpoint.id, `?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      sizes.push(page.data.length);
      seen.push(...page.data.map((d: { event_id: string }) => d.event_id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(sizes).toEqual([2, 2, 1]);
    expect(seen).toEqual([...events].reverse());
    expect((await log(endpoint.id, "?limit=5")).next_cursor).toBeNull();

    const badCursor = await t.call("GET", `/v1/webhook-endpoints/${endpoint.id}/deliveries?cursor=zzz`);
    expect(badCursor.statusCode).toBe(422);
    const tooMany = await t.call("GET", `/v1/webhook-endpoints/${endpoint.id}/deliveries?limit=101`);
    expect(tooMany.statusCode).toBe(422);
  });

  it_("retries a failed delivery and replays a succeeded one on request", async () => {
    const endpoint = await createEndpoint();
    const [eventId] = await emit(1);
    await rx.waitFor(() => rx.received.length === 1);
    const delivery = await newestWhen(endpoint.id, "succeeded");

    const replay = await t.call(
      "POST",
      `/v1/webhook-endpoints/${endpoint.id}/deliveries/${delivery.id}/retry`,
    );
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({
      id: delivery.id,
      status: "pending",
      next_attempt_at: expect.any(String),
    });
    await rx.waitFor(() => rx.received.length === 2);
    expect(rx.received.map((r) => r.body.id)).toEqual([eventId, eventId]);
    expect(await newestWhen(endpoint.id, "succeeded")).toMatchObject({ attempts: 2 });

    // Disabled endpoints refuse retries: enable first.
    await t.call("PUT", `/v1/webhook-endpoints/${endpoint.id}`, { body: { status: "disabled" } });
    const refused = await t.call(
      "POST",
      `/v1/webhook-endpoints/${endpoint.id}/deliveries/${delivery.id}/retry`,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("webhook_endpoint_disabled");
  });

  it_("disables an endpoint that answers 410 and tells the project's other endpoints", async () => {
    const goneRx = await WebhookReceiver.start(() => 410);
    try {
      const gone = await createEndpoint({ url: goneRx.url });
      await createEndpoint({ events: ["webhook_endpoint.disabled"] });
      await emit(1);
      await rx.waitFor(() => rx.received.length === 1);
      expect(rx.received[0]?.body).toMatchObject({
        type: "webhook_endpoint.disabled",
        data: { endpoint_id: gone.id, url: goneRx.url, reason: "gone" },
      });
      const stored = (await t.call("GET", `/v1/webhook-endpoints/${gone.id}`)).json();
      expect(stored).toMatchObject({ status: "disabled", disabled_reason: "gone" });
      const delivery = await newestWhen(gone.id, "failed");
      expect(delivery).toMatchObject({ last_status_code: 410, next_attempt_at: null });
    } finally {
      await goneRx.close();
    }
  });
});
