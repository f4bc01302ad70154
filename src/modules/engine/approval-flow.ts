import type { ToolResultPart } from "ai";
import type { Transactor, UnitOfWork } from "../../events/unit-of-work.js";
import type { Clock } from "../../infra/clock.js";
import { conflict, notFound } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { ApprovalRow } from "../../storage/repos/approvals.repo.js";
import type { Repos } from "../../storage/repos/index.js";
import type { ThreadRow } from "../../storage/repos/threads.repo.js";
import type { ApprovalPolicy } from "../../storage/schema-approvals.js";
import type { ToolContext } from "../../tools/tool-context.js";
import {
  classifyConfirmation,
  confirmationButtons,
  confirmationQuestion,
  detectLanguage,
} from "./confirmation.js";
import type { ThreadWriter } from "./thread-writer.js";
import { modelToolName, type ProjectTools, validateToolInput } from "./tools/project-tools.js";
import { findBuiltinTool } from "./tools/registry.js";
import { askPhrase, type ToolWordingSource } from "./tools/tool-wording.js";
import type { TurnEventSink } from "./turn-events.js";
import type { TurnWatch } from "./turn-watch.js";
import { unwatched } from "./turn-watchers.js";

/** A tool call the turn paused on. */
export interface PausedCall {
  approvalId: string;
  toolCallId: string;
  toolName: string;
  args: unknown;
  policy: ApprovalPolicy;
  /** The tool as people see it (title, formatter), for the question a `user_approve` call asks. */
  tool?: ToolWordingSource | undefined;
}

export interface Approval {
  id: string;
  thread_id: string;
  tool_name: string;
  args: unknown;
  policy: ApprovalPolicy;
  status: ApprovalRow["status"];
  reason: string | null;
  decided_by: "operator" | "user" | null;
  created_at: string;
  decided_at: string | null;
}

export function toApproval(row: ApprovalRow): Approval {
  return {
    id: row.id,
    thread_id: row.thread_id,
    tool_name: row.tool_name,
    args: JSON.parse(row.args) as unknown,
    policy: row.policy,
    status: row.status,
    reason: row.reason,
    decided_by: row.decided_by,
    created_at: row.created_at,
    decided_at: row.decided_at,
  };
}

/** An end user's answer to one approval request, as the AI SDK's UI sends it back. */
export interface ApprovalResponse {
  approvalId: string;
  approved: boolean;
  reason?: string | undefined;
}

export const REJECTED_BY_USER_REASON = "The user did not confirm.";

/**
 * Tool approvals: a tool under `operator_approve` or `user_approve` pauses the turn; the
 * decision (an operator through the API, or the end user's next message) is stored, and the
 * next turn first "settles" it — runs the tool or records the refusal as the tool's result —
 * then lets the model continue. Everything is in the database, so a pause survives restarts.
 */
export class ApprovalFlow {
  constructor(
    private readonly deps: {
      repos: Repos;
      writer: ThreadWriter;
      transactor: Transactor;
      clock: Clock;
      newId: IdGenerator;
      /** The project's tools, to run an approved call with. */
      tools: ProjectTools;
    },
  ) {}

  /**
   * Records the paused calls in the turn's storing transaction. Operator approvals count in
   * pending_count and raise thread.approval.requested; a user approval adds the bot's question
   * (returned, to be streamed) in the user's language.
   */
  async recordPause(
    unit: UnitOfWork,
    thread: ThreadRow,
    calls: PausedCall[],
    userText: string,
  ): Promise<{ question: { text: string; buttons: Array<{ label: string }> } | null }> {
    const repo = unit.repos.approvals;
    const now = this.deps.clock.now().toISOString();
    let operatorCalls = 0;
    const questions: string[] = [];
    const language = detectLanguage(userText);
    for (const call of calls) {
      await repo.insert({
        id: call.approvalId,
        project_id: thread.project_id,
        thread_id: thread.id,
        tool_call_id: call.toolCallId,
        tool_name: call.toolName,
        args: JSON.stringify(call.args ?? {}),
        policy: call.policy,
        status: "pending",
        reason: null,
        decided_by: null,
        settled_at: null,
        created_at: now,
        decided_at: null,
      });
      if (call.policy === "operator_approve") {
        operatorCalls += 1;
        unit.record({
          type: "thread.approval.requested",
          threadId: thread.id,
          approvalId: call.approvalId,
          toolName: call.toolName,
          args: call.args,
        });
      } else {
        const tool = call.tool ??
          findBuiltinTool(call.toolName) ?? { name: call.toolName, description: call.toolName };
        questions.push(confirmationQuestion(askPhrase(tool, call.args, language), language));
      }
    }
    if (operatorCalls > 0) await this.deps.writer.addPending(unit, thread, operatorCalls);
    // One Yes / No answers every question at once, as a typed one does (decideFromUserMessage).
    return {
      question:
        questions.length > 0
          ? { text: questions.join("\n\n"), buttons: confirmationButtons(language) }
          : null,
    };
  }

