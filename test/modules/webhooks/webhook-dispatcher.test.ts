import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AuthContext } from "../../../src/infra/auth-context.js";
import { newId } from "../../../src/infra/ids.js";
import { createSecretBox, type SecretBox } from "../../../src/infra/secret-box.js";
import { bootstrap } from "../../../src/modules/projects/bootstrap.js";
import {
  createWebhookSender,
  type WebhookSender,
} from "../../../src/modules/webhooks/delivery/http-sender.js";
import type { WebhookRetrySchedule } from "../../../src/modules/webhooks/delivery/retry-schedule.js";
import {
  DISABLED_FAILING,
  DISABLED_GONE,
  WebhookDispatcher,
  type WebhookDispatcherDeps,
} from "../../../src/modules/webhooks/delivery/webhook-dispatcher.js";
import {
  pruneWebhookDeliveries,
  recordWebhookEvent,
} from "../../../src/modules/webhooks/delivery/webhook-outbox.js";
import { WebhooksService } from "../../../src/modules/webhooks/webhooks-service.js";
import type { Storage } from "../../../src/storage/database.js";
import { migrateToLatest } from "../../../src/storage/migrator.js";
import { createRepos } from "../../../src/storage/repos/index.js";
import { WebhookRepo } from "../../../src/storage/repos/webhooks.repo.js";
import { DIALECTS, openTestStorage, shouldSkip } from "../../helpers/dialects.js";
import { ManualClock } from "../../helpers/manual-clock.js";
import { type Responder, WebhookReceiver } from "../../helpers/webhook-receiver.js";

const SECOND = 1_000;
/** Retries after 1 s each, giving up on a failure 5 s or more after the first attempt. */
const FAST: WebhookRetrySchedule = { delaysMs: [SECOND], giveUpAfterMs: 5 * SECOND, jitter: 0 };

const quietLog = { info() {}, warn() {}, error() {} };

