/** Tool calls waiting for a person's decision (migration 0008). */
export type ApprovalPolicy = "user_approve" | "operator_approve";
export type ApprovalStatus = "pending" | "approved" | "rejected";

export interface ToolApprovalsTable {
  id: string;
  project_id: string;
  thread_id: string;
  tool_call_id: string;
  tool_name: string;
  /** The tool's input as the model gave it, JSON. */
  args: string;
  policy: ApprovalPolicy;
  status: ApprovalStatus;
  reason: string | null;
  /** Who decided: an operator through the API, or the end user in the conversation. */
  decided_by: "operator" | "user" | null;
  /** Set once the decision's tool result is stored in the thread (the turn can resume). */
  settled_at: string | null;
  created_at: string;
  decided_at: string | null;
}

export interface ApprovalTables {
  tool_approvals: ToolApprovalsTable;
}
