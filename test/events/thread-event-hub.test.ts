import { randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StoredThreadEvent } from "../../src/events/thread-event.js";
import { ThreadEventHub } from "../../src/events/thread-event-hub.js";
import { WAIT_BOUND_MS } from "../helpers/wait-bound.js";

const REDIS_URL = process.env.PARLEY_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

function fakeLog() {
  const log = { warn: vi.fn(), error: vi.fn(), info: vi.fn(), debug: vi.fn() };
  return { log, logger: log as unknown as FastifyBaseLogger };
}

let nextSeq = 1;
function event(projectId: string, threadId: string, pending = 1): StoredThreadEvent {
  return {
    seq: nextSeq++,
    projectId,
    event: {
      thread_id: threadId,
      type: "pending_count",
      pending_count: pending,
      created_at: new Date().toISOString(),
    },
  };
}

/** Collects what a listener receives; `next()` waits for the n-th event. */
function collector() {
  const received: StoredThreadEvent[] = [];
  const waiters: Array<() => void> = [];
  return {
    received,
    listener: (events: readonly StoredThreadEvent[]) => {
      received.push(...events);
      for (const wake of waiters.splice(0)) wake();
    },
    async until(count: number, timeoutMs = WAIT_BOUND_MS) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} events, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
  };
}