describe.each(DIALECTS)("webhook dispatcher on %s", (dialect) => {
  let storage: Storage;
  let clock: ManualClock;
  let secrets: SecretBox;
  let sender: WebhookSender;
  let auth: AuthContext;
  let service: WebhooksService;
  const receivers: WebhookReceiver[] = [];
  const dispatchers: WebhookDispatcher[] = [];

  beforeEach(async () => {
    if (shouldSkip(dialect)) return;
    storage = await openTestStorage(dialect);
    await migrateToLatest(storage);
    clock = new ManualClock();
    const boot = await bootstrap(storage, { clock, newId, bootstrapKey: undefined });
    if (!boot.created) throw new Error("not a fresh database");
    auth = {
      keyId: boot.keyId,
      projectId: boot.projectId,
      organizationId: boot.organizationId,
      role: "admin",
    };
    secrets = createSecretBox(randomBytes(32));
    sender = createWebhookSender({ allowPrivate: true, timeoutMs: 5_000 });
    service = new WebhooksService({
      repos: createRepos(storage.db),
      secrets,
      clock,
      newId,
      allowPrivate: true,
    });
  });

  afterEach(async () => {
    for (const dispatcher of dispatchers.splice(0)) await dispatcher.stop();
    for (const receiver of receivers.splice(0)) await receiver.close();
    sender?.close();
    await storage?.close();
  });

  const it_ = it.skipIf(shouldSkip(dialect));

  function dispatcher(overrides: Partial<WebhookDispatcherDeps> = {}): WebhookDispatcher {
    const created = new WebhookDispatcher({
      storage,
      secrets,
      sender,
      clock,
      log: quietLog,
      newId,
      schedule: FAST,
      ...overrides,
    });
    dispatchers.push(created);
    return created;
  }

  async function receiver(respond?: Responder) {
    const started = await WebhookReceiver.start(respond);
    receivers.push(started);
    return started;
  }

  async function endpoint(url: string, options: { ordered?: boolean; events?: ["thread.created"] } = {}) {
    return service.create(auth, { url, ...options });
  }

  async function emit(n = 1, type: "thread.created" | "billing.balance.low" = "thread.created") {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const data =
        type === "thread.created"
          ? {
              thread_id: `thr_${i}`,
              chat_id: "chat_1",
              bot_id: "bot_1",
              mode: "auto" as const,
              created_at: clock.now().toISOString(),
            }
          : { credits: 5, bonus: 0, threshold: 10 };
      const recorded = await recordWebhookEvent(
        createRepos(storage.db),
        { projectId: auth.projectId, type, data } as Parameters<typeof recordWebhookEvent>[1],
        { clock, newId },
      );
      ids.push(recorded.eventId!);
    }
    return ids;
  }

  async function deliveries(endpointId: string) {
    return storage.db
      .selectFrom("webhook_deliveries")
      .selectAll()
      .where("endpoint_id", "=", endpointId)
      .orderBy("seq")
      .execute();
  }

  it_(
    "delivers an ordered endpoint's events one at a time, in order, the head blocking the rest",
    async () => {
      const rx = await receiver((_request, n) => (n <= 2 ? 500 : 200));
      const target = await endpoint(rx.url);
      const events = await emit(3);
      const d = dispatcher();

      expect(await d.runDue()).toBe(1); // the head fails
      expect(rx.received.map((r) => r.body.id)).toEqual([events[0]]);
      expect(await d.runDue()).toBe(0); // the head waits 1 s; the others wait behind it
      clock.advance(SECOND);
      expect(await d.runDue()).toBe(1); // fails again
      clock.advance(SECOND);
      expect(await d.runDue()).toBe(3); // succeeds, then the two behind it go in order
      expect(rx.received.map((r) => r.body.id)).toEqual([
        events[0],
        events[0],
        events[0],
        events[1],
        events[2],
      ]);
      expect(rx.acceptedEventIds()).toEqual(events);

      const rows = await deliveries(target.id);
      expect(rows.map((r) => [r.status, r.attempts])).toEqual([
        ["succeeded", 3],
        ["succeeded", 1],
        ["succeeded", 1],
      ]);
      expect(rows[0]?.last_status_code).toBe(200);
      expect(rows[0]?.next_attempt_at).toBeNull();
      const stored = await new WebhookRepo(storage.db).findEndpoint(target.id);
      expect(stored?.consecutive_failures).toBe(0);
    },
  );

  it_("lets an unordered endpoint's other deliveries pass a failing one", async () => {
    let firstId: string | undefined;
    const rx = await receiver((request) => (request.body.id === firstId ? 500 : 200));
    const target = await endpoint(rx.url, { ordered: false });
    const events = await emit(3);
    firstId = events[0];
    expect(await dispatcher().runDue()).toBe(3);
    expect(rx.acceptedEventIds()).toEqual([events[1], events[2]]);
    const rows = await deliveries(target.id);
    expect(rows.map((r) => r.status)).toEqual(["pending", "succeeded", "succeeded"]);
    expect(rows[0]).toMatchObject({
      attempts: 1,
      schedule_step: 1,
      last_status_code: 500,
      last_error: "HTTP 500",
      last_response: "no (500)",
      next_attempt_at: new Date(clock.now().getTime() + SECOND).toISOString(),
    });
  });

  it_("sends a delivery claimed by a dispatcher that died once its lease expires", async () => {
    const rx = await receiver();
    const target = await endpoint(rx.url);
    const [eventId] = await emit(1);
    // The "crashed" process: claims, then never sends nor records anything.
    const claimed = await new WebhookRepo(storage.db).claim({
      lockedBy: "crashed",
      limit: 10,
      now: clock.now(),
      leaseMs: 60 * SECOND,
    });
    expect(claimed).toHaveLength(1);

    const survivor = dispatcher({ leaseMs: 60 * SECOND });
    expect(await survivor.runDue()).toBe(0);
    clock.advance(59 * SECOND);
    expect(await survivor.runDue()).toBe(0);
    clock.advance(2 * SECOND);
    expect(await survivor.runDue()).toBe(1);
    expect(rx.acceptedEventIds()).toEqual([eventId]);
    const [row] = await deliveries(target.id);
    expect(row).toMatchObject({ status: "succeeded", attempts: 2, locked_by: null, locked_until: null });
  });

  it_("ignores the outcome of a dispatcher whose lease was taken over", async () => {
    const rx = await receiver();
    const target = await endpoint(rx.url);
    await emit(1);
    const repo = new WebhookRepo(storage.db);
    const [stale] = await repo.claim({ lockedBy: "slow", limit: 1, now: clock.now(), leaseMs: SECOND });
    clock.advance(2 * SECOND);
    expect(await dispatcher().runDue()).toBe(1);
    const lease = { id: stale!.delivery.id, lockedBy: "slow", attempts: stale!.delivery.attempts };
    expect(
      await repo.fail(lease, { statusCode: 500, error: "late", response: null }, clock.now().toISOString()),
    ).toBe(false);
    const [row] = await deliveries(target.id);
    expect(row?.status).toBe("succeeded");
  });

  it_("never sends one delivery twice when two dispatchers poll the same database", async () => {
    const rx = await receiver();
    await endpoint(rx.url, { ordered: false });
    const ordered = await receiver();
    await endpoint(ordered.url);
    const events = await emit(20);
    const a = dispatcher({ concurrency: 3, dispatcherId: "a" });
    const b = dispatcher({ concurrency: 3, dispatcherId: "b" });
    await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(rx.received).toHaveLength(20);
    expect(new Set(rx.received.map((r) => r.body.id)).size).toBe(20);
    expect(ordered.received.map((r) => r.body.id)).toEqual(events);
  });

  it_(
    "disables an endpoint that answers 410, cancels its pending deliveries and tells the others",
    async () => {
      const gone = await receiver(() => 410);
      const witness = await receiver();
      const target = await endpoint(gone.url);
      const other = await endpoint(witness.url);
      const events = await emit(2);
      await dispatcher().runDue();

      expect(gone.received.map((r) => r.body.id)).toEqual([events[0]]);
      const stored = await service.get(auth, target.id);
      expect(stored).toMatchObject({ status: "disabled", disabled_reason: DISABLED_GONE });
      expect((await deliveries(target.id)).map((r) => [r.status, r.last_status_code])).toEqual([
        ["failed", 410],
        ["cancelled", null],
      ]);
      const disabledEvents = witness.received.filter((r) => r.body.type === "webhook_endpoint.disabled");
      expect(disabledEvents).toHaveLength(1);
      expect(disabledEvents[0]?.body.data).toEqual({ endpoint_id: target.id, url: gone.url, reason: "gone" });
      expect(witness.acceptedEventIds().slice(0, 2)).toEqual(events);
      expect(other.status).toBe("active");

      // A disabled endpoint gets no deliveries for new events.
      await emit(1);
      expect(await deliveries(target.id)).toHaveLength(2);
    },
  );

  it_("fails a delivery when the schedule is exhausted and disables the endpoint", async () => {
    const failing = await receiver(() => 503);
    const witness = await receiver();
    const target = await endpoint(failing.url);
    await endpoint(witness.url, { events: ["thread.created"] }); // not subscribed to the disabled event
    const third = await receiver();
    await endpoint(third.url);
    await emit(2);
    const d = dispatcher();
    for (let second = 0; second <= 5; second++) {
      expect(await d.runDue()).toBeGreaterThanOrEqual(1);
      const [head] = await deliveries(target.id);
      if (second < 5) expect(head?.status).toBe("pending");
      clock.advance(SECOND);
    }
    expect(failing.received).toHaveLength(6); // t = 0 … 5 s; the failure at 5 s is the last
    const rows = await deliveries(target.id);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ["failed", 6],
      ["pending", 0], // waits, behind the head, until the endpoint is enabled again
    ]);
    const stored = await new WebhookRepo(storage.db).findEndpoint(target.id);
    expect(stored).toMatchObject({
      status: "disabled",
      disabled_reason: DISABLED_FAILING,
      consecutive_failures: 6,
    });
    expect(witness.received.map((r) => r.body.type)).toEqual(["thread.created", "thread.created"]);
    expect(third.received.map((r) => r.body.type)).toEqual([
      "thread.created",
      "thread.created",
      "webhook_endpoint.disabled",
    ]);
    expect(third.received[2]?.body.data).toEqual({
      endpoint_id: target.id,
      url: failing.url,
      reason: "failing for over 24 hours",
    });
    expect(await d.runDue()).toBe(0);

    // Re-enabled (the receiver fixed): the waiting delivery goes at once, with a fresh schedule.
    failing.respond = () => 200;
    const enabled = await service.update(auth, target.id, { status: "active" });
    expect(enabled).toMatchObject({ status: "active", disabled_reason: null });
    expect(await d.runDue()).toBe(1);
    expect((await deliveries(target.id)).map((r) => r.status)).toEqual(["failed", "succeeded"]);
    expect((await new WebhookRepo(storage.db).findEndpoint(target.id))?.consecutive_failures).toBe(0);
  });

  it_("holds pending deliveries while the endpoint is disabled", async () => {
    const rx = await receiver();
    const target = await endpoint(rx.url);
    await emit(1);
    await service.update(auth, target.id, { status: "disabled" });
    await emit(1); // no delivery while disabled
    expect(await dispatcher().runDue()).toBe(0);
    expect(rx.received).toHaveLength(0);
    expect(await deliveries(target.id)).toHaveLength(1);
  });

  it_("records nothing when the caller's transaction rolls back, everything when it commits", async () => {
    const rx = await receiver();
    const target = await endpoint(rx.url);
    const data = { credits: 1, bonus: 0, threshold: 10 };
    await expect(
      storage.db.transaction().execute(async (trx) => {
        await recordWebhookEvent(
          createRepos(trx),
          { projectId: auth.projectId, type: "billing.balance.low", data },
          { clock, newId },
        );
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await storage.db.selectFrom("webhook_events").selectAll().execute()).toEqual([]);
    expect(await deliveries(target.id)).toEqual([]);

    const recorded = await storage.db
      .transaction()
      .execute((trx) =>
        recordWebhookEvent(
          createRepos(trx),
          { projectId: auth.projectId, type: "billing.balance.low", data },
          { clock, newId },
        ),
      );
    expect(recorded).toEqual({ eventId: expect.stringMatching(/^evt_/), deliveries: 1 });
    const [event] = await storage.db.selectFrom("webhook_events").selectAll().execute();
    expect(event).toMatchObject({
      id: recorded.eventId,
      type: "billing.balance.low",
      project_id: auth.projectId,
    });
    expect(JSON.parse(event!.data)).toEqual(data);
    expect((await deliveries(target.id))[0]).toMatchObject({ status: "pending", event_id: recorded.eventId });
  });

  it_("creates deliveries only for endpoints whose events filter selects the type", async () => {
    const all = await endpoint("http://127.0.0.1:9/all");
    const some = await endpoint("http://127.0.0.1:9/some", { events: ["thread.created"] });
    await emit(1, "thread.created");
    const low = await emit(1, "billing.balance.low");
    expect(await deliveries(all.id)).toHaveLength(2);
    const filtered = await deliveries(some.id);
    expect(filtered).toHaveLength(1);
    expect(filtered[0]?.event_id).not.toBe(low[0]);
  });

  it_("prunes finished deliveries past retention and events nothing refers to", async () => {
    const rx = await receiver((request) => (request.body.type === "billing.balance.low" ? 500 : 200));
    const target = await endpoint(rx.url, { ordered: false });
    await emit(2, "thread.created");
    const [pendingEvent] = await emit(1, "billing.balance.low");
    await dispatcher().runDue();
    clock.advance(31 * 24 * 3600 * SECOND);
    const [recent] = await emit(1, "thread.created"); // pending, recent
    const cutoff = new Date(clock.now().getTime() - 30 * 24 * 3600 * SECOND);
    expect(await pruneWebhookDeliveries(createRepos(storage.db), cutoff)).toBe(2);
    const rows = await deliveries(target.id);
    expect(rows.map((r) => r.event_id).sort()).toEqual([pendingEvent, recent].sort());
    const events = await storage.db.selectFrom("webhook_events").select("id").execute();
    expect(events.map((e) => e.id).sort()).toEqual([pendingEvent, recent].sort());
  });

  it_("keeps sending from start() until stopped, woken by wake()", async () => {
    const rx = await receiver();
    await endpoint(rx.url);
    const d = dispatcher({ pollIntervalMs: 60_000 });
    d.start();
    const [first] = await emit(1);
    d.wake();
    await rx.waitFor(() => rx.received.length === 1);
    expect(rx.received[0]?.body.id).toBe(first);
    await d.stop();
    await emit(1);
    d.wake();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(rx.received).toHaveLength(1);
  });
});
