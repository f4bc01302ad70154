import type { Clock } from "../../infra/clock.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { Repos } from "../../storage/repos/index.js";
import type { TurnTraceRow } from "../../storage/repos/turn-traces.repo.js";
import type { TurnEnd, TurnStart, TurnWatch, TurnWatcher } from "../engine/index.js";
import type { CatalogEntry } from "../models/index.js";
import { traceBuilder } from "./trace-builder.js";
import type { StoredTrace } from "./trace-document.js";

export interface TraceRecorderDeps {
  repos: Repos;
  clock: Clock;
  newId: IdGenerator;
  /** The model's prices, for each request's cost. */
  priceOf(model: string): CatalogEntry["pricing"] | undefined;
  log: { warn(details: object, message: string): void };
}

/**
 * The stored trace (docs/quality.md, "Traces"): records a turn as the engine tells it (the
 * document is built by trace-builder.ts) and stores it in the reply's own transaction, linked
 * from the reply's messages (no extra commit per turn); a failed turn's trace is stored when the
 * turn ends. Turns that did not answer (a manual thread, an answered message) leave no trace.
 */
export class TraceRecorder implements TurnWatcher {
  constructor(private readonly deps: TraceRecorderDeps) {}

  start(turn: TurnStart): TurnWatch {
    const builder = traceBuilder(this.deps, { threadId: turn.threadId, jobId: turn.jobId });
    let stored = false;
    return {
      ...builder.watch,
      replyStored: async (repos, messageIds) => {
        const trace = builder.finish({ outcome: "replied" });
        stored = await repos.turnTraces.insertWithin(this.row(turn, trace), messageIds);
        if (!stored) this.deps.log.warn({ threadId: turn.threadId }, "turn trace not stored with its reply");
      },
      end: async (end: TurnEnd) => {
        if (stored || (end.outcome !== "replied" && end.outcome !== "failed")) return;
        const trace = builder.finish({ outcome: end.outcome, code: end.code, reason: end.reason });
        await this.store(turn, trace, end.replyMessageIds ?? []);
      },
    };
  }

  private row(turn: TurnStart, trace: StoredTrace): TurnTraceRow {
    return {
      id: trace.id,
      project_id: turn.projectId,
      thread_id: turn.threadId,
      bot_id: trace.bot_id,
      outcome: trace.outcome,
      code: trace.code,
      started_at: trace.started_at,
      duration_ms: trace.duration_ms,
      document: JSON.stringify(trace),
      created_at: this.deps.clock.now().toISOString(),
    };
  }

  /** A trace that did not commit with a reply (a failure): in a transaction of its own. */
  private async store(turn: TurnStart, trace: StoredTrace, messageIds: string[]): Promise<void> {
    try {
      await this.deps.repos.transaction((repos) =>
        repos.turnTraces.insert(this.row(turn, trace), messageIds),
      );
    } catch (error) {
      // The thread may be gone (its traces with it); a trace is never worth failing a turn for.
      this.deps.log.warn({ err: error, threadId: turn.threadId }, "turn trace not stored");
    }
  }
}
