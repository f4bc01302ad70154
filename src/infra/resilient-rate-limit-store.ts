import type { Logger } from "./logging.js";
import { MemoryRateLimitStore, type RateLimitStore } from "./rate-limit.js";

/**
 * Shared counters with a local fallback: when the shared store (Redis) fails, this process
 * keeps limiting with its own counters instead of failing every request or letting all
 * through. The failure is logged at most once a minute.
 */
export class ResilientRateLimitStore implements RateLimitStore {
  private readonly local = new MemoryRateLimitStore();
  private lastWarningMs = 0;

  constructor(
    private readonly shared: RateLimitStore,
    private readonly log: Logger,
  ) {}

  async hit(bucket: string, nowMs: number, windowMs: number) {
    try {
      return await this.shared.hit(bucket, nowMs, windowMs);
    } catch (error) {
      if (nowMs - this.lastWarningMs > 60_000) {
        this.lastWarningMs = nowMs;
        this.log.warn({ err: error }, "shared rate-limit store failed; limiting per process");
      }
      return this.local.hit(bucket, nowMs, windowMs);
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.shared.close(), this.local.close()]);
  }
}
