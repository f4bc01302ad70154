import type { AnswerContext } from "../../storage/repos/answer-context.repo.js";

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
