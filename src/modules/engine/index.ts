/** The engine module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */
export { type CreditPolicy, INSUFFICIENT_CREDITS_REASON, whyNotAnswering } from "./answer-policy.js";
export { type Approval, ApprovalFlow, type ApprovalResponse } from "./approval-flow.js";
export { composeEngine } from "./compose.js";
export { engineJobHandlers } from "./job-handlers.js";
export { replyJob } from "./jobs.js";
export { ModelRegistry } from "./model-registry.js";
export { recordReplyFailure } from "./reply-failure.js";
export { TurnRunner } from "./run-turn.js";
export { parseReplyFailure, type StoredReplyFailure } from "./stored-reply-failure.js";
export type { ThreadActions } from "./thread-actions.js";
export { ThreadLock } from "./thread-lock.js";
export { ThreadWriter, toPublicMessage } from "./thread-writer.js";
export { ProjectTools } from "./tools/project-tools.js";
export { builtinToolNames } from "./tools/registry.js";
export { toolRoutes } from "./tools/routes.js";
export type { TurnEvent, TurnEventSink } from "./turn-events.js";
export { turnMetrics } from "./turn-metrics.js";
export type { ReplyFinishReason, TurnOutcome } from "./turn-outcome.js";
