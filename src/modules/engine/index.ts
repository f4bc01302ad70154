/** The engine module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */
export { type CreditPolicy, INSUFFICIENT_CREDITS_REASON, whyNotAnswering } from "./answer-policy.js";
export { type Approval, ApprovalFlow, type ApprovalResponse } from "./approval-flow.js";
export { composeEngine } from "./compose.js";
export { engineJobHandlers } from "./job-handlers.js";
export { replyJob } from "./jobs.js";
export { callModel, isTimeout, type ModelAnswer } from "./model-call.js";
export { ModelRegistry, ModelUnavailableError, type ResolvedModel } from "./model-registry.js";
export { recordReplyFailure } from "./reply-failure.js";
export type { ReplyDelta, ReplyDeltaPublisher } from "./reply-progress.js";
export { TurnRunner } from "./run-turn.js";
export { parseReplyFailure, type StoredReplyFailure } from "./stored-reply-failure.js";
export type { ThreadActions } from "./thread-actions.js";
export { ThreadLock } from "./thread-lock.js";
export { ThreadWriter, toPublicMessage } from "./thread-writer.js";
export { type AvailableTool, ProjectTools } from "./tools/project-tools.js";
export { builtinToolNames, findBuiltinTool } from "./tools/registry.js";
export { toolRoutes } from "./tools/routes.js";
export { TurnEventQueue } from "./turn-event-queue.js";
export type { TurnEvent, TurnEventSink } from "./turn-events.js";
export { turnMetrics } from "./turn-metrics.js";
export { failureText, type ReplyFinishReason, type TurnOutcome } from "./turn-outcome.js";
export { systemPrompt } from "./turn-prompt.js";
/** What one turn tallies for its report; an evaluation's model call keeps one too. */
export { TurnTrace as TurnTally } from "./turn-report.js";
export { type TurnToolDeps, type TurnTools, turnToolsFor } from "./turn-tools.js";
export type * from "./turn-watch.js";
