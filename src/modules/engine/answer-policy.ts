import type { AnswerContext } from "../../storage/repos/answer-context.repo.js";
import type { Repos } from "../../storage/repos/index.js";

/**
 * Whether replies are held back for credit (docs/billing.md, "When credits run out"):
 * `enforce` off means usage is recorded but never blocks; `initialBalance` is what a project
 * has before its billing account exists (the welcome bonus, millicredits).
 */
export interface CreditPolicy {
  enforce: boolean;
  initialBalance: number;
}

/**
 * Why the AI will not answer in this context, or null when it will: only in mode `auto`, in an
 * active chat, for an active bot, through an active integration (if any), for a project with
 * credits. See docs/conversations.md, "Who answers when".
 */
export function whyNotAnswering(
  context: AnswerContext | undefined,
  mode: string,
  credit: CreditPolicy = { enforce: false, initialBalance: 0 },
): string | null {
  if (!context) return "chat_missing";
  if (mode !== "auto") return `mode_${mode}`;
  if (context.chatStatus !== "active") return "chat_not_active";
  if (context.botStatus !== "active") return "bot_not_active";
  if (context.integrationId !== null && context.integrationStatus !== "active")
    return "integration_not_active";
  if (credit.enforce && (context.balance ?? credit.initialBalance) <= 0) return "insufficient_credits";
  return null;
}

/** What a person is told when a project's credits are spent (a stream's `error`, a failed reply). */
export const INSUFFICIENT_CREDITS_REASON =
  "The project has no credits left: the messages wait as pending for an operator, or for a retry once the project is topped up (docs/billing.md).";

/**
 * Credit a turn holds against its project's balance while its model runs, so that concurrent
 * turns cannot all spend the same last credits (docs/billing.md, "When credits run out").
 * Implemented by billing and given to the engine by the composition root; absent when credits
 * are not enforced.
 */
export interface CreditHolds {
  /**
   * Holds credit for a turn of `modelId` whose prompt is about `inputTokens`, until its reply
   * is charged, the turn ends, or `ttlMs` passes. Null when the balance, less what running
   * turns hold, is spent: the turn must not call the model.
   */
  hold(projectId: string, modelId: string, inputTokens: number, ttlMs: number): Promise<string | null>;
  /**
   * In the reply's transaction, under the account's lock: ends the hold and says whether the
   * balance still pays for a reply (false: the reply must not be kept).
   */
  settle(repos: Repos, projectId: string, holdId: string): Promise<boolean>;
  /** Ends the hold of a turn that stored no reply. */
  release(projectId: string, holdId: string): Promise<void>;
}
