import { authOf } from "../../infra/api-guard.js";
import type { App } from "../../infra/http-types.js";
import {
  listTracesQuerySchema,
  traceMessageParamsSchema,
  traceThreadParamsSchema,
  turnTraceListSchema,
  turnTraceSchema,
} from "./trace-schemas.js";
import type { TraceService } from "./trace-service.js";

const tags = ["Traces"];

/** Turn traces under their thread (docs/quality.md, "Traces"). */
export function traceRoutes(app: App, traces: TraceService): void {
  app.get(
    "/threads/:thread_id/traces",
    {
      schema: {
        tags,
        operationId: "listThreadTraces",
        summary: "A thread's turn traces, newest first",
        description:
          "One per turn that replied or failed: the window, recall, knowledge passages, each model request " +
          "and tool call, and the outcome. Kept for PARLEY_TRACE_RETENTION_DAYS.",
        params: traceThreadParamsSchema,
        querystring: listTracesQuerySchema,
        response: { 200: turnTraceListSchema },
      },
    },
    async (request) => traces.listForThread(authOf(request), request.params.thread_id, request.query),
  );

  app.get(
    "/threads/:thread_id/messages/:message_id/trace",
    {
      schema: {
        tags,
        operationId: "getMessageTrace",
        summary: "Why this answer: the trace of the turn that stored a message",
        description:
          "404 `trace_not_found` for a message no turn stored (the person's, an operator's), or once the trace is past retention.",
        params: traceMessageParamsSchema,
        response: { 200: turnTraceSchema },
      },
    },
    async (request) =>
      traces.forMessage(authOf(request), request.params.thread_id, request.params.message_id),
  );
}
