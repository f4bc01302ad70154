import { performance } from "node:perf_hooks";

/** A turn's outcome as metrics and the log name it (TurnOutcome's kind, in snake_case). */
export type TurnOutcomeName = "replied" | "already_answered" | "not_answering" | "failed";

/**
 * What one turn did, for operators: the per-turn log line and the turn metrics. Ids and
 * figures only, never what anyone wrote (docs/operations.md, "The turn line").
 */
export interface TurnReport {
  projectId: string;
  threadId: string;
  /** Null when the turn ended before it read the chat's bot (thread gone, awaiting approval). */
  botId: string | null;
  /** The bot's model id; null when the turn ended before it read the bot's settings. */
  model: string | null;
  outcome: TurnOutcomeName;
  /** The failure's code (`model_error`, `model_timeout`, `model_unavailable`, `turn_failed`). */
  code: string | null;
  /** Why the AI did not answer (`mode_manual`, `awaiting_approval`, …). */
  reason: string | null;
  inputTokens: number;
  outputTokens: number;
  /** Model calls made (retries included). */
  modelCalls: number;
  durationMs: number;
  /** From the start of the turn to the model's first output; null when there was none. */
  firstTokenMs: number | null;
}

/** One model call as metrics see it. */
export interface ModelCallReport {
  model: string;
  ok: boolean;
  timedOut: boolean;
  /** From the start of the call to its first output; null when there was none. */
  firstTokenMs: number | null;
  durationMs: number;
  inputTokens: number;
  outputTokens: number;
}

/** Told about every model call and every finished turn (the metrics, wired in the composition root). */
export interface TurnObserver {
  modelCall(call: ModelCallReport): void;
  modelRetry(model: string): void;
  turnFinished(report: TurnReport): void;
}

/** One model call being timed. */
export class ModelCallTimer {
  private readonly started = performance.now();
  private firstOutputAt: number | null = null;

  constructor(private readonly onFirstOutput: (at: number) => void) {}

  /** Marks the call's first output (only the first mark counts). */
  output(): void {
    if (this.firstOutputAt !== null) return;
    this.firstOutputAt = performance.now();
    this.onFirstOutput(this.firstOutputAt);
  }

  finish(): { firstTokenMs: number | null; durationMs: number } {
    return {
      firstTokenMs: this.firstOutputAt === null ? null : this.firstOutputAt - this.started,
      durationMs: performance.now() - this.started,
    };
  }
}

/** What a turn gathers as it runs, for its report. */
export class TurnTrace {
  private readonly started = performance.now();
  private firstOutputAt: number | null = null;
  botId: string | null = null;
  model: string | null = null;
  inputTokens = 0;
  outputTokens = 0;
  modelCalls = 0;

  startModelCall(): ModelCallTimer {
    this.modelCalls += 1;
    return new ModelCallTimer((at) => {
      this.firstOutputAt ??= at;
    });
  }

  report(
    projectId: string,
    threadId: string,
    outcome: { kind: string; code?: string; reason?: string },
  ): TurnReport {
    return {
      projectId,
      threadId,
      botId: this.botId,
      model: this.model,
      outcome: outcome.kind.replace(/-/g, "_") as TurnOutcomeName,
      code: outcome.kind === "failed" ? (outcome.code ?? null) : null,
      reason: outcome.kind === "not-answering" ? (outcome.reason ?? null) : null,
      inputTokens: this.inputTokens,
      outputTokens: this.outputTokens,
      modelCalls: this.modelCalls,
      durationMs: Math.round(performance.now() - this.started),
      firstTokenMs: this.firstOutputAt === null ? null : Math.round(this.firstOutputAt - this.started),
    };
  }
}

/**
 * The engine's log: the server's logger (pino, with its redaction: docs/operations.md, "Logs")
 * as the composition root passes it.
 */
export interface TurnLog {
  /** Optional: what only a developer looking into a failure needs (stacks). */
  debug?(details: object, message: string): void;
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The one log line of a turn: `info`, or `warn` for a failed turn. */
export function logTurn(log: TurnLog, report: TurnReport): void {
  if (report.outcome === "failed") log.warn({ ...report }, "turn finished");
  else log.info({ ...report }, "turn finished");
}
