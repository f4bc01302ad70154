import type { ThreadEventsRepo } from "../storage/repos/thread-events.repo.js";
import type { StoredThreadEvent, ThreadEvent } from "./thread-event.js";
import type { ThreadEventHub, ThreadEventScope } from "./thread-event-hub.js";

const REPLAY_PAGE = 500;
/** Live events held back while a replay runs; a client that needs more reconnects and replays again. */
const MAX_HELD_BACK = 10_000;

/** Where a thread event stream writes: an SSE connection, in the route. Knows no web framework here. */
export interface ThreadEventSink {
  readonly closed: boolean;
  send(stored: StoredThreadEvent): void;
  /**
   * Sends several events in order, as `send` one by one would. A sink that can do it at once
   * (one write) says so here; the array may be shared with other streams' sinks (the hub's
   * delivery), so what is made of it can be kept for them.
   */
  sendAll?(events: readonly StoredThreadEvent[]): void;
  /** A frame that carries only an id: it sets the client's resume point without an event. */
  mark(seq: number): void;
  /** Resolves when the client has taken what was sent (or left). */
  drain(): Promise<void>;
  end(): Promise<void>;
  onClose(callback: () => void): void;
}

/**
 * Feeds a sink every event of the scope with a seq above its start, exactly once: the events
 * recorded since `resume` (an id the client received, as Last-Event-ID) replayed from the log,
 * then live ones from the hub. A fresh stream (no `resume`, or one above the newest, from a
 * database that was reset) starts at the newest event recorded before it subscribes. The head
 * is read before subscribing, so whatever commits after that read is replayed, held back, or
 * both, and live events are held back until the replay is done (and the hub has delivered
 * what was published before it ended), then the ones it did not contain follow: never neither.
 *
 * `openSink` opens the stream (its HTTP answer) once the head is read and the hub subscribed:
 * a client that acts as soon as its stream is open gets the events of what it did, and a
 * failure to read the head is still an error answer rather than a broken stream.
 */
export async function streamThreadEvents(
  deps: { hub: ThreadEventHub; events: () => ThreadEventsRepo },
  scope: ThreadEventScope,
  resume: string | undefined,
  openSink: () => ThreadEventSink,
): Promise<void> {
  const head = await deps.events().latestSeq(scope.projectId);
  const fresh = resume === undefined || Number(resume) > head;
  const start = fresh ? head : Number(resume);

  let heldBack: StoredThreadEvent[] | null = [];
  // The hub delivers on a later turn of the event loop, never during subscribe(): `sink` is open
  // by the time this runs.
  const unsubscribe = deps.hub.subscribe(scope, (events) => {
    if (!heldBack) {
      // Older than the start (committed before the head was read, published since): the
      // client has it or starts after it. The hub's array is passed on as is when it can be.
      sendAll(
        events.every((stored) => stored.seq > start) ? events : events.filter((stored) => stored.seq > start),
      );
      return;
    }
    heldBack.push(...events);
    if (heldBack.length > MAX_HELD_BACK) void sink.end();
  });
  const sink = openOrUnsubscribe(openSink, unsubscribe);
  const sendAll = (events: readonly StoredThreadEvent[]) => {
    if (sink.sendAll) sink.sendAll(events);
    else for (const stored of events) sink.send(stored);
  };
  sink.onClose(unsubscribe);
  // An id-only frame dispatches nothing but sets the client's Last-Event-ID, so a client that
  // sees no event before reconnecting still resumes without a gap.
  if (fresh) sink.mark(start);

  const events = deps.events();
  const replayed = new Set<number>();
  let after = start;
  while (!sink.closed) {
    const page = await events.replay<ThreadEvent>({ ...scope, afterSeq: after, limit: REPLAY_PAGE });
    for (const stored of page) {
      sink.send(stored);
      replayed.add(stored.seq);
      after = stored.seq;
    }
    if (page.length < REPLAY_PAGE) break;
    await sink.drain();
  }
  // The hub delivers on the next turn of the event loop: what was published before the last
  // page was read is held back (and checked against the replay) rather than arriving after.
  await deps.hub.delivered();
  const live = heldBack ?? [];
  heldBack = null;
  sendAll(live.filter((stored) => stored.seq > start && !replayed.has(stored.seq)));
}

function openOrUnsubscribe(openSink: () => ThreadEventSink, unsubscribe: () => void): ThreadEventSink {
  try {
    return openSink();
  } catch (error) {
    unsubscribe();
    throw error;
  }
}
