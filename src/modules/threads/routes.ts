import { z } from "zod";
import type { StreamKeyGuard } from "../../events/stream-key-guard.js";
import { authOf } from "../../infra/api-guard.js";
import { deletedSchema } from "../../infra/common-schemas.js";
import { errorResponses } from "../../infra/error-responses.js";
import { eventStreamResponse } from "../../infra/event-stream-response.js";
import type { App } from "../../infra/http-types.js";
import { releaseIdempotency, settleIdempotency } from "../../infra/idempotency.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { SecretBox } from "../../infra/secret-box.js";
import { openSseStream } from "../../infra/sse.js";
import type { IdempotencyRepo } from "../../storage/repos/idempotency.repo.js";
import { approvalRoutes } from "./approval-routes.js";
import type { ApprovalsService } from "./approvals-service.js";
import type { ConversationService } from "./conversation-service.js";
import { prefersJson, ReplyCollector, replyResultSchema } from "./reply-result.js";
import { replyStreamEventSchema } from "./reply-stream-events.js";
import {
  assignBodySchema,
  chatParamsSchema,
  chatThreadParamsSchema,
  listThreadsQuerySchema,
  memorySchema,
  messageSchema,
  operatorSendBodySchema,
  replyRetrySchema,
  scheduledSchema,
  setModeBodySchema,
  setStatusBodySchema,
  streamBodySchema,
  threadCountsQuerySchema,
  threadCountsSchema,
  threadDetailSchema,
  threadListSchema,
  threadParamsSchema,
  threadSchema,
} from "./schemas.js";
import { dataStreamWriter, uiMessageStreamWriter } from "./stream-protocols.js";
import type { StreamService } from "./stream-service.js";

const tags = ["Threads"];

const STREAM_DESCRIPTION = `Stores the user's messages in the thread (created on first use) and streams the AI's
reply as server-sent events. Default protocol (\`?protocol=data\`): each SSE \`data\` is one JSON object:
\`text-delta\` {textDelta}, \`tool-call\` {toolCallId, toolName, args}, \`tool-result\` {toolCallId, toolName,
result}, \`finish\` {finishReason: stop | tool-calls | length, message_id, thread_id}, or \`error\` {code, message}.
\`?protocol=ui\` speaks the AI SDK UI message stream protocol (for \`useChat\`). In a mode other than \`auto\`
(or when the chat, bot or integration is not active) the messages are stored and the stream holds a single
\`finish\`. With \`scheduledAt\` in the future the answer is 202 JSON and the reply comes later as a
\`message_created\` event. The reply is stored even if the client disconnects.

**Blocking mode.** With \`Accept: application/json\` the same turn runs and the answer is one JSON object
(ReplyResult: the stored reply message, the text, tool calls and results, finish reason, usage). A failed turn is then
an error status instead of an \`error\` event: 402 \`insufficient_credits\`, 422 \`model_unavailable\`, 502
\`model_error\`, 504 \`model_timeout\` (the user's messages stay stored). Idempotency-Key replays answer the same body.

**Tool approvals with useChat.** A \`user_approve\` call appears as \`tool-approval-request\`; the AI SDK's
\`addToolApprovalResponse\` (sent back with the conversation) decides it as a typed yes/no would, and the reply goes
on in the same assistant message. See docs/conversations.md.`;

