import type { ThreadEventHub } from "./thread-event-hub.js";

export interface StreamKeyGuardDeps {
  hub: ThreadEventHub;
  /** Which of the given API key ids are still live. */
  liveKeys(ids: string[]): Promise<Set<string>>;
  /** How often the keys of open streams are checked again, in case a revocation message was lost. */
  recheckMs: number;
  log: { warn(obj: object, msg: string): void };
}

/**
 * Streams opened with an API key (thread event streams, reply streams) end when the key is
 * revoked: at once in the process that revoked it and, through the hub's Redis fan-out, in
 * every other; should that message be lost (Redis down), at the next periodic check of the
 * keys that still have streams open here.
 */
export class StreamKeyGuard {
  private readonly streams = new Map<string, Set<() => void>>();
  private readonly stopListening: () => void;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly deps: StreamKeyGuardDeps) {
    this.stopListening = deps.hub.onKeyRevoked((keyId) => this.closeStreamsOf(keyId));
    this.timer = setInterval(() => void this.recheck(), deps.recheckMs);
    this.timer.unref();
  }

  /** Registers a stream opened with `keyId`; `close` ends it. Returns the function that forgets it. */
  watch(keyId: string, close: () => void): () => void {
    let set = this.streams.get(keyId);
    if (!set) {
      set = new Set();
      this.streams.set(keyId, set);
    }
    set.add(close);
    return () => {
      const current = this.streams.get(keyId);
      if (!current?.delete(close)) return;
      if (current.size === 0) this.streams.delete(keyId);
    };
  }

  /** Call after the revocation committed: ends the key's streams in every process. */
  revoked(keyId: string): void {
    this.deps.hub.publishKeyRevoked(keyId);
  }

  /** Streams open here, across keys (for tests and metrics). */
  openCount(): number {
    let count = 0;
    for (const set of this.streams.values()) count += set.size;
    return count;
  }

  stop(): void {
    clearInterval(this.timer);
    this.stopListening();
  }

  private closeStreamsOf(keyId: string): void {
    const set = this.streams.get(keyId);
    if (!set) return;
    this.streams.delete(keyId);
    for (const close of set) close();
  }

  private async recheck(): Promise<void> {
    const ids = [...this.streams.keys()];
    if (ids.length === 0) return;
    try {
      const live = await this.deps.liveKeys(ids);
      for (const id of ids) if (!live.has(id)) this.closeStreamsOf(id);
    } catch (error) {
      this.deps.log.warn({ err: error }, "could not recheck the API keys of open streams");
    }
  }
}
