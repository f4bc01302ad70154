/**
 * @parley/client: a typed client of the Parley API (client/README.md). Webhook verification
 * is the separate entry `@parley/client/webhooks`.
 */
export {
  type ClientOrOptions,
  createParleyClient,
  type ParleyClient,
  type ParleyClientOptions,
} from "./client.js";
export { type FetchResult, ParleyError, type ParleyErrorDetail, unwrap } from "./errors.js";
export type {
  FinishEvent,
  FinishReason,
  ReplayedEvent,
  ReplyErrorEvent,
  ReplyEvent,
  TextDeltaEvent,
  ToolCallEvent,
  ToolResultEvent,
} from "./reply-events.js";
export { replyJson } from "./reply-json.js";
export type { ReplyRequest, ReplyResult } from "./reply-request.js";
export { type CollectedReply, collectReply, streamReply } from "./reply-stream.js";

import type { components } from "./schema.js";

export type { components, operations, paths } from "./schema.js";
/** The document's named schemas: `Schemas["Bot"]`, `Schemas["Thread"]`, `Schemas["Message"]`, … */
export type Schemas = components["schemas"];
export { readSseFrames, type SseFrame } from "./sse.js";
export {
  type ThreadEvent,
  type ThreadEventMessage,
  type ThreadEventsRequest,
  threadEvents,
} from "./thread-events.js";
