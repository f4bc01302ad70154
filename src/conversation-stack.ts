import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { LanguageModel } from "ai";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config.js";
import { StreamKeyGuard } from "./events/stream-key-guard.js";
import { ThreadEventHub } from "./events/thread-event-hub.js";
import { pruneThreadEvents, THREAD_EVENT_RETENTION_MS } from "./events/thread-event-log.js";
import { Transactor } from "./events/unit-of-work.js";
import type { Clock } from "./infra/clock.js";
import type { App } from "./infra/http-types.js";
import type { IdGenerator } from "./infra/ids.js";
import type { SecretBox } from "./infra/secret-box.js";
import { JobQueue } from "./jobs/job-queue.js";
import { JobWorker } from "./jobs/job-worker.js";
import { ApprovalFlow } from "./modules/engine/approval-flow.js";
import { generateThreadTitle } from "./modules/engine/generate-title.js";
import { ModelRegistry } from "./modules/engine/model-registry.js";
import { TurnRunner } from "./modules/engine/run-turn.js";
import { ThreadLock } from "./modules/engine/thread-lock.js";
import { createEmbedderFromConfig } from "./modules/memory/embedder.js";
import { indexMessages } from "./modules/memory/semantic-recall.js";
import type { ModelCatalog } from "./modules/models/model-catalog.js";
import {
  BOT_MESSAGE_JOB,
  ConversationService,
  MEMORY_INDEX_JOB,
  OPERATOR_MESSAGE_JOB,
  REPLY_JOB,
  TITLE_JOB,
} from "./modules/threads/conversation-service.js";
import { threadEventRoutes } from "./modules/threads/events-routes.js";
import { threadRoutes } from "./modules/threads/routes.js";
import { StreamService } from "./modules/threads/stream-service.js";
import type { Storage } from "./storage/database.js";
import type { Repos } from "./storage/repos/index.js";
import { MessageChunksRepo } from "./storage/repos/message-chunks.repo.js";
import { MessagesRepo } from "./storage/repos/messages.repo.js";

const FINISHED_JOB_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** Messages (re)checked for embedding after each turn of a thread with semantic recall. */
const INDEX_WINDOW = 20;

export interface ConversationStackDeps {
  config: Config;
  storage: Storage;
  repos: Repos;
  secrets: SecretBox;
  catalog: ModelCatalog;
  clock: Clock;
  newId: IdGenerator;
  log: FastifyBaseLogger;
  /** Supplies models for some ids instead of the configured providers (tests, embedding). */
  modelOverride?: (modelId: string) => LanguageModel | undefined;
  /** Poll interval of the job worker (tests shorten it). */
  workerPollMs?: number;
  /** Called after a commit that queued webhook deliveries (wakes the dispatcher). */
  onWebhookDeliveries?: () => void;
}

/**
 * Threads, turns, thread events and the job queue, wired together: the part of the service
 * that holds conversations. Built by buildApp; `close()` stops the worker and the event hub.
 */
