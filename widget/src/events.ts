/**
 * Keeps the visitor's events stream open: reads it with fetch (for the Authorization header),
 * resumes with Last-Event-ID after a drop, and backs off between attempts. A stream that goes
 * silent (no event and no keep-alive comment for `idleMs`) is treated as dropped.
 */
import { ApiError } from "./api";
import { readSse, type SseEvent, SseParser } from "./sse";

export interface EventStreamOptions {
  open(lastEventId: string | undefined, signal: AbortSignal): Promise<ReadableStream<Uint8Array>>;
  onEvent(event: SseEvent): void;
  /** Each time the server accepts the connection. */
  onConnected?(): void;
  /** A 401, 403 or 404: the stream stops; the owner decides what next. */
  onRefused(error: ApiError): void;
  idleMs?: number;
  /** Delay before attempt `n` (0-based) after a failure. */
  backoff?(attempt: number): number;
  /** A connection that lasts this long resets the backoff. */
  stableMs?: number;
}

export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export class EventStream {
  lastEventId: string | undefined;
  private controller: AbortController | null = null;
  private running = false;
  private wake: (() => void) | null = null;

  constructor(private readonly options: EventStreamOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.loop();
  }

  stop(): void {
    this.running = false;
    this.controller?.abort();
    this.wake?.();
  }

  private async loop(): Promise<void> {
    const { idleMs = 90_000, stableMs = 15_000 } = this.options;
    const backoff = this.options.backoff ?? ((n: number) => backoffDelay(n));
    let attempt = 0;
    while (this.running) {
      const controller = new AbortController();
      this.controller = controller;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => controller.abort(), idleMs);
      };
      let wait: number | undefined;
      const started = Date.now();
      try {
        arm();
        const body = await this.options.open(this.lastEventId, controller.signal);
        this.options.onConnected?.();
        const parser = new SseParser(this.lastEventId);
        await readSse(
          body,
          parser,
          (event) => {
            this.lastEventId = parser.lastEventId;
            if (this.running) this.options.onEvent(event);
          },
          arm,
        );
        if (parser.retry !== undefined) wait = parser.retry;
      } catch (error) {
        if (error instanceof ApiError) {
          if (error.status === 401 || error.status === 403 || error.status === 404) {
            clearTimeout(timer);
            this.running = false;
            this.options.onRefused(error);
            return;
          }
          if (error.retryAfter) wait = error.retryAfter * 1000;
        }
      } finally {
        clearTimeout(timer);
        controller.abort();
      }
      if (!this.running) return;
      if (Date.now() - started >= stableMs) attempt = 0;
      const delay = Math.max(wait ?? 0, backoff(attempt++));
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, delay);
        this.wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
      this.wake = null;
    }
  }
}
