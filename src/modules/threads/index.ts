/** The threads module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */
export { ApprovalsService } from "./approvals-service.js";
export { pressedChoice } from "./button-choices.js";
export { ChannelInboxService } from "./channel-inbox-service.js";
export { composeThreads } from "./compose.js";
export { ConversationService } from "./conversation-service.js";
export { threadEventRoutes } from "./events-routes.js";
export { threadJobHandlers } from "./job-handlers.js";
export { botMessageJob, operatorMessageJob, snoozeWakeJob } from "./jobs.js";
export { replyStreamEventSchema } from "./reply-stream-events.js";
export { type ReplyWindow, replyWindows } from "./reply-window.js";
export { threadRoutes } from "./routes.js";
export {
  messageContentSchema,
  messageSchema,
  scheduledSchema,
  threadParamsSchema,
  threadSchema,
} from "./schemas.js";
export { toThread } from "./serializers.js";
export { dataStreamWriter } from "./stream-protocols.js";
export { StreamService, type StreamStart } from "./stream-service.js";
