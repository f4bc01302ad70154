import type { Clock } from "../infra/clock.js";
import type { ThreadEventHub } from "./thread-event-hub.js";

/**
 * The engine's reply deltas as `reply_delta` thread events, live on the hub: never recorded in
 * the event log, sent only to one thread's streams (docs/conversations.md, "Thread events").
 */
export function replyDeltaPublisher(
  hub: ThreadEventHub,
  clock: Clock,
): (projectId: string, delta: { threadId: string; turnId: string; offset: number; text: string }) => void {
  return (projectId, delta) =>
    hub.publishLive(projectId, {
      type: "reply_delta",
      thread_id: delta.threadId,
      created_at: clock.now().toISOString(),
      turn_id: delta.turnId,
      offset: delta.offset,
      delta: delta.text,
    });
}