  /** The thread's approvals, pending and decided (the caller resolved the thread). */
  async list(thread: ThreadRow): Promise<Approval[]> {
    return (await this.deps.repos.approvals.listByThread(thread.project_id, thread.id)).map(toApproval);
  }

  /** An operator's decision on a thread the caller resolved; `resume` queues the turn that goes on. */
  async decideByOperator(
    thread: ThreadRow,
    approvalId: string,
    decision: { approve: boolean; reason?: string | undefined },
    resume: (unit: UnitOfWork, thread: ThreadRow) => Promise<unknown>,
  ): Promise<Approval> {
    const projectId = thread.project_id;
    const existing = await this.deps.repos.approvals.find(projectId, approvalId);
    if (!existing || existing.thread_id !== thread.id) throw notFound("approval", approvalId);
    return this.deps.transactor.run(projectId, async (unit) => {
      const repo = unit.repos.approvals;
      const decided = await repo.decide(projectId, approvalId, {
        status: decision.approve ? "approved" : "rejected",
        reason: decision.reason ?? null,
        by: "operator",
        at: this.deps.clock.now().toISOString(),
      });
      if (!decided)
        throw conflict("approval_not_pending", `The approval '${approvalId}' was already decided.`);
      if (existing.policy === "operator_approve") await this.deps.writer.addPending(unit, thread, -1);
      await resume(unit, thread);
      return toApproval((await repo.find(projectId, approvalId)) ?? existing);
    });
  }

  /**
   * The end user's message decides their pending approvals: a clear yes approves, a clear no
   * rejects, anything else cancels (rejected) and the message is answered normally. Returns the
   * thread's approvals still pending afterwards.
   */
  async decideFromUserMessage(
    unit: UnitOfWork,
    projectId: string,
    threadId: string,
    text: string,
  ): Promise<ApprovalRow[]> {
    const repo = unit.repos.approvals;
    const pending = await repo.pending(projectId, threadId);
    const waiting = pending.filter((a) => a.policy === "user_approve");
    // What is still pending afterwards (the operators'), so the caller need not read it again.
    const stillPending = pending.filter((a) => a.policy !== "user_approve");
    if (waiting.length === 0) return stillPending;
    const answer = classifyConfirmation(text);
    const now = this.deps.clock.now().toISOString();
    for (const approval of waiting) {
      await repo.decide(projectId, approval.id, {
        status: answer === "yes" ? "approved" : "rejected",
        reason: answer === "yes" ? null : answer === "no" ? "The user declined." : REJECTED_BY_USER_REASON,
        by: "user",
        at: now,
      });
    }
    return stillPending;
  }

  /**
   * The end user's answers given as approval responses (the AI SDK's `addToolApprovalResponse`,
   * docs/conversations.md): each decides the pending `user_approve` approval it names, exactly as
   * a typed "yes" or "no" would. Approvals that are not pending, unknown, or wait for an operator
   * are left alone (an end user never decides an operator's approval). Returns how many it decided.
   */
  async decideFromResponses(
    unit: UnitOfWork,
    projectId: string,
    threadId: string,
    responses: ApprovalResponse[],
  ): Promise<number> {
    const repo = unit.repos.approvals;
    const waiting = new Map(
      (await repo.pending(projectId, threadId))
        .filter((a) => a.policy === "user_approve")
        .map((a) => [a.id, a]),
    );
    const now = this.deps.clock.now().toISOString();
    let decided = 0;
    for (const response of responses) {
      if (!waiting.delete(response.approvalId)) continue;
      const done = await repo.decide(projectId, response.approvalId, {
        status: response.approved ? "approved" : "rejected",
        reason: response.approved ? null : response.reason?.trim() || "The user declined.",
        by: "user",
        at: now,
      });
      if (done) decided += 1;
    }
    return decided;
  }

