import type { DomainEventListener } from "../../events/event-listener.js";
import type { Clock } from "../../infra/clock.js";
import type { AnalyticsThreadRow } from "../../storage/repos/analytics.repo.js";
import type { Repos } from "../../storage/repos/index.js";
import { RollupBatch } from "./rollup-batch.js";
import {
  recordCharge,
  recordFailure,
  recordFeedback,
  recordMessage,
  recordModeChange,
  recordReply,
  startThread,
} from "./thread-progress.js";

/**
 * Analytics as a listener (docs/quality.md, "Analytics"): every change's events move the
 * project's hourly rollups in the change's own transaction, so the rollups are exactly what
 * committed, and a dashboard reads sums rather than messages. Each row is an upsert adding to
 * it (race-free on both dialects); rows are written in key order. It comes after billing (whose
 * `billing.reply.charged` it reads) and before the thread event listener, which takes the
 * project's event lock.
 */
export function analyticsListener(deps: { clock: Clock }): DomainEventListener {
  return {
    name: "analytics",
    async record(repos, projectId, events) {
      const batch = new RollupBatch(projectId);
      const threads = new ThreadStates(repos, projectId);
      const now = deps.clock.now().getTime();
      for (const event of events) {
        switch (event.type) {
          case "thread.created": {
            const channel = (await repos.analytics.channelOfChat(event.thread.chat_id)) ?? "api";
            threads.started(startThread(batch, event.thread, projectId, channel));
            break;
          }
          case "thread.message.created": {
            const state = await threads.get(event.threadId);
            if (state) recordMessage(batch, state, event.message);
            break;
          }
          case "thread.reply.completed": {
            const state = await threads.get(event.threadId);
            if (state) recordReply(batch, state, now);
            break;
          }
          case "billing.reply.charged": {
            const state = await threads.get(event.threadId);
            if (state) recordCharge(batch, state, event.amount, now);
            break;
          }
          case "thread.reply.failed": {
            const state = await threads.get(event.threadId);
            if (state) recordFailure(batch, state, event.code, now);
            break;
          }
          case "thread.mode.changed": {
            const state = await threads.get(event.threadId);
            if (state) recordModeChange(batch, state, event);
            break;
          }
          case "message.feedback": {
            const state = await threads.get(event.threadId);
            if (state) recordFeedback(batch, state, event);
            break;
          }
          default:
            break;
        }
      }
      await threads.save();
      if (!batch.empty) await batch.flush(repos);
      return undefined;
    },
  };
}

/**
 * The change's threads as analytics remembers them, read once and written back once. A thread
 * analytics does not know (deleted in this change) is left out.
 */
class ThreadStates {
  private readonly known = new Map<string, { state: AnalyticsThreadRow | undefined; before: string }>();

  constructor(
    private readonly repos: Repos,
    private readonly projectId: string,
  ) {}

  started(state: AnalyticsThreadRow): void {
    this.known.set(state.thread_id, { state, before: "" });
  }

  async get(threadId: string): Promise<AnalyticsThreadRow | undefined> {
    let entry = this.known.get(threadId);
    if (!entry) {
      const state = await this.repos.analytics.findThread(this.projectId, threadId);
      entry = { state, before: JSON.stringify(state ?? null) };
      this.known.set(threadId, entry);
    }
    return entry.state;
  }

  /** Writes the states that changed, in thread order. */
  async save(): Promise<void> {
    for (const threadId of [...this.known.keys()].sort()) {
      const { state, before } = this.known.get(threadId)!;
      if (state && JSON.stringify(state) !== before) await this.repos.analytics.saveThread(state);
    }
  }
}