export function threadRoutes(
  app: App,
  deps: {
    conversations: ConversationService;
    approvalsApi: ApprovalsService;
    stream: StreamService;
    /** Ends a reply stream (not its turn) when the key that opened it is revoked. */
    keyGuard: StreamKeyGuard;
    heartbeatMs: number;
    newId: IdGenerator;
    idempotency: () => IdempotencyRepo;
    secrets: SecretBox;
  },
): void {
  const { conversations } = deps;
  approvalRoutes(app, deps);

  app.get(
    "/threads",
    {
      schema: {
        tags,
        operationId: "listThreads",
        summary: "List threads",
        description:
          "Newest activity first (threads without messages last), then id. With `search`, ranked by relevance. " +
          "`cursor` (from `next_cursor`) continues after the last thread of the previous page, so new threads " +
          "never shift or repeat items; a thread with new activity moves to the top of the first page. " +
          "With `cursor`, `offset` is ignored.",
        querystring: listThreadsQuerySchema,
        response: { 200: threadListSchema },
      },
    },
    async (request) => conversations.listThreads(authOf(request), request.query),
  );

  app.get(
    "/threads/counts",
    {
      schema: {
        tags,
        operationId: "countThreads",
        summary: "Count threads per status",
        description:
          "How many threads are `open`, `pending`, `snoozed` and `resolved` (every key present, zeros " +
          "included), under the same filters as GET /v1/threads (`chat_id`, `bot_id`, `mode`, `waiting`, `assignee`).",
        querystring: threadCountsQuerySchema,
        response: { 200: threadCountsSchema },
      },
    },
    async (request) => conversations.countThreads(authOf(request), request.query),
  );

  app.post(
    "/threads/:thread_id/status",
    {
      schema: {
        tags,
        operationId: "setThreadStatus",
        summary: "Set a conversation's status",
        description:
          "`open`, `pending` (waiting on the customer), `snoozed` (with `snoozed_until` in the future: reopens " +
          "then; without: until the customer writes) or `resolved`. The same status again changes nothing and raises " +
          "nothing; a change raises `status_changed` and the `thread.status.changed` webhook, recording who made it. " +
          'A new customer message reopens the thread (docs/conversations.md, "Status").',
        params: threadParamsSchema,
        body: setStatusBodySchema,
        response: {
          200: threadSchema,
          ...errorResponses({
            422: "`validation_failed`: `snoozed_until` without `snoozed`, or not in the future.",
          }),
        },
      },
    },
    async (request) =>
      conversations.setStatus(
        authOf(request),
        request.params.thread_id,
        request.body.status,
        request.body.snoozed_until,
      ),
  );

  app.get(
    "/threads/:thread_id",
    {
      schema: {
        tags,
        operationId: "getThread",
        summary: "Get a thread with its person and stats",
        params: threadParamsSchema,
        response: { 200: threadDetailSchema },
      },
    },
    async (request) => conversations.threadDetail(authOf(request), request.params.thread_id),
  );

  app.get(
    "/threads/:thread_id/messages",
    {
      schema: {
        tags,
        operationId: "listThreadMessages",
        summary: "A thread's full message history, oldest first",
        params: threadParamsSchema,
        response: { 200: messageSchema.array() },
      },
    },
    async (request) => conversations.messages(authOf(request), request.params.thread_id),
  );

  app.get(
    "/threads/:thread_id/memory",
    {
      schema: {
        tags,
        operationId: "getThreadMemory",
        summary: "A thread's working memory",
        params: threadParamsSchema,
        response: { 200: memorySchema },
      },
    },
    async (request) => conversations.memory(authOf(request), request.params.thread_id),
  );

  app.post(
    "/threads/:thread_id/send",
    {
      schema: {
        tags,
        operationId: "sendOperatorMessage",
        summary: "Send a message as a human operator",
        description:
          "Only while the thread is `manual` (else 409 `thread_not_manual`). Stored with role `assistant` and " +
          "author `operator` (with `operator` {id, name} when sent from a console session); clears pending_count. " +
          "With `scheduledAt` in the future: 202 and delivered then.",
        params: threadParamsSchema,
        body: operatorSendBodySchema,
        response: {
          200: messageSchema,
          202: scheduledSchema,
          ...errorResponses({
            409: "`thread_not_manual`: the thread is not in mode `manual`.",
            422: "`validation_failed`: also for a file id that names no file uploaded to this thread.",
          }),
        },
      },
    },
    async (request, reply) => {
      const result = await conversations.operatorSend(
        authOf(request),
        request.params.thread_id,
        request.body.text ?? "",
        request.body.scheduledAt,
        request.body.buttons,
        (request.body.files ?? []).map((file) => (typeof file === "string" ? { id: file } : file)),
      );
      if ("scheduled" in result) return reply.code(202).send(result.scheduled);
      return result.message;
    },
  );

  app.post(
    "/threads/:thread_id/assign",
    {
      schema: {
        tags,
        operationId: "assignThread",
        summary: "Assign a thread to an operator, or unassign it",
        description:
          "`operator_id`: an operator of the project (GET /v1/operators), or null. Raises `thread_assigned`. " +
          "Taking a thread over from a console session assigns it to that person when nobody has it (docs/console.md).",
        params: threadParamsSchema,
        body: assignBodySchema,
        response: {
          200: threadSchema,
          ...errorResponses({ 404: "`operator_not_found`: `operator_id` names no operator of the project." }),
        },
      },
    },
    async (request) =>
      conversations.assign(authOf(request), request.params.thread_id, request.body.operator_id),
  );

  app.post(
    "/threads/:thread_id/reply/retry",
    {
      schema: {
        tags,
        operationId: "retryThreadReply",
        summary: "Retry a reply the AI gave up on",
        description:
          "Queues a reply to the messages of the thread's `reply_failure` (202): it runs through the answer policy like " +
          "any reply (mode, statuses, credits) and, should it fail again, raises `reply_failed` anew. Asked again while " +
          "that job may still run, answers the same job. Only in mode `auto` (409 `thread_not_auto`; take the thread " +
          "over to answer it yourself); 409 `nothing_to_retry` when no failed reply waits.",
        params: threadParamsSchema,
        response: {
          202: replyRetrySchema,
          ...errorResponses({
            409: "`thread_not_auto`: the thread is not in mode `auto`. `nothing_to_retry`: no failed reply waits.",
          }),
        },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await conversations.retryReply(authOf(request), request.params.thread_id)),
  );

  for (const [path, chatScoped] of [
    ["/threads/:thread_id/mode", false],
    ["/chats/:chat_id/threads/:thread_id/mode", true],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags,
          operationId: chatScoped ? "setChatThreadMode" : "setThreadMode",
          summary: chatScoped ? "Set a thread's mode (chat path)" : "Set a thread's mode",
          description:
            "`auto`: the AI answers; `manual`/`operator`: a person answers, the AI is paused; `blocked`: nothing is sent. " +
            "Raises `mode_changed`. Back to `auto`, unanswered user messages are answered by the AI.",
          params: chatScoped ? chatThreadParamsSchema : threadParamsSchema,
          body: setModeBodySchema,
          response: { 200: threadSchema },
        },
      },
      async (request) => {
        const params = request.params as { thread_id: string; chat_id?: string };
        return conversations.setMode(authOf(request), params.thread_id, request.body.mode, params.chat_id);
      },
    );
  }

  app.get(
    "/chats/:chat_id/threads",
    {
      schema: {
        tags,
        operationId: "listChatThreads",
        summary: "A chat's threads",
        params: chatParamsSchema,
        response: { 200: threadSchema.array() },
      },
    },
    async (request) => conversations.chatThreads(authOf(request), request.params.chat_id),
  );

  app.get(
    "/chats/:chat_id/threads/:thread_id/messages",
    {
      schema: {
        tags,
        operationId: "listChatThreadMessages",
        summary: "A thread's full message history (chat path)",
        params: chatThreadParamsSchema,
        response: { 200: messageSchema.array() },
      },
    },
    async (request) =>
      conversations.messages(authOf(request), request.params.thread_id, request.params.chat_id),
  );

  app.post(
    "/chats/:chat_id/threads/:thread_id/delete",
    {
      schema: {
        tags,
        operationId: "deleteThread",
        summary: "Delete a thread and its messages",
        params: chatThreadParamsSchema,
        response: { 200: deletedSchema },
      },
    },
    async (request) =>
      conversations.deleteThread(authOf(request), request.params.thread_id, request.params.chat_id),
  );

  app.post(
    "/chats/:chat_id/threads/:thread_id/stream",
    {
      schema: {
        tags,
        operationId: "streamThreadReply",
        summary: "Talk to the bot: store user messages and stream the reply",
        description: STREAM_DESCRIPTION,
        params: chatThreadParamsSchema,
        querystring: z.object({
          protocol: z
            .enum(["data", "ui"])
            .default("data")
            .describe("`data` (default) or `ui` (AI SDK useChat)."),
        }),
        body: streamBodySchema,
        response: {
          // text/event-stream by default; with `Accept: application/json`, the blocking answer.
          200: eventStreamResponse({
            description:
              "The reply as server-sent events (`data:` frames, one ReplyStreamEvent each); with " +
              "`Accept: application/json`, the whole turn as one ReplyResult.",
            events: replyStreamEventSchema,
            json: replyResultSchema,
          }),
          202: scheduledSchema,
          ...errorResponses({
            402: "`insufficient_credits` (blocking mode; a stream reports it as its `error` event).",
            409: "`thread_in_other_chat`: the thread id belongs to another chat of the project.",
            422: "`model_unavailable` (blocking mode; a stream reports it as its `error` event).",
            502: "`model_error`: the model provider failed (blocking mode; a stream reports it as its `error` event).",
            504: "`model_timeout`: the model did not answer in time (blocking mode; a stream reports it as its `error` event).",
          }),
        },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const start = await deps.stream.handle(
        auth,
        { chatId: request.params.chat_id, threadId: request.params.thread_id },
        request.body,
        request.query.protocol,
        request.idempotency && `${request.idempotency.since}:${request.idempotency.key}`,
      );
      if (start.kind === "scheduled") return reply.code(202).send(start.body);
      if (prefersJson(request.headers.accept)) {
        // Blocking mode: the same turn, answered once it is over (docs/conversations.md).
        const collector = new ReplyCollector();
        const turn = start.run();
        for await (const event of turn.events) collector.take(event);
        const ended = await turn.ended;
        if (ended.error) await releaseIdempotency(request, deps.idempotency());
        const body = collector.result(start.threadId, ended);
        await settleIdempotency(request, deps.idempotency(), deps.secrets, 200, body);
        return reply.code(200).send(body);
      }
      const protocol = request.query.protocol;
      if (protocol === "ui") reply.header("x-vercel-ai-ui-message-stream", "v1");
      const sse = openSseStream(reply, { heartbeatMs: deps.heartbeatMs });
      // Revoking the key ends the stream (not the turn).
      sse.onClose(deps.keyGuard.watch(auth.keyId, () => void sse.end()));
      // The turn's events as frames of the protocol asked for. A continuation after approval
      // responses extends the assistant message it answers.
      const writer =
        protocol === "ui"
          ? uiMessageStreamWriter(sse, start.continues ?? deps.newId("msg"))
          : dataStreamWriter(sse, start.threadId);
      const turn = start.run();
      for await (const event of turn.events) writer(event);
      const { summary } = await turn.ended;
      // A replay of the same request gets this summary; a failed turn frees the key for a retry.
      if (summary.outcome === "failed") await releaseIdempotency(request, deps.idempotency());
      else await settleIdempotency(request, deps.idempotency(), deps.secrets, 200, summary);
      await sse.end();
      return reply;
    },
  );
}