describe("ThreadEventHub", () => {
  const hubs: ThreadEventHub[] = [];
  const hub = (options: Partial<ConstructorParameters<typeof ThreadEventHub>[0]> = {}) => {
    const created = new ThreadEventHub({ log: fakeLog().logger, ...options });
    hubs.push(created);
    return created;
  };
  afterEach(async () => {
    await Promise.all(hubs.splice(0).map((h) => h.close()));
  });

  describe("in one process", () => {
    it("delivers to the project's subscribers, filtered by thread, in order", async () => {
      const h = hub();
      const project = collector();
      const thread = collector();
      const other = collector();
      h.subscribe({ projectId: "prj_a" }, project.listener);
      h.subscribe({ projectId: "prj_a", threadId: "thr_1" }, thread.listener);
      h.subscribe({ projectId: "prj_b" }, other.listener);
      const events = [event("prj_a", "thr_1"), event("prj_a", "thr_2"), event("prj_a", "thr_1", 2)];
      h.publish(events);
      await h.delivered();
      expect(project.received).toEqual(events);
      expect(thread.received).toEqual([events[0], events[2]]);
      expect(other.received).toEqual([]);
    });

    it("a thread id of one project never matches another project's thread of the same id", async () => {
      const h = hub();
      const b = collector();
      h.subscribe({ projectId: "prj_b", threadId: "shared" }, b.listener);
      h.publish([event("prj_a", "shared")]);
      await h.delivered();
      expect(b.received).toEqual([]);
    });

    it("unsubscribing stops delivery and is counted", async () => {
      const h = hub();
      const c = collector();
      const off = h.subscribe({ projectId: "prj_a" }, c.listener);
      const off2 = h.subscribe({ projectId: "prj_a", threadId: "thr_1" }, () => {});
      expect(h.subscriberCount()).toBe(2);
      off();
      off(); // twice is harmless
      expect(h.subscriberCount()).toBe(1);
      h.publish([event("prj_a", "thr_1")]);
      await h.delivered();
      expect(c.received).toEqual([]);
      off2();
      expect(h.subscriberCount()).toBe(0);
    });

    it("a failing listener does not keep the event from the others", async () => {
      const { log, logger } = fakeLog();
      const h = hub({ log: logger });
      const c = collector();
      h.subscribe({ projectId: "prj_a" }, () => {
        throw new Error("boom");
      });
      h.subscribe({ projectId: "prj_a" }, c.listener);
      h.publish([event("prj_a", "thr_1")]);
      await h.delivered();
      expect(c.received).toHaveLength(1);
      expect(log.error).toHaveBeenCalledOnce();
    });

    it("a listener may unsubscribe itself while being called", async () => {
      const h = hub();
      const c = collector();
      let calls = 0;
      const off = h.subscribe({ projectId: "prj_a" }, () => {
        calls += 1;
        off();
      });
      h.subscribe({ projectId: "prj_a" }, c.listener);
      h.publish([event("prj_a", "thr_1"), event("prj_a", "thr_1", 2)]);
      await h.delivered();
      h.publish([event("prj_a", "thr_1", 3)]);
      await h.delivered();
      expect(calls).toBe(1);
      expect(c.received).toHaveLength(3);
      expect(h.subscriberCount()).toBe(1);
    });

    it("publish returns before any listener runs; what is published until then goes out as one batch", async () => {
      const h = hub();
      const order: string[] = [];
      h.subscribe({ projectId: "prj_a" }, (events) =>
        order.push(`listener ${events.map((stored) => stored.event.thread_id).join(" ")}`),
      );
      h.publish([event("prj_a", "thr_1")]);
      order.push("publish returned");
      h.publish([event("prj_a", "thr_2")]);
      const first = h.delivered();
      await first;
      expect(order).toEqual(["publish returned", "listener thr_1 thr_2"]);
      // Nothing pending: resolves at once; a later publish gets a delivery of its own.
      await h.delivered();
      h.publish([event("prj_a", "thr_3")]);
      expect(h.delivered()).not.toBe(first);
      await h.delivered();
      expect(order.at(-1)).toBe("listener thr_3");
    });

    it("in a burst, what is published within the delivery interval goes out in one delivery", async () => {
      const h = hub({ deliveryIntervalMs: 1000 });
      const deliveries: string[][] = [];
      h.subscribe({ projectId: "prj_a" }, (events) =>
        deliveries.push(events.map((stored) => stored.event.thread_id)),
      );
      h.publish([event("prj_a", "quiet")]);
      await h.delivered();
      h.publish([event("prj_a", "burst_1")]);
      const pending = h.delivered();
      await new Promise((resolve) => setImmediate(resolve));
      h.publish([event("prj_a", "burst_2")]);
      expect(h.delivered()).toBe(pending);
      expect(deliveries).toEqual([["quiet"]]);
      await pending;
      expect(deliveries).toEqual([["quiet"], ["burst_1", "burst_2"]]);
    });

    it("every subscriber of a scope is handed the same array: a stream can encode it once for all", async () => {
      const h = hub();
      const ofProject: Array<readonly StoredThreadEvent[]> = [];
      const ofThread: Array<readonly StoredThreadEvent[]> = [];
      const ofOtherThread: Array<readonly StoredThreadEvent[]> = [];
      for (let i = 0; i < 3; i++) {
        h.subscribe({ projectId: "prj_a" }, (events) => ofProject.push(events));
        h.subscribe({ projectId: "prj_a", threadId: "thr_1" }, (events) => ofThread.push(events));
        h.subscribe({ projectId: "prj_a", threadId: "thr_9" }, (events) => ofOtherThread.push(events));
      }
      const published = [event("prj_a", "thr_1"), event("prj_a", "thr_2")];
      h.publish(published);
      await h.delivered();
      expect(ofProject).toHaveLength(3);
      expect(ofProject[0]).toEqual(published);
      for (const events of ofProject) expect(events).toBe(ofProject[0]);
      expect(ofThread).toHaveLength(3);
      expect(ofThread[0]).toEqual([published[0]]);
      for (const events of ofThread) expect(events).toBe(ofThread[0]);
      expect(ofThread[0]![0]).toBe(published[0]);
      // A scope the delivery has nothing for is not called.
      expect(ofOtherThread).toEqual([]);
    });

    it("nothing is delivered after close", async () => {
      const h = hub();
      const c = collector();
      h.subscribe({ projectId: "prj_a" }, c.listener);
      h.publish([event("prj_a", "thr_1")]);
      const pending = h.delivered();
      await h.close();
      await pending;
      expect(c.received).toEqual([]);
    });

    it("delivers locally when Redis is unreachable, logs, and closes promptly", async () => {
      const { log, logger } = fakeLog();
      const h = hub({ log: logger, redisUrl: "redis://127.0.0.1:1" });
      const c = collector();
      h.subscribe({ projectId: "prj_a" }, c.listener);
      expect(() => h.publish([event("prj_a", "thr_1")])).not.toThrow();
      await h.delivered();
      expect(c.received).toHaveLength(1);
      await vi.waitFor(() => expect(log.warn).toHaveBeenCalled(), { timeout: WAIT_BOUND_MS });
      // QUIT on a connection that is not up would wait for a reconnect that never comes: close()
      // returning at all is the point (a hang fails the test).
      await h.close();
    });
  });

  describe("across processes, through Redis", () => {
    it("an event published in hub A reaches B's subscriber once and A's own subscriber once", async () => {
      const channel = `parley-test:${randomBytes(6).toString("hex")}`;
      const a = hub({ redisUrl: REDIS_URL, channel });
      const b = hub({ redisUrl: REDIS_URL, channel });
      await Promise.all([a.ready(), b.ready()]);
      const onA = collector();
      const onB = collector();
      const onBOtherProject = collector();
      a.subscribe({ projectId: "prj_a" }, onA.listener);
      b.subscribe({ projectId: "prj_a", threadId: "thr_1" }, onB.listener);
      b.subscribe({ projectId: "prj_other" }, onBOtherProject.listener);

      const fromA = event("prj_a", "thr_1");
      a.publish([fromA]);
      await a.delivered();
      expect(onA.received).toEqual([fromA]); // delivered locally, without Redis
      await onB.until(1);
      expect(onB.received).toEqual([fromA]);

      // One channel is FIFO per subscriber: once A has received B's marker, any echo of A's own
      // event would already have arrived. Neither side may see a duplicate.
      const marker = event("prj_a", "thr_marker");
      b.publish([marker]);
      await onA.until(2);
      expect(onA.received).toEqual([fromA, marker]);
      expect(onB.received).toEqual([fromA]);
      expect(onBOtherProject.received).toEqual([]);
    });

    it("ignores garbage on the channel", async () => {
      const channel = `parley-test:${randomBytes(6).toString("hex")}`;
      const a = hub({ redisUrl: REDIS_URL, channel });
      const b = hub({ redisUrl: REDIS_URL, channel });
      await Promise.all([a.ready(), b.ready()]);
      const onB = collector();
      b.subscribe({ projectId: "prj_a" }, onB.listener);
      const raw = new Redis(REDIS_URL);
      try {
        await raw.publish(channel, "not json");
        await raw.publish(channel, JSON.stringify({ origin: "x", events: [{ nope: true }] }));
      } finally {
        await raw.quit();
      }
      const valid = event("prj_a", "thr_1");
      a.publish([valid]);
      await onB.until(1);
      expect(onB.received).toEqual([valid]);
    });
  });
});
