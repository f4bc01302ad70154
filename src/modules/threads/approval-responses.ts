import type { ApprovalResponse } from "../engine/index.js";
import type { StreamBody } from "./schemas.js";

type UiMessage = StreamBody["messages"][number];

/**
 * The user's answers to approval requests in the AI SDK UI message shape: after
 * `addToolApprovalResponse`, useChat sends the conversation back with its last (assistant)
 * message's tool parts in the state `approval-responded`, each carrying `approval {id,
 * approved, reason?}` (docs/conversations.md, "Tool approvals with useChat"). Undefined when the
 * message is not such an answer: then it is an ordinary request.
 */
export function approvalResponsesOf(
  message: UiMessage | undefined,
): { messageId: string | undefined; answers: ApprovalResponse[] } | undefined {
  if (message?.role !== "assistant") return undefined;
  const answers: ApprovalResponse[] = [];
  for (const part of message.parts ?? []) {
    const isTool = part.type.startsWith("tool-") || part.type === "dynamic-tool";
    if (!isTool || part.state !== "approval-responded") continue;
    const approval = part.approval as { id?: unknown; approved?: unknown; reason?: unknown } | undefined;
    if (typeof approval?.id !== "string" || typeof approval.approved !== "boolean") continue;
    answers.push({
      approvalId: approval.id,
      approved: approval.approved,
      reason: typeof approval.reason === "string" ? approval.reason : undefined,
    });
  }
  return answers.length > 0 ? { messageId: message.id, answers } : undefined;
}
