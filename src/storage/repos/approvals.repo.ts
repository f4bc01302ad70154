import type { Kysely, Selectable } from "kysely";
import { preparedQuery } from "../prepared-query.js";
import type { Database } from "../schema.js";
import type { ToolApprovalsTable } from "../schema-approvals.js";

export type ApprovalRow = Selectable<ToolApprovalsTable>;

type ThreadArgs = { projectId: string; threadId: string };

const pendingApprovals = preparedQuery<ThreadArgs, ApprovalRow>((db, arg) =>
  db
    .selectFrom("tool_approvals")
    .selectAll()
    .where("project_id", "=", arg("projectId"))
    .where("thread_id", "=", arg("threadId"))
    .where("status", "=", "pending")
    .orderBy("created_at"),
);

const openApprovals = preparedQuery<ThreadArgs, ApprovalRow>((db, arg) =>
  db
    .selectFrom("tool_approvals")
    .selectAll()
    .where("project_id", "=", arg("projectId"))
    .where("thread_id", "=", arg("threadId"))
    .where("settled_at", "is", null)
    .orderBy("created_at"),
);

export class ApprovalsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: ApprovalRow): Promise<void> {
    await this.db.insertInto("tool_approvals").values(row).execute();
  }

  find(projectId: string, id: string): Promise<ApprovalRow | undefined> {
    return this.db
      .selectFrom("tool_approvals")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("id", "=", id)
      .executeTakeFirst();
  }

  listByThread(projectId: string, threadId: string): Promise<ApprovalRow[]> {
    return this.db
      .selectFrom("tool_approvals")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("thread_id", "=", threadId)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
  }

  async pending(projectId: string, threadId: string): Promise<ApprovalRow[]> {
    return pendingApprovals.all(this.db, { projectId, threadId });
  }

  /** Pending approvals in the whole database (metrics). */
  async countPending(): Promise<number> {
    const row = await this.db
      .selectFrom("tool_approvals")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Approvals not finished with: pending ones and decided ones whose tool result is not stored yet. */
  async open(projectId: string, threadId: string): Promise<ApprovalRow[]> {
    return openApprovals.all(this.db, { projectId, threadId });
  }

  /** Records a decision; false when the approval was no longer pending (decided concurrently). */
  async decide(
    projectId: string,
    id: string,
    decision: { status: "approved" | "rejected"; reason: string | null; by: "operator" | "user"; at: string },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable("tool_approvals")
      .set({
        status: decision.status,
        reason: decision.reason,
        decided_by: decision.by,
        decided_at: decision.at,
      })
      .where("project_id", "=", projectId)
      .where("id", "=", id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async markSettled(projectId: string, id: string, at: string): Promise<void> {
    await this.db
      .updateTable("tool_approvals")
      .set({ settled_at: at })
      .where("project_id", "=", projectId)
      .where("id", "=", id)
      .execute();
  }
}
