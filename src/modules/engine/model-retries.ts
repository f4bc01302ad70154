import type { Clock } from "../../infra/clock.js";
import { isTimeout, type ModelAttempt } from "./model-call.js";
import { nextDelayMs, type RetryPolicy } from "./retry-policy.js";
import { type FailedTurn, failed } from "./turn-outcome.js";
import type { TurnLog, TurnObserver } from "./turn-report.js";

export interface ModelRetryDeps {
  retry: RetryPolicy;
  clock: Clock;
  observer?: TurnObserver;
  log: TurnLog;
}

/**
 * Runs `attempt` (a model call and the storing of its answer) until it succeeds. A failure
 * before any output reached the turn's events is tried again after the policy's backoff
 * (honouring the provider's Retry-After); any other, or the last, fails the turn as
 * `model_timeout` or `model_error`, leaving no partial message.
 */
export async function withModelRetries<T>(
  deps: ModelRetryDeps,
  modelId: string,
  threadId: string,
  attempt: (state: ModelAttempt) => Promise<T>,
): Promise<T | FailedTurn> {
  for (let attempts = 1; ; attempts++) {
    const state: ModelAttempt = { emitted: false };
    try {
      return await attempt(state);
    } catch (error) {
      const delay = state.emitted
        ? null
        : nextDelayMs(deps.retry, attempts, error, deps.clock.now().getTime());
      if (delay === null) return modelFailure(deps, error, threadId, attempts);
      deps.observer?.modelRetry(modelId);
      deps.log.warn(
        { err: error, threadId, attempt: attempts, delayMs: Math.round(delay) },
        "model call failed; retrying",
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

function modelFailure(deps: ModelRetryDeps, error: unknown, threadId: string, attempts: number): FailedTurn {
  deps.log.warn({ err: error, threadId, attempts }, "model call failed");
  return isTimeout(error)
    ? failed("model_timeout", "The model did not answer in time; try again.")
    : failed(
        "model_error",
        `The model provider failed${attempts > 1 ? ` after ${attempts} attempts` : ""}; try again.`,
      );
}
