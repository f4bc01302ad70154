import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { PublicMessage } from "../../events/message.js";
import type { ThreadEventHub } from "../../events/thread-event-hub.js";
import { streamThreadEvents, type ThreadEventSink } from "../../events/thread-event-stream.js";
import type { Clock } from "../../infra/clock.js";
import { errorResponses } from "../../infra/error-responses.js";
import { ApiError } from "../../infra/errors.js";
import { eventStreamResponse } from "../../infra/event-stream-response.js";
import type { App } from "../../infra/http-types.js";
import { checkRateLimit, type RateLimitStore } from "../../infra/rate-limit.js";
import { openSseStream, type SseStream } from "../../infra/sse.js";
import { closingSseStreams } from "../../infra/sse-streams.js";
import type { ThreadEventsRepo } from "../../storage/repos/thread-events.repo.js";
import { type CsatService, ratingBodySchema } from "../csat/index.js";
import { customerRateBodySchema } from "../feedback/index.js";
import { dataStreamWriter, replyStreamEventSchema } from "../threads/index.js";
import {
  feedbackParamsSchema,
  historySchema,
  publicConfigSchema,
  sendBodySchema,
  sessionSchema,
  startSessionBodySchema,
  widgetEventSchema,
  widgetFeedbackSchema,
} from "./schemas.js";
import {
  type FileUrl,
  toWidgetMessage,
  type VisitorContext,
  type WidgetVisitorService,
} from "./visitor-service.js";

export interface WidgetRouteDeps {
  visitors: WidgetVisitorService;
  /** The conversation's CSAT rating (docs/csat.md). */
  csat: CsatService;
  hub: ThreadEventHub;
  events: () => ThreadEventsRepo;
  rateLimits: RateLimitStore;
  clock: Clock;
  heartbeatMs: number;
  /** The built widget script (widget/dist). */
  scriptDir: string;
  limits: { perIpPerMinute: number; messagesPerVisitorPerMinute: number };
  /** Links to files messages sent, for live events (docs/widget.md, "Files"). */
  fileUrl: FileUrl;
}

const tags = ["Web widget"];
const ORIGIN_NOT_ALLOWED = "`origin_not_allowed`: the page's origin is not among the chat's allowed origins.";
const IP_RATE_LIMITED = "`rate_limited`: too many requests from this IP address per minute; see Retry-After.";
/** What every route with a visitor token can answer besides the rule's statuses (infra/error-responses.ts). */
const visitorErrors = {
  401: "`visitor_token_invalid`: the visitor token is unknown; start a new session. `identity_required`: the chat now talks only to signed-in users and the token is an anonymous visitor's; start a session with an identity.",
  403: ORIGIN_NOT_ALLOWED,
  404: "`chat_not_found`: the visitor's chat no longer exists or is no longer a widget chat.",
  429: IP_RATE_LIMITED,
} as const;
const chatParams = z.object({ chat_id: z.string().max(128) });
const bearer = (request: FastifyRequest) =>
  /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1];

/**
 * The widget's public API (docs/widget.md) under /widget/v1, and the script at /widget.js. No
 * API key, no cookie: a chat id and a visitor token, from pages of the chat's allowed origins
 * only. CORS headers go only to those origins, after the check; a preflight is answered for any
 * origin (it carries no credential), the request itself is refused.
 */
