import type { TurnEventSink } from "./turn-events.js";

/** A piece of a reply's text while the model writes it (docs/conversations.md, "Thread events"). */
export interface ReplyDelta {
  threadId: string;
  /** Names the turn: every delta of one reply carries the same id. */
  turnId: string;
  /** Where `text` starts in the reply's text so far: a client that joined late sees the gap. */
  offset: number;
  text: string;
}

/**
 * Where the text of replies being written goes, for the operators' thread streams. It is never
 * stored (no database write per token) and must not throw or wait.
 */
export type ReplyDeltaPublisher = (projectId: string, delta: ReplyDelta) => void;

/** The least time between two deltas of one turn: a model's tokens are coalesced into these. */
export const REPLY_DELTA_INTERVAL_MS = 100;

/** A turn's text as it is told to operators: the turn's events, and what ends the telling. */
export interface ReplyProgress {
  /** The turn's events, their text also told (coalesced) to the publisher. */
  events: TurnEventSink;
  /** Tells what is still held back now (before the reply is stored, so it arrives first). */
  flush(): void;
  /** Tells what is held back and stops. */
  end(): void;
}

/**
 * Tees a turn's text into coalesced deltas: the first piece after a quiet spell goes out at once,
 * then at most one delta per `intervalMs` carries everything written meanwhile. The customer's
 * stream (`events`) gets every event at once, as without it.
 */
export function replyProgress(
  publish: ReplyDeltaPublisher | undefined,
  target: { projectId: string; threadId: string; turnId: string },
  events: TurnEventSink,
  intervalMs = REPLY_DELTA_INTERVAL_MS,
): ReplyProgress {
  if (!publish) return { events, flush() {}, end() {} };
  let held = "";
  let offset = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastSentMs = Number.NEGATIVE_INFINITY;
  let ended = false;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (held === "") return;
    const text = held;
    held = "";
    lastSentMs = performance.now();
    try {
      publish(target.projectId, { threadId: target.threadId, turnId: target.turnId, offset, text });
    } catch {
      // Telling operators never fails the turn.
    }
    offset += text.length;
  };
  return {
    events: (event) => {
      events(event);
      if (ended || event.type !== "text-delta") return;
      held += event.text;
      if (timer) return;
      const wait = lastSentMs + intervalMs - performance.now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    flush,
    end: () => {
      flush();
      ended = true;
    },
  };
}
