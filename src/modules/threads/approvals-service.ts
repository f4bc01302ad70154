import type { AuthContext } from "../../infra/auth-context.js";
import type { Approval, ApprovalFlow } from "../engine/index.js";
import type { ConversationService } from "./conversation-service.js";

/** The approvals API: who may see and decide a thread's tool approvals; the flow is the engine's. */
export class ApprovalsService {
  constructor(private readonly deps: { approvals: ApprovalFlow; conversations: ConversationService }) {}

  async list(auth: AuthContext, threadId: string): Promise<Approval[]> {
    return this.deps.approvals.list(await this.deps.conversations.resolveThread(auth, threadId));
  }

  /** An operator's decision; the AI then resumes in a background turn. */
  async decide(
    auth: AuthContext,
    threadId: string,
    approvalId: string,
    decision: { approve: boolean; reason?: string | undefined },
  ): Promise<Approval> {
    const thread = await this.deps.conversations.resolveThread(auth, threadId);
    return this.deps.approvals.decideByOperator(thread, approvalId, decision, (unit, current) =>
      this.deps.conversations.scheduleReply(unit, current, new Date()),
    );
  }
}
