import type { Repos } from "../../storage/repos/index.js";
import type { CreditHolds } from "./answer-policy.js";
import type { RetryPolicy } from "./retry-policy.js";
import { estimatePromptTokens, type TurnPrompt } from "./turn-prompt.js";
import type { TurnLog } from "./turn-report.js";

export interface TurnCreditDeps {
  /** Credit held while a turn's model runs; absent when credits are not enforced. */
  holds?: CreditHolds;
  timeoutMs: number;
  retry: RetryPolicy;
  log: TurnLog;
}

/** The credit a turn holds while its model runs (docs/billing.md, "When credits run out"). */
export interface HeldCredit {
  /**
   * In the reply's transaction, before it is charged: ends the hold and says whether the
   * balance still pays for the reply (false: it must not be kept).
   */
  settle(repos: Repos): Promise<boolean>;
  /** Ends the hold of a turn that stored no reply; a failure to is logged (the hold lapses by itself). */
  release(): Promise<void>;
}

const NOTHING_HELD: HeldCredit = { settle: async () => true, release: async () => {} };

/**
 * Holds credit for the turn's prompt, so that concurrent turns cannot spend the same last
 * credits; null when there is none left to hold. Holds nothing when credits are not enforced.
 */
export async function holdCredit(
  deps: TurnCreditDeps,
  thread: { project_id: string; id: string },
  modelId: string,
  prompt: TurnPrompt,
): Promise<HeldCredit | null> {
  const holds = deps.holds;
  if (!holds) return NOTHING_HELD;
  const projectId = thread.project_id;
  // A hold outlives its turn at most this long (its process died): the turn's longest run.
  const ttlMs = deps.timeoutMs * deps.retry.maxAttempts + 60_000;
  const holdId = await holds.hold(projectId, modelId, estimatePromptTokens(prompt), ttlMs);
  if (holdId === null) return null;
  return {
    settle: (repos) => holds.settle(repos, projectId, holdId),
    release: () =>
      holds.release(projectId, holdId).catch((error: unknown) => {
        deps.log.warn(
          { err: error, threadId: thread.id },
          "could not release a credit hold; it lapses by itself",
        );
      }),
  };
}
