import type { Clock } from "../../infra/clock.js";
import { describeErrorCause, errorStacks } from "../../infra/error-cause.js";
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
      logModelError(deps.log, error, threadId);
      deps.log.warn(
        { threadId, attempt: attempts, delayMs: Math.round(delay), cause: describeErrorCause(error) },
        "model call failed; retrying",
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * A provider that cannot be reached or refuses is expected, not a bug: its warn lines carry the
 * cause in one line (`cause`), the stacks go to `debug` only. The error object itself is never
 * logged: the AI SDK's errors hold the request's body, the user's words among it.
 */
function logModelError(log: TurnLog, error: unknown, threadId: string): void {
  log.debug?.({ threadId, stack: errorStacks(error) }, "model call error");
}

function modelFailure(deps: ModelRetryDeps, error: unknown, threadId: string, attempts: number): FailedTurn {
  const cause = describeErrorCause(error);
  logModelError(deps.log, error, threadId);
  deps.log.warn({ threadId, attempts, cause }, "model call failed");
  return isTimeout(error)
    ? failed("model_timeout", "The model did not answer in time; try again.")
    : failed(
        "model_error",
        `The model provider failed${attempts > 1 ? ` after ${attempts} attempts` : ""}; try again.`,
        cause,
      );
}
