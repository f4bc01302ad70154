import type { AnswerContext } from "../../storage/repos/answer-context.repo.js";

/**
 * Why the AI will not answer in this context, or null when it will: only in mode `auto`, in an
 * active chat, for an active bot, through an active integration (if any). See
 * docs/conversations.md, "Who answers when".
 */
export function whyNotAnswering(context: AnswerContext | undefined, mode: string): string | null {
  if (!context) return "chat_missing";
  if (mode !== "auto") return `mode_${mode}`;
  if (context.chatStatus !== "active") return "chat_not_active";
  if (context.botStatus !== "active") return "bot_not_active";
  if (context.integrationId !== null && context.integrationStatus !== "active")
    return "integration_not_active";
  return null;
}