export async function widgetPublicRoutes(app: App, deps: WidgetRouteDeps): Promise<void> {
  const streams = closingSseStreams(app);
  await app.register(
    async (widget) => {
      const api = widget as unknown as App;
      api.addHook("onRequest", async (request, reply) => {
        if (request.method === "OPTIONS") return;
        await limit(deps, reply, `widget:ip:${request.ip}`, deps.limits.perIpPerMinute);
      });

      api.options("/*", { schema: { hide: true } }, async (request, reply) => {
        const origin = request.headers.origin;
        if (origin) reply.header("access-control-allow-origin", origin).header("vary", "origin");
        return reply
          .header("access-control-allow-methods", "GET, POST, OPTIONS")
          .header("access-control-allow-headers", "authorization, content-type, last-event-id")
          .header("access-control-max-age", "600")
          .code(204)
          .send();
      });

      const allow = (request: FastifyRequest, reply: FastifyReply) => {
        reply
          .header("access-control-allow-origin", request.headers.origin ?? "")
          .header("vary", "origin")
          .header("access-control-expose-headers", "retry-after");
      };
      const visitor = async (request: FastifyRequest, reply: FastifyReply): Promise<VisitorContext> => {
        const context = await deps.visitors.visitor(bearer(request), request.headers.origin);
        allow(request, reply);
        return context;
      };

      api.get(
        "/chats/:chat_id",
        {
          schema: {
            tags,
            operationId: "getWidgetConfig",
            summary: "A widget chat's public settings (title, greeting, colours)",
            security: [],
            params: chatParams,
            response: {
              200: publicConfigSchema,
              ...errorResponses({
                403: ORIGIN_NOT_ALLOWED,
                429: IP_RATE_LIMITED,
              }),
            },
          },
        },
        async (request, reply) => {
          const config = await deps.visitors.config(request.params.chat_id, request.headers.origin);
          allow(request, reply);
          return config;
        },
      );

      api.post(
        "/chats/:chat_id/sessions",
        {
          schema: {
            tags,
            operationId: "startWidgetSession",
            summary: "Start or resume a visitor session",
            description:
              "With the `visitor_token` of an earlier session, resumes it; else starts a new visitor. `identity` " +
              "(user id signed with the chat's identity secret) makes the conversation follow the user across devices.",
            security: [],
            params: chatParams,
            body: startSessionBodySchema,
            response: {
              200: sessionSchema,
              ...errorResponses({
                401: "`visitor_token_invalid`, `identity_invalid` (the identity's signature does not verify) or `identity_required` (the chat talks only to signed-in users).",
                403: ORIGIN_NOT_ALLOWED,
                429: IP_RATE_LIMITED,
              }),
            },
          },
        },
        async (request, reply) => {
          const session = await deps.visitors.startSession(
            request.params.chat_id,
            request.headers.origin,
            request.body,
          );
          allow(request, reply);
          return session;
        },
      );

      api.get(
        "/messages",
        {
          schema: {
            tags,
            operationId: "listWidgetMessages",
            summary: "The visitor's conversation, oldest first",
            security: [{ visitorToken: [] }],
            response: {
              200: historySchema,
              ...errorResponses(visitorErrors),
            },
          },
        },
        async (request, reply) => deps.visitors.history(await visitor(request, reply)),
      );

      api.post(
        "/messages",
        {
          schema: {
            tags,
            operationId: "sendWidgetMessage",
            summary: "Send the visitor's message and stream the bot's reply",
            description:
              "A `text/event-stream` in Parley's data protocol (`text-delta`, `finish`, `error`). While a person " +
              "handles the conversation the stream holds one `finish`; their answer arrives on GET /widget/v1/events.",
            security: [{ visitorToken: [] }],
            body: sendBodySchema,
            response: {
              200: eventStreamResponse({
                description: "The bot's reply as server-sent events: `text-delta`, then `finish` or `error`.",
                events: replyStreamEventSchema,
              }),
              ...errorResponses({
                ...visitorErrors,
                409: "`not_streamed`: the message was scheduled instead of answered now.",
                429: "`rate_limited`: too many requests from this IP address, or messages from this visitor, per minute; see Retry-After.",
              }),
            },
          },
        },
        async (request, reply) => {
          const context = await visitor(request, reply);
          await limit(
            deps,
            reply,
            `widget:visitor:${context.visitor.id}`,
            deps.limits.messagesPerVisitorPerMinute,
          );
          const start = await deps.visitors.send(context, {
            text: request.body.text,
            buttonId: request.body.choice?.button_id,
          });
          if (start.kind !== "stream") throw new ApiError(409, "not_streamed", "The message was scheduled.");
          const sse = openSseStream(reply, { heartbeatMs: deps.heartbeatMs });
          const writer = dataStreamWriter(sse, start.threadId);
          // A visitor sees the reply's text and how it ends, not the bot's tool steps.
          const turn = start.run();
          for await (const event of turn.events) {
            if (event.type === "text-delta" || event.type === "finish") writer(event);
            // The technical cause (an address, a provider's words) is for the API's clients and
            // operators, not for a site's visitors.
            else if (event.type === "error")
              writer({ type: "error", code: event.code, message: event.message });
          }
          await turn.ended;
          await sse.end();
          return reply;
        },
      );

      api.post(
        "/messages/:message_id/feedback",
        {
          schema: {
            tags,
            operationId: "rateWidgetMessage",
            summary: "Rate a bot answer of the visitor's conversation (👍/👎, optional comment)",
            description:
              "Rating again replaces the visitor's rating (a comment not sent becomes null). Raises " +
              "`message.feedback` with `source` `customer` (docs/quality.md).",
            security: [{ visitorToken: [] }],
            params: feedbackParamsSchema,
            body: customerRateBodySchema,
            response: {
              200: widgetFeedbackSchema,
              ...errorResponses({
                ...visitorErrors,
                404: "`message_not_found`: no such message in the visitor's conversation. `chat_not_found`: the visitor's chat no longer exists or is no longer a widget chat.",
                422: "`message_not_rateable`: the message is not the bot's.",
              }),
            },
          },
        },
        async (request, reply) =>
          deps.visitors.rate(await visitor(request, reply), request.params.message_id, request.body),
      );

      api.post(
        "/rating",
        {
          schema: {
            tags,
            operationId: "rateWidgetConversation",
            summary: "Rate the visitor's resolved conversation (CSAT, 1–5, optional comment)",
            description:
              "Answers the conversation's waiting CSAT survey (the widget's five buttons under it). Raises " +
              "`conversation.rated` with `source` `widget` (docs/csat.md).",
            security: [{ visitorToken: [] }],
            body: ratingBodySchema,
            response: {
              200: z
                .object({ rating: z.number(), comment: z.string().nullable() })
                .meta({ id: "WidgetRating" }),
              ...errorResponses({
                ...visitorErrors,
                404: "`thread_not_found`: the visitor has not written yet. `chat_not_found`: the visitor's chat no longer exists or is no longer a widget chat.",
                409: "`not_asked`: no rating was asked in this conversation. `already_rated`: it is rated already.",
              }),
            },
          },
        },
        async (request, reply) => {
          const { visitor: row } = await visitor(request, reply);
          const rated = await deps.csat.rate(row.project_id, row.thread_id, request.body, "widget");
          return { rating: rated.rating ?? request.body.rating, comment: rated.comment };
        },
      );

      api.get(
        "/events",
        {
          schema: {
            tags,
            operationId: "streamWidgetEvents",
            summary: "Live events of the visitor's conversation",
            description:
              "Unnamed server-sent events (no `event:` line) whose JSON data is `{type: message_created, message}` " +
              "(the conversation's messages, tool steps aside) or `{type: mode_changed, mode}`, each with an `id:` " +
              "to resume from with `Last-Event-ID`.",
            security: [{ visitorToken: [] }],
            response: {
              200: eventStreamResponse({
                description:
                  "The conversation's events as server-sent events (`id:` and `data:`, one WidgetEvent each).",
                events: widgetEventSchema,
              }),
              ...errorResponses(visitorErrors),
            },
          },
        },
        async (request, reply) => {
          const { visitor: row } = await visitor(request, reply);
          const resume = request.headers["last-event-id"];
          let sse: SseStream | undefined;
          // The chat's identity rule is read again before events go out (one read for the events
          // handed over together): a stream opened before the chat began to require an identity
          // ends, and the widget's reconnect is refused with identity_required (docs/widget.md).
          // Frames go out in order through one chain, so an id never overtakes an event.
          let chain: Promise<void> = Promise.resolve();
          let check: Promise<boolean> | null = null;
          const admitted = () => {
            check ??= deps.visitors.stillAdmitted(row).finally(() => {
              check = null;
            });
            return check;
          };
          const openSink = (): ThreadEventSink => {
            const opened = streams.open(reply, { heartbeatMs: deps.heartbeatMs });
            sse = opened;
            const inOrder = (step: () => unknown) => {
              chain = chain
                .then(async () => {
                  await step();
                })
                .catch((error) => {
                  request.log.error({ err: error }, "widget event stream failed");
                  void opened.end();
                });
              return chain;
            };
            return {
              get closed() {
                return opened.closed;
              },
              send: (stored) => {
                const allowed = admitted();
                void inOrder(async () => {
                  if (opened.closed) return;
                  if (!(await allowed)) return opened.end();
                  const event = stored.event;
                  if (event.type === "message_created") {
                    const message = toWidgetMessage(fromPublic(event.message), deps.fileUrl);
                    if (message)
                      return void opened.send({ id: stored.seq, data: { type: event.type, message } });
                  } else if (event.type === "mode_changed") {
                    return void opened.send({ id: stored.seq, data: { type: event.type, mode: event.mode } });
                  }
                  // Nothing else is the visitor's business; the id still moves their resume point.
                  void opened.send({ id: stored.seq });
                });
              },
              mark: (seq) => void inOrder(() => opened.send({ id: seq })),
              drain: () => inOrder(() => opened.drain()),
              end: () => inOrder(() => opened.end()),
              onClose: (callback) => opened.onClose(callback),
            };
          };
          try {
            // The stream opens (200 and its headers) once it is live: see streamThreadEvents.
            await streamThreadEvents(
              deps,
              { projectId: row.project_id, threadId: row.thread_id },
              typeof resume === "string" && /^\d{1,15}$/.test(resume) ? resume : undefined,
              openSink,
            );
          } catch (error) {
            if (!sse) throw error;
            request.log.error({ err: error }, "widget event stream failed");
            await sse.end();
          }
          return reply;
        },
      );
    },
    { prefix: "/widget/v1" },
  );

  let script: Promise<Buffer | undefined> | undefined;
  app.get("/widget.js", { schema: { hide: true } }, async (_request, reply) => {
    script ??= readFile(join(deps.scriptDir, "widget.js")).catch(() => undefined);
    const body = await script;
    if (!body) {
      script = undefined;
      return reply
        .code(503)
        .type("text/javascript")
        .send("/* Parley: the widget is not built (npm run widget:build) */");
    }
    return reply
      .type("text/javascript; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      .header("x-content-type-options", "nosniff")
      .header("cross-origin-resource-policy", "cross-origin")
      .send(body);
  });
}

function fromPublic(message: PublicMessage) {
  return {
    id: message.id,
    role: message.role,
    author: message.author,
    content: message.content,
    created_at: message.created_at,
    operator: message.operator ? JSON.stringify(message.operator) : null,
    buttons: message.buttons ? JSON.stringify(message.buttons) : null,
    choice: message.choice ? JSON.stringify(message.choice) : null,
    files: message.files ? JSON.stringify(message.files) : null,
  };
}

async function limit(deps: WidgetRouteDeps, reply: FastifyReply, bucket: string, perMinute: number) {
  const decision = await checkRateLimit(deps.rateLimits, bucket, perMinute, 60, deps.clock.now().getTime());
  if (!decision.allowed) {
    reply.headers(decision.headers);
    throw new ApiError(429, "rate_limited", `At most ${perMinute} requests per minute.`);
  }
}
