import { z } from "zod";
import { authOf } from "../../infra/api-guard.js";
import { errorResponses } from "../../infra/error-responses.js";
import type { App } from "../../infra/http-types.js";
import type { ApprovalsService } from "./approvals-service.js";

const tags = ["Threads"];

export const approvalSchema = z
  .object({
    id: z.string(),
    thread_id: z.string(),
    tool_name: z.string(),
    args: z.unknown().describe("The tool input the model asked for."),
    policy: z.enum(["user_approve", "operator_approve"]),
    status: z.enum(["pending", "approved", "rejected"]),
    reason: z.string().nullable(),
    decided_by: z.enum(["operator", "user"]).nullable(),
    created_at: z.string(),
    decided_at: z.string().nullable(),
  })
  .meta({ id: "ToolApproval" });

const params = z.object({ thread_id: z.string().max(128) });
const decisionParams = params.extend({ approval_id: z.string().max(128) });

/** Operators decide tool calls that wait for approval; the turn then resumes in the background. */
export function approvalRoutes(app: App, deps: { approvalsApi: ApprovalsService }): void {
  app.get(
    "/threads/:thread_id/approvals",
    {
      schema: {
        tags,
        operationId: "listToolApprovals",
        summary: "A thread's tool approvals (pending and decided)",
        params,
        response: { 200: approvalSchema.array() },
      },
    },
    async (request) => deps.approvalsApi.list(authOf(request), request.params.thread_id),
  );

  app.post(
    "/threads/:thread_id/approvals/:approval_id",
    {
      schema: {
        tags,
        operationId: "decideToolApproval",
        summary: "Approve or reject a tool call",
        description:
          "Decides a pending approval (an operator may also decide one that waits for the end user). " +
          "The AI then resumes: the tool runs (or its refusal is recorded) and the reply reaches the user. " +
          "409 `approval_not_pending` when it was already decided.",
        params: decisionParams,
        body: z.strictObject({
          approve: z.boolean(),
          reason: z.string().max(1000).optional().describe("Shown to the model with a rejection."),
        }),
        response: {
          200: approvalSchema,
          ...errorResponses({ 409: "`approval_not_pending`: the approval was already decided." }),
        },
      },
    },
    async (request) =>
      deps.approvalsApi.decide(
        authOf(request),
        request.params.thread_id,
        request.params.approval_id,
        request.body,
      ),
  );
}
