import type { Redis } from "ioredis";

/**
 * Fixed-window request counters. One window per bucket per `windowMs`; the store only
 * counts, the caller decides what the limit is. The memory store serves one process; the
 * Redis store shares counters across a cluster.
 */
export interface RateLimitStore {
  /** Counts one request in the bucket's current window and returns the count so far. */
  hit(bucket: string, nowMs: number, windowMs: number): Promise<{ count: number; resetAtMs: number }>;
  close(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAtMs: number }>();
  private lastSweepMs = 0;

  async hit(bucket: string, nowMs: number, windowMs: number) {
    this.sweep(nowMs, windowMs);
    const resetAtMs = (Math.floor(nowMs / windowMs) + 1) * windowMs;
    const current = this.windows.get(bucket);
    if (current && current.resetAtMs === resetAtMs) {
      current.count += 1;
      return { ...current };
    }
    const fresh = { count: 1, resetAtMs };
    this.windows.set(bucket, fresh);
    return { ...fresh };
  }

  /** Drops finished windows at most once per window, so memory stays bounded by active buckets. */
  private sweep(nowMs: number, windowMs: number): void {
    if (nowMs - this.lastSweepMs < windowMs) return;
    this.lastSweepMs = nowMs;
    for (const [bucket, window] of this.windows) {
      if (window.resetAtMs <= nowMs) this.windows.delete(bucket);
    }
  }

  async close(): Promise<void> {
    this.windows.clear();
  }
}

export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix = "parley:rl:",
  ) {}

  async hit(bucket: string, nowMs: number, windowMs: number) {
    const windowIndex = Math.floor(nowMs / windowMs);
    const resetAtMs = (windowIndex + 1) * windowMs;
    const key = `${this.keyPrefix}${bucket}:${windowIndex}`;
    const results = await this.redis
      .multi()
      .incr(key)
      .pexpire(key, windowMs + 1000)
      .exec();
    const [error, count] = results?.[0] ?? [new Error("Redis returned no result"), 0];
    if (error) throw error;
    return { count: Number(count), resetAtMs };
  }

  async close(): Promise<void> {}
}

export interface RateLimitDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

/** Applies a limit to a hit and builds the RateLimit-* (and, when refused, Retry-After) headers. */
export async function checkRateLimit(
  store: RateLimitStore,
  bucket: string,
  limit: number,
  windowSeconds: number,
  nowMs: number,
): Promise<RateLimitDecision> {
  const { count, resetAtMs } = await store.hit(bucket, nowMs, windowSeconds * 1000);
  const resetSeconds = Math.max(1, Math.ceil((resetAtMs - nowMs) / 1000));
  const headers: Record<string, string> = {
    "ratelimit-limit": String(limit),
    "ratelimit-remaining": String(Math.max(0, limit - count)),
    "ratelimit-reset": String(resetSeconds),
  };
  const allowed = count <= limit;
  if (!allowed) headers["retry-after"] = String(resetSeconds);
  return { allowed, headers };
}
