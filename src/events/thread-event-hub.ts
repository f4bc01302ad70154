import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import type { Logger } from "../infra/logging.js";
import type { StoredThreadEvent, ThreadEvent } from "./thread-event.js";

export interface ThreadEventScope {
  projectId: string;
  /** Only this thread's events; every thread of the project when absent. */
  threadId?: string | undefined;
}

/**
 * Receives the events of its scope in order, a delivery's worth at a time. Every subscriber of
 * a scope gets the same array (never to be modified): what is made of it, such as a stream's
 * frames, can be made once for all of them.
 */
export type ThreadEventListener = (events: readonly StoredThreadEvent[]) => void;

/** Receives one thread's live-only events (reply_delta): never recorded, so without a seq. */
export type LiveThreadEventListener = (event: ThreadEvent) => void;

export interface ThreadEventHubOptions {
  /** With Redis, events published in any process reach subscribers in every process. */
  redisUrl?: string | undefined;
  log: Logger;
  /** Redis channel; processes sharing one must share the database too. */
  channel?: string;
  /**
   * The least time between two deliveries to this process's streams, in ms (default
   * DELIVERY_INTERVAL_MS): an event published after a quiet spell goes out on the next turn of
   * the event loop; in a burst, what is published meanwhile goes out together, one write per
   * stream.
   */
  deliveryIntervalMs?: number;
}

/**
 * Each delivery costs a socket write per open stream, whatever it carries: in a burst of
 * webhooks, delivering every commit on its own made 200 open streams cost more than the
 * webhooks themselves (docs/performance.md, "Webhook acknowledgement with event streams open").
 */
export const DELIVERY_INTERVAL_MS = 100;

interface Subscription {
  threadId: string | undefined;
  listener: ThreadEventListener;
  /** False once unsubscribed: a batch being delivered skips it from then on. */
  active: boolean;
}

/** What travels over Redis: `origin` lets a hub drop the echo of its own publish. */
interface Envelope {
  origin: string;
  events?: StoredThreadEvent[];
  /** API keys revoked in the publishing process: streams they opened must end everywhere. */
  revokedKeyIds?: string[];
  /** Live-only events (reply_delta), with their project. */
  live?: Array<{ projectId: string; event: ThreadEvent }>;
}

const WARN_INTERVAL_MS = 60_000;

/**
 * Live fan-out of recorded thread events to the SSE streams of this process, and through
 * Redis pub/sub to those of every other process. Delivery is best effort: an event missed
 * here (Redis down, a process restarting) is still in the event log, and a client catches up
 * by reconnecting with Last-Event-ID. Redis failures are logged and never thrown.
 */
export class ThreadEventHub {
  private readonly instanceId = randomUUID();
  private readonly channel: string;
  private readonly log: Logger;
  private readonly byProject = new Map<string, Set<Subscription>>();
  private readonly revocationListeners = new Set<(keyId: string) => void>();
  /** Live-only listeners by project and thread (`liveKey`). */
  private readonly live = new Map<string, Set<LiveThreadEventListener>>();
  private readonly publisher: Redis | null = null;
  private readonly subscriber: Redis | null = null;
  private readonly subscribed: Promise<void>;
  private lastWarningMs = 0;
  private closed = false;
  /** Events published and not yet delivered here, in publish (commit) order. */
  private pending: StoredThreadEvent[] = [];
  /** Resolves when `pending` has been delivered; set while a delivery is scheduled. */
  private flushed: Promise<void> | undefined;
  private flushTimer: { cancel(): void } | undefined;
  private settleFlush: (() => void) | undefined;
  private lastFlushMs = Number.NEGATIVE_INFINITY;
  private readonly deliveryIntervalMs: number;