  /**
   * Turns decisions into tool results in the thread: runs an approved tool (its input checked
   * again), or records the refusal, and tells the turn's events each result. Tells whether
   * anything was settled (the model must go on) and whether an operator must still decide
   * something before the AI may go on.
   */
  async settle(
    thread: ThreadRow,
    context: ToolContext,
    events: TurnEventSink,
    watch: TurnWatch = unwatched,
  ): Promise<{ settled: boolean; awaitingOperator: boolean }> {
    const open = await this.deps.repos.approvals.open(thread.project_id, thread.id);
    const decided = open.filter((approval) => approval.status !== "pending");
    for (const approval of decided) {
      const followed = watch.toolCall({
        callId: approval.tool_call_id,
        name: approval.tool_name,
        args: JSON.parse(approval.args) as unknown,
        approval: {
          policy: approval.policy,
          decision: approval.status === "rejected" ? "denied" : "approved",
          decidedBy: approval.decided_by,
        },
      });
      const output = await this.outcome(approval, context);
      followed.end(
        output.type === "execution-denied"
          ? { status: "denied", result: output.reason ?? null }
          : output.type === "error-text"
            ? { status: "error", result: output.value }
            : { status: "ok", result: output.type === "json" ? output.value : null },
      );
      // The result answers the model's call, which named the tool by its model-facing name.
      const part: ToolResultPart = {
        type: "tool-result",
        toolCallId: approval.tool_call_id,
        toolName: modelToolName(approval.tool_name),
        output,
      };
      const summary = `${approval.tool_name}: ${approval.status}${approval.reason ? ` (${approval.reason})` : ""}`;
      await this.deps.transactor.run(thread.project_id, async (unit) => {
        const now = this.deps.clock.now().toISOString();
        await this.deps.writer.insertMessage(
          unit,
          thread,
          "tool",
          "bot",
          summary,
          JSON.stringify([part]),
          now,
        );
        await unit.repos.approvals.markSettled(thread.project_id, approval.id, now);
      });
      const call = { toolCallId: approval.tool_call_id, toolName: approval.tool_name };
      if (output.type === "execution-denied")
        events({ type: "tool-denied", ...call, reason: approval.reason });
      else if (output.type === "json") events({ type: "tool-result", ...call, output: output.value });
      else if (output.type === "error-text")
        events({ type: "tool-result", ...call, output: { error: output.value } });
    }
    return {
      settled: decided.length > 0,
      awaitingOperator: open.some((a) => a.status === "pending" && a.policy === "operator_approve"),
    };
  }

  private async outcome(approval: ApprovalRow, context: ToolContext): Promise<ToolResultPart["output"]> {
    if (approval.status === "rejected") {
      return { type: "execution-denied", ...(approval.reason ? { reason: approval.reason } : {}) };
    }
    // The project's tool as it is now: an integration disconnected meanwhile no longer offers it.
    const available = await this.deps.tools.find(context.projectId, approval.tool_name);
    if (!available)
      return { type: "error-text", value: `The tool '${approval.tool_name}' is no longer available.` };
    const input = await validateToolInput(available.inputSchema, JSON.parse(approval.args));
    if (!input.success) return { type: "error-text", value: `Invalid input: ${input.error.message}` };
    try {
      const tool = available.create(context);
      const result = await tool.execute?.(input.value, { toolCallId: approval.tool_call_id, messages: [] });
      return { type: "json", value: (result ?? null) as never };
    } catch (error) {
      return { type: "error-text", value: error instanceof Error ? error.message : String(error) };
    }
  }
}
