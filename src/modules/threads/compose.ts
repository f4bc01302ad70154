import type { StreamKeyGuard } from "../../events/stream-key-guard.js";
import type { ThreadEventHub } from "../../events/thread-event-hub.js";
import type { Transactor } from "../../events/unit-of-work.js";
import { THREAD_EVENT_RETENTION_MS } from "../../storage/repos/thread-events.repo.js";
import type { ModuleContext, ModuleParts } from "../../wiring/module-parts.js";
import type { ApprovalFlow, CreditPolicy, ThreadWriter, TurnRunner } from "../engine/index.js";
import type { OutboundFileService } from "../outbound-files/index.js";
import { ApprovalsService } from "./approvals-service.js";
import { ChannelInboxService } from "./channel-inbox-service.js";
import { ConversationService, type SurveyAnswers } from "./conversation-service.js";
import { threadEventRoutes } from "./events-routes.js";
import { threadExportRoutes } from "./export-routes.js";
import { threadJobHandlers } from "./job-handlers.js";
import { threadRoutes } from "./routes.js";
import { StreamService } from "./stream-service.js";

/**
 * Threads and their messages (docs/conversations.md): the conversation service, the inbox
 * vendors' messages land in, the stream endpoint that drives a turn, the thread event stream,
 * operator messages' jobs, and the pruning of the event log.
 */
export function composeThreads(
  context: ModuleContext,
  deps: {
    transactor: Transactor;
    writer: ThreadWriter;
    credit: CreditPolicy;
    hub: ThreadEventHub;
    keyGuard: StreamKeyGuard;
    /** CSAT (docs/csat.md): ratings in customers' messages. */
    surveys?: SurveyAnswers;
    /** Files operators send (docs/channels.md, "Files"). */
    files?: OutboundFileService;
  },
) {
  const { config, repos, secrets, clock, newId } = context;
  const { transactor } = deps;
  const conversations = new ConversationService({
    repos,
    transactor,
    writer: deps.writer,
    clock,
    newId,
    credit: deps.credit,
    ...(deps.surveys ? { surveys: deps.surveys } : {}),
    ...(deps.files ? { files: deps.files } : {}),
  });
  /**
   * The parts that need the engine, once it is built: the engine acts on threads through their
   * conversations (ThreadActions), so those come first.
   */
  function withEngine(engine: {
    approvals: ApprovalFlow;
    runner: TurnRunner;
  }): ModuleParts & { stream: StreamService; inbox: ChannelInboxService } {
    const { approvals, runner } = engine;
    const stream = new StreamService({ conversations, approvals, transactor, runner, clock, newId });
    return {
      name: "threads",
      stream,
      inbox: new ChannelInboxService({ conversations, approvals, transactor, clock, newId }),
      routes(api) {
        threadEventRoutes(api, {
          hub: deps.hub,
          keyGuard: deps.keyGuard,
          events: () => repos.threadEvents,
          resolveThread: (auth, threadId) => conversations.resolveThread(auth, threadId),
          heartbeatMs: config.sseHeartbeatMs,
        });
        threadExportRoutes(api, {
          conversations,
          messageCounts: (projectId, threadIds) => repos.messages.countByThreads(projectId, threadIds),
          clock,
        });
        threadRoutes(api, {
          conversations,
          approvalsApi: new ApprovalsService({ approvals, conversations }),
          stream,
          keyGuard: deps.keyGuard,
          heartbeatMs: config.sseHeartbeatMs,
          newId,
          idempotency: () => repos.idempotency,
          secrets,
        });
      },
      jobs: threadJobHandlers({ conversations }),
      async housekeeping() {
        const cutoff = new Date(clock.now().getTime() - THREAD_EVENT_RETENTION_MS);
        await repos.threadEvents.prune(cutoff.toISOString());
        await conversations.autoResolveInactive();
      },
    };
  }
  return { conversations, withEngine };
}