  constructor(options: ThreadEventHubOptions) {
    this.channel = options.channel ?? "parley:thread-events";
    this.log = options.log;
    this.deliveryIntervalMs = options.deliveryIntervalMs ?? DELIVERY_INTERVAL_MS;
    if (!options.redisUrl) {
      this.subscribed = Promise.resolve();
      return;
    }
    this.publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 1 });
    // A subscribing connection cannot run other commands, hence a second one. It subscribes
    // again on every (re)connection rather than relying on ioredis' automatic resubscription,
    // which only knows channels whose first SUBSCRIBE succeeded.
    this.subscriber = new Redis(options.redisUrl, { autoResubscribe: false, maxRetriesPerRequest: 1 });
    for (const connection of [this.publisher, this.subscriber]) {
      connection.on("error", (error) => this.warn(error, "thread event hub: redis connection error"));
    }
    const subscriber = this.subscriber;
    this.subscribed = new Promise((resolve) => {
      subscriber.on("ready", () => {
        subscriber.subscribe(this.channel).then(
          () => resolve(),
          (error) => this.warn(error, "thread event hub: redis subscribe failed"),
        );
      });
    });
    subscriber.on("message", (channel: string, message: string) => {
      if (channel === this.channel) this.receive(message);
    });
  }

  /**
   * Resolves once events from other processes are being received (at once without Redis).
   * Never rejects: it simply stays pending while Redis is unreachable.
   */
  ready(): Promise<void> {
    return this.subscribed;
  }

  /**
   * Call only after the transaction that recorded `events` has committed. Returns at once: the
   * events are delivered to this process's streams (and sent to Redis) later, on the next turn
   * of the event loop or at most `deliveryIntervalMs` after the previous delivery, together with
   * whatever else was published until then, so that the request that committed them (a vendor's
   * webhook waiting for its acknowledgement) never waits for the fan-out
   * (docs/performance.md, "Webhook acknowledgement with event streams open").
   */
  publish(events: StoredThreadEvent[]): void {
    if (this.closed || events.length === 0) return;
    for (const stored of events) this.pending.push(stored);
    this.flushed ??= new Promise((resolve) => {
      this.settleFlush = resolve;
      const wait = this.lastFlushMs + this.deliveryIntervalMs - performance.now();
      if (wait > 0) {
        const timer = setTimeout(() => this.flush(), wait);
        this.flushTimer = { cancel: () => clearTimeout(timer) };
      } else {
        const immediate = setImmediate(() => this.flush());
        this.flushTimer = { cancel: () => clearImmediate(immediate) };
      }
    });
  }

  /**
   * Resolves once every event published before the call has been delivered to this process's
   * subscribers (at once when none is waiting). A stream going live after its replay waits for
   * it, so that an event committed before the replay read the log cannot arrive after it.
   */
  delivered(): Promise<void> {
    return this.flushed ?? Promise.resolve();
  }

  private flush(): void {
    const events = this.pending;
    const settle = this.settleFlush;
    this.pending = [];
    this.flushed = undefined;
    this.flushTimer = undefined;
    this.settleFlush = undefined;
    this.lastFlushMs = performance.now();
    try {
      if (this.closed || events.length === 0) return;
      this.deliver(events);
      if (!this.publisher) return;
      const envelope: Envelope = { origin: this.instanceId, events };
      this.publisher
        .publish(this.channel, JSON.stringify(envelope))
        .catch((error) => this.warn(error, "thread event hub: redis publish failed"));
    } finally {
      settle?.();
    }
  }

  /**
   * Tells every process (this one included) that an API key was revoked. Best effort, like
   * events: see StreamKeyGuard for what catches a lost message.
   */
  publishKeyRevoked(keyId: string): void {
    if (this.closed) return;
    this.deliverRevocation(keyId);
    if (!this.publisher) return;
    const envelope: Envelope = { origin: this.instanceId, revokedKeyIds: [keyId] };
    this.publisher
      .publish(this.channel, JSON.stringify(envelope))
      .catch((error) => this.warn(error, "thread event hub: redis publish failed"));
  }

  /**
   * An event that is not recorded (reply_delta: the bot's text while it is written), for the
   * streams of its thread in every process, at once. Its producer coalesces it (a delivery per
   * 100 ms at most); a stream that misses one does not get it back.
   */
  publishLive(projectId: string, event: ThreadEvent): void {
    if (this.closed) return;
    this.deliverLive(projectId, event);
    if (!this.publisher) return;
    const envelope: Envelope = { origin: this.instanceId, live: [{ projectId, event }] };
    this.publisher
      .publish(this.channel, JSON.stringify(envelope))
      .catch((error) => this.warn(error, "thread event hub: redis publish failed"));
  }

  /** Listens to one thread's live-only events; returns the unsubscribe function. */
  subscribeLive(
    scope: { projectId: string; threadId: string },
    listener: LiveThreadEventListener,
  ): () => void {
    const key = liveKey(scope.projectId, scope.threadId);
    let set = this.live.get(key);
    if (!set) {
      set = new Set();
      this.live.set(key, set);
    }
    set.add(listener);
    return () => {
      const current = this.live.get(key);
      if (!current?.delete(listener)) return;
      if (current.size === 0) this.live.delete(key);
    };
  }

  private deliverLive(projectId: string, event: ThreadEvent): void {
    const set = this.live.get(liveKey(projectId, event.thread_id));
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(event);
      } catch (error) {
        this.log.error({ err: error }, "live thread event listener failed");
      }
    }
  }

  /** Listens to key revocations from every process; returns the function that stops it. */
  onKeyRevoked(listener: (keyId: string) => void): () => void {
    this.revocationListeners.add(listener);
    return () => this.revocationListeners.delete(listener);
  }

  /** Listens to one project (or one thread of it); returns the unsubscribe function. */
  subscribe(scope: ThreadEventScope, listener: ThreadEventListener): () => void {
    const subscription: Subscription = { threadId: scope.threadId, listener, active: true };
    let set = this.byProject.get(scope.projectId);
    if (!set) {
      set = new Set();
      this.byProject.set(scope.projectId, set);
    }
    set.add(subscription);
    return () => {
      subscription.active = false;
      const current = this.byProject.get(scope.projectId);
      if (!current?.delete(subscription)) return;
      if (current.size === 0) this.byProject.delete(scope.projectId);
    };
  }

  /** Live subscriptions in this process (for metrics and tests). */
  subscriberCount(): number {
    let count = 0;
    for (const set of this.byProject.values()) count += set.size;
    return count;
  }

  async close(): Promise<void> {
    this.closed = true;
    // What is still waiting is dropped (it is in the event log), and whoever waits is released.
    this.flushTimer?.cancel();
    this.flush();
    this.byProject.clear();
    this.revocationListeners.clear();
    this.live.clear();
    await Promise.all(
      [this.publisher, this.subscriber].map(async (connection) => {
        if (!connection) return;
        // QUIT on a connection that is not up would wait in the offline queue for a reconnect.
        if (connection.status === "ready") await connection.quit().catch(() => connection.disconnect());
        else connection.disconnect();
      }),
    );
  }

  /**
   * Each subscriber gets the events of its scope in order, in one call per delivery. The cost
   * per subscriber is that call and nothing more: subscribers of the same scope share one array
   * (a stream encodes it once for all of them, docs/performance.md) and nothing is read again
   * per subscriber.
   */
  private deliver(events: readonly StoredThreadEvent[]): void {
    const byProject = new Map<string, StoredThreadEvent[]>();
    for (const stored of events) {
      if (!this.byProject.has(stored.projectId)) continue;
      let list = byProject.get(stored.projectId);
      if (!list) {
        list = [];
        byProject.set(stored.projectId, list);
      }
      list.push(stored);
    }
    for (const [projectId, projectEvents] of byProject) {
      const byThread = new Map<string, StoredThreadEvent[]>();
      // The subscribers as they were when the delivery began: a listener may unsubscribe (its
      // stream closed) while we iterate (`active` says so).
      for (const subscription of [...(this.byProject.get(projectId) ?? [])]) {
        if (!subscription.active) continue;
        let scoped: StoredThreadEvent[] = projectEvents;
        if (subscription.threadId !== undefined) {
          const threadId = subscription.threadId;
          let ofThread = byThread.get(threadId);
          if (!ofThread) {
            ofThread = projectEvents.filter((e) => e.event.thread_id === threadId);
            byThread.set(threadId, ofThread);
          }
          scoped = ofThread;
        }
        if (scoped.length === 0) continue;
        try {
          subscription.listener(scoped);
        } catch (error) {
          this.log.error({ err: error }, "thread event listener failed");
        }
      }
    }
  }

  private deliverRevocation(keyId: string): void {
    for (const listener of [...this.revocationListeners]) {
      try {
        listener(keyId);
      } catch (error) {
        this.log.error({ err: error }, "key revocation listener failed");
      }
    }
  }

  private receive(message: string): void {
    if (this.closed) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message) as Envelope;
    } catch (error) {
      this.warn(error, "thread event hub: unreadable redis message");
      return;
    }
    if (envelope.origin === this.instanceId) return;
    if (Array.isArray(envelope.events)) this.deliver(envelope.events.filter(isStoredEvent));
    if (Array.isArray(envelope.live)) {
      for (const item of envelope.live)
        if (typeof item?.projectId === "string" && typeof item.event?.thread_id === "string")
          this.deliverLive(item.projectId, item.event);
    }
    if (Array.isArray(envelope.revokedKeyIds)) {
      for (const keyId of envelope.revokedKeyIds)
        if (typeof keyId === "string") this.deliverRevocation(keyId);
    }
  }

  /** At most one warning a minute: a Redis outage must not flood the log. */
  private warn(error: unknown, message: string): void {
    const now = Date.now();
    if (now - this.lastWarningMs < WARN_INTERVAL_MS) return;
    this.lastWarningMs = now;
    this.log.warn({ err: error }, message);
  }
}

function isStoredEvent(value: unknown): value is StoredThreadEvent {
  const candidate = value as StoredThreadEvent | null;
  return (
    typeof candidate?.seq === "number" &&
    typeof candidate.projectId === "string" &&
    typeof candidate.event?.thread_id === "string"
  );
}

function liveKey(projectId: string, threadId: string): string {
  return `${projectId}\u0000${threadId}`;
}