export function createConversationStack(deps: ConversationStackDeps) {
  const { config, storage, clock, newId } = deps;
  const processId = `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const hub = new ThreadEventHub({ redisUrl: config.redisUrl, log: deps.log });
  const keyGuard = new StreamKeyGuard({
    hub,
    liveKeys: (ids) => deps.repos.apiKeys.liveIds(ids),
    recheckMs: config.sseHeartbeatMs,
    log: deps.log,
  });
  let worker: JobWorker | undefined;
  const jobs = new JobQueue({
    clock,
    newId,
    onEnqueued: () => worker?.wake(),
    owner: processId,
    leaseMs: config.leaseMs,
    log: deps.log,
  });
  const transactor = new Transactor({
    storage,
    hub,
    jobs,
    clock,
    newId,
    onWebhookDeliveries: () => deps.onWebhookDeliveries?.(),
  });
  const conversations = new ConversationService({
    db: storage.db,
    dialect: storage.dialect,
    transactor,
    clock,
    newId,
  });
  const registry = new ModelRegistry(deps.catalog, config.providers, deps.modelOverride);
  const approvals = new ApprovalFlow({ db: storage.db, conversations, transactor, clock, newId });
  const memory = {
    chunks: new MessageChunksRepo(storage.db, storage.dialect),
    embedder: createEmbedderFromConfig(config),
  };
  const runner = new TurnRunner({
    db: storage.db,
    approvals,
    memory,
    newId,
    conversations,
    transactor,
    registry,
    lock: new ThreadLock({
      threads: () => conversations.threadsRepo(),
      clock,
      owner: processId,
      leaseMs: config.leaseMs,
      crossProcess: storage.dialect === "postgres",
      maxWaitMs: config.modelTimeoutMs * config.modelMaxAttempts + 60_000,
    }),
    clock,
    log: deps.log,
    retry: { maxAttempts: config.modelMaxAttempts, baseDelayMs: 500, maxDelayMs: 30_000 },
    timeoutMs: config.modelTimeoutMs,
    defaultModel: config.defaultModel,
  });
  const stream = new StreamService({
    conversations,
    approvals,
    transactor,
    runner,
    keyGuard,
    clock,
    newId,
    heartbeatMs: config.sseHeartbeatMs,
  });

  if (config.runWorker) {
    worker = new JobWorker({
      storage,
      clock,
      log: deps.log,
      workerId: processId,
      leaseMs: config.leaseMs,
      ...(deps.workerPollMs ? { pollIntervalMs: deps.workerPollMs } : {}),
      handlers: {
        [REPLY_JOB]: async (job) => {
          const { projectId, threadId } = job.payload as { projectId: string; threadId: string };
          const outcome = await runner.run(projectId, threadId);
          // A model failure is retried by the queue's backoff; a missing provider will not heal.
          if (outcome.kind === "failed" && outcome.code !== "model_unavailable")
            throw new Error(outcome.message);
        },
        [BOT_MESSAGE_JOB]: async (job) => {
          const { projectId, threadId, text } = job.payload as {
            projectId: string;
            threadId: string;
            text: string;
          };
          await conversations.deliverBotMessage(projectId, threadId, text, job.id);
        },
        [MEMORY_INDEX_JOB]: async (job) => {
          const { projectId, threadId } = job.payload as { projectId: string; threadId: string };
          const thread = await conversations.threadsRepo().find(projectId, threadId);
          if (!thread) return;
          // The newest messages are the ones not indexed yet; indexing is idempotent.
          const recent = await new MessagesRepo(storage.db).latest(projectId, threadId, INDEX_WINDOW);
          await indexMessages(
            memory.chunks,
            memory.embedder,
            recent.map((message) => ({ ...message, person_id: thread.person_id })),
          );
        },
        [TITLE_JOB]: async (job) => {
          const { projectId, threadId } = job.payload as { projectId: string; threadId: string };
          await generateThreadTitle(
            { db: storage.db, conversations, registry, defaultModel: config.defaultModel },
            projectId,
            threadId,
          );
        },
        [OPERATOR_MESSAGE_JOB]: async (job) => {
          const { projectId, threadId, text } = job.payload as {
            projectId: string;
            threadId: string;
            text: string;
          };
          await conversations.deliverOperatorMessage(projectId, threadId, text, job.id);
        },
      },
    });
  }

  return {
    conversations,
    runner,
    jobs,
    hub,
    keyGuard,
    worker,
    routes(api: App) {
      threadEventRoutes(api, {
        hub,
        keyGuard,
        db: () => storage.db,
        resolveThread: async (auth, threadId) => {
          await conversations.resolveThread(auth, threadId);
        },
        heartbeatMs: config.sseHeartbeatMs,
      });
      threadRoutes(api, {
        conversations,
        approvals,
        stream,
        idempotency: () => deps.repos.idempotency,
        secrets: deps.secrets,
      });
    },
    start() {
      worker?.start();
    },
    async housekeeping() {
      const now = clock.now().getTime();
      await pruneThreadEvents(storage.db, new Date(now - THREAD_EVENT_RETENTION_MS).toISOString());
      await jobs.prune(storage.db, new Date(now - FINISHED_JOB_RETENTION_MS));
      // Vectors of deleted messages (sqlite-vec tables are outside foreign keys).
      await memory.chunks.pruneOrphans(memory.embedder);
    },
    async close() {
      await worker?.stop();
      keyGuard.stop();
      await hub.close();
    },
  };
}
