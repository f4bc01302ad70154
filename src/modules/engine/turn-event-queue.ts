import type { TurnEvent } from "./turn-events.js";

/**
 * A turn's events as something to read (docs/development.md, "A message, file by file"): the
 * turn pushes each event as it happens and never waits; the reader (the stream route) takes
 * them in order with `for await` and writes them in its protocol. Reading ends once the turn
 * has ended (`end`), after the events it told. Events wait here while the reader is busy, so
 * a slow reader never holds the turn up.
 */
export class TurnEventQueue implements AsyncIterable<TurnEvent> {
  private readonly buffered: TurnEvent[] = [];
  private ended = false;
  private wake: (() => void) | undefined;

  /** The turn's side: tells one event (what `TurnEventSink` is given). */
  readonly push = (event: TurnEvent): void => {
    if (this.ended) return;
    this.buffered.push(event);
    this.notify();
  };

  /** The turn is over: the reader gets what is buffered, then its loop ends. */
  end(): void {
    this.ended = true;
    this.notify();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<TurnEvent> {
    while (true) {
      const next = this.buffered.shift();
      if (next !== undefined) {
        yield next;
        continue;
      }
      if (this.ended) return;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
