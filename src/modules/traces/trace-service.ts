import type { AuthContext } from "../../infra/auth-context.js";
import { ApiError } from "../../infra/errors.js";
import type { Repos } from "../../storage/repos/index.js";
import type { ThreadRow } from "../../storage/repos/threads.repo.js";
import type { TurnTraceRow } from "../../storage/repos/turn-traces.repo.js";
import { toCredits } from "../billing/index.js";
import type { StoredTrace } from "./trace-document.js";
import type { TurnTrace } from "./trace-schemas.js";

export interface TraceServiceDeps {
  repos: Repos;
  /** The thread as the caller may read it (403/404 as reading the thread: docs/conversations.md). */
  resolveThread(auth: AuthContext, threadId: string): Promise<ThreadRow>;
}

/** Reading turn traces: under the same rules as reading their thread (docs/quality.md, "Traces"). */
export class TraceService {
  constructor(private readonly deps: TraceServiceDeps) {}

  async forMessage(auth: AuthContext, threadId: string, messageId: string): Promise<TurnTrace> {
    const thread = await this.deps.resolveThread(auth, threadId);
    const row = await this.deps.repos.turnTraces.forMessage(auth.projectId, thread.id, messageId);
    if (!row) {
      throw new ApiError(
        404,
        "trace_not_found",
        `No trace explains the message '${messageId}' in this thread: no turn stored it, or its trace is past retention.`,
      );
    }
    const [trace] = await this.present(auth.projectId, [row]);
    return trace!;
  }

  async listForThread(
    auth: AuthContext,
    threadId: string,
    query: { limit: number; cursor?: string | undefined },
  ): Promise<{ data: TurnTrace[]; next_cursor: string | null }> {
    const thread = await this.deps.resolveThread(auth, threadId);
    const rows = await this.deps.repos.turnTraces.listByThread(auth.projectId, thread.id, {
      limit: query.limit + 1,
      before: query.cursor,
    });
    const page = rows.slice(0, query.limit);
    return {
      data: await this.present(auth.projectId, page),
      next_cursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
    };
  }

  /** The stored documents with what is read alongside: the reply's messages and its charge. */
  private async present(projectId: string, rows: TurnTraceRow[]): Promise<TurnTrace[]> {
    const messages = await this.deps.repos.turnTraces.messageIds(
      projectId,
      rows.map((row) => row.id),
    );
    const feedback = await this.deps.repos.messageFeedback.listForMessages(
      projectId,
      [...messages.values()].flat(),
    );
    // A reply is charged under its final message's id (docs/billing.md, "Charges").
    const replyIds = rows.flatMap((row) => messages.get(row.id)?.slice(-1) ?? []);
    const charges = new Map(
      (await this.deps.repos.billing.findTransactionsByReferences(projectId, "charge", replyIds)).map(
        (charge) => [charge.reference, charge],
      ),
    );
    return rows.map((row) => {
      const document = JSON.parse(row.document) as StoredTrace;
      const messageIds = messages.get(row.id) ?? [];
      const charge = charges.get(messageIds.at(-1) ?? "");
      return {
        ...document,
        // Traces stored before versions began name none.
        bot_version: document.bot_version ?? null,
        object: "turn_trace" as const,
        message_ids: messageIds,
        credits: charge ? toCredits(-Number(charge.amount)) : null,
        feedback: feedback.filter((entry) => messageIds.includes(entry.message_id)),
      };
    });
  }
}
