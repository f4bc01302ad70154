import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { join } from "node:path";
import type { LanguageModel } from "ai";
import type { Config } from "./config.js";
import type { DomainEventListener } from "./events/event-listener.js";
import { StreamKeyGuard } from "./events/stream-key-guard.js";
import { ThreadEventHub } from "./events/thread-event-hub.js";
import { threadEventListener } from "./events/thread-event-listener.js";
import { Transactor } from "./events/unit-of-work.js";
import { type Clock, systemClock } from "./infra/clock.js";
import type { App } from "./infra/http-types.js";
import { type IdGenerator, newId } from "./infra/ids.js";
import type { Logger } from "./infra/logging.js";
import type { Metrics } from "./infra/metrics.js";
import { createGuardedFetch } from "./infra/outbound-http/guarded-fetch.js";
import { createSecretBox, type SecretBox } from "./infra/secret-box.js";
import { decodeSecretKey, resolveSecretKey } from "./infra/secret-key.js";
import type { JobRegistration } from "./job-queue/job-definition.js";
import { JobQueue } from "./job-queue/job-queue.js";
import { JobWorker } from "./job-queue/job-worker.js";
import {
  BillingService,
  billingListener,
  billingRoutes,
  CreditHolds,
  ledgerFromConfig,
  offersFromConfig,
  paymentProviderFromConfig,
  paymentRoutes,
  toMilli,
} from "./modules/billing/index.js";
import { readBotSettings } from "./modules/bots/index.js";
import { customTools } from "./modules/custom-tools/index.js";
import type { ThreadActions } from "./modules/engine/index.js";
import {
  ApprovalFlow,
  engineJobHandlers,
  ModelRegistry,
  ProjectTools,
  ThreadLock,
  ThreadWriter,
  TurnRunner,
  turnMetrics,
} from "./modules/engine/index.js";
import {
  ConnectionService,
  Connectors,
  deliveryListener,
  hookRoutes,
  InboundService,
  IntegrationTools,
  integrationJobHandlers,
  MessageDeliverer,
  mediaRoutes,
  mediaUrl,
  OAuthService,
  OAuthTokens,
  oauthCallbackRoutes,
  oauthJobHandlers,
  oauthProtocols,
  oauthStartRoutes,
  VENDOR_ADDRESS_ERROR_CODE,
  vendorFetch,
} from "./modules/integrations/index.js";
import { FileStore, KnowledgeService, knowledgeJobHandlers, ParsePool } from "./modules/knowledge/index.js";
import { createEmbedderFromConfig, memoryJobHandlers } from "./modules/memory/index.js";
import { ModelCatalog } from "./modules/models/index.js";
import { conversationPaymentTools, PaymentLinkNotifications } from "./modules/payment-links/index.js";
import { type BootstrapResult, bootstrap } from "./modules/projects/index.js";
import {
  ApprovalsService,
  ChannelInboxService,
  ConversationService,
  StreamService,
  threadEventRoutes,
  threadJobHandlers,
  threadRoutes,
} from "./modules/threads/index.js";
import { webhookListener } from "./modules/webhooks/index.js";
import { checkDataDir, openAnsweringStorage } from "./startup-checks.js";
import type { Storage } from "./storage/database.js";
import { migrateToLatest } from "./storage/migrator.js";
import { createRepos, type Repos } from "./storage/repos/index.js";
import { MessageChunksRepo } from "./storage/repos/message-chunks.repo.js";
import { THREAD_EVENT_RETENTION_MS } from "./storage/repos/thread-events.repo.js";
import { detectStoreVectorIndex } from "./storage/vector-index/detect-vector-index.js";
import { lazyVectorIndex } from "./storage/vector-index/lazy-vector-index.js";
import type { ToolProvider } from "./tools/tool-provider.js";

/**
 * The composition root: the one place that knows every module and wires them together. The
 * server calls openRuntime and bootstrapFirstStart, the CLI prepareRuntime (both); buildApp
 * (app.ts) calls composeConversations and adds the HTTP layer. Modules never build each other: what one needs of another arrives here, as a
 * constructor argument (see docs/development.md).
 */

export const SQLITE_FILE = "parley.db";
const FINISHED_JOB_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** Vendors redeliver an event for a few days at most (Meta: up to 7): its dedupe key is kept 14. */
const INBOUND_DEDUPE_RETENTION_MS = 14 * 24 * 60 * 60 * 1000;

/** The runtime before the first-start bootstrap (the server listens in between; see server.ts). */
export interface OpenRuntime {
  storage: Storage;
  secrets: SecretBox;
  secretKeySource: "env" | "file" | "generated";
}

export interface Runtime extends OpenRuntime {
  bootstrap: BootstrapResult;
}

/**
 * What the server and the CLI both need before doing anything: a valid model catalog and
 * PARLEY_SECRET_KEY (checked before anything is written), a usable DATA_DIR, the database
 * (embedded SQLite under DATA_DIR unless DATABASE_URL is set) answering, the secret key, and
 * the migrations. A data directory or database that cannot be used is a StartupError naming
 * the setting (startup-checks.ts).
 */
export async function openRuntime(config: Config): Promise<OpenRuntime> {
  new ModelCatalog(config).assertHasDefault(config.defaultModel);
  createEmbedderFromConfig(config);
  if (config.secretKey) decodeSecretKey(config.secretKey);
  checkDataDir(config, SQLITE_FILE);
  const storage = await openAnsweringStorage(config, join(config.dataDir, SQLITE_FILE));
  try {
    // After the database answers, so that a start that cannot reach it generates no key.
    const secretKey = resolveSecretKey(config.secretKey, config.dataDir);
    await migrateToLatest(storage);
    return { storage, secrets: createSecretBox(secretKey.key), secretKeySource: secretKey.source };
  } catch (error) {
    await storage.close();
    throw error;
  }
}

/** The first-start bootstrap (nothing on later starts): see modules/projects/bootstrap.ts. */
export function bootstrapFirstStart(config: Config, storage: Storage): Promise<BootstrapResult> {
  return bootstrap(storage, {
    clock: systemClock,
    newId,
    bootstrapKey: config.bootstrapApiKey,
    admin: config.console.bootstrapAdmin,
  });
}

/** openRuntime and the bootstrap at once, for the CLI. */
export async function prepareRuntime(config: Config): Promise<Runtime> {
  const runtime = await openRuntime(config);
  try {
    return { ...runtime, bootstrap: await bootstrapFirstStart(config, runtime.storage) };
  } catch (error) {
    await runtime.storage.close();
    throw error;
  }
}

/**
 * Billing for the CLI (grants, refunds, confirming manual payments): the same ledger and
 * rules as the server's, with the webhook outbox as listener so `billing.balance.low` still
 * reaches subscribers (the server's dispatcher delivers it).
 */
export function composeBillingAdmin(
  config: Config,
  storage: Storage,
  log: { warn(o: unknown, m: string): void },
) {
  const repos = createRepos(storage.db);
  const ids = newId;
  const jobs = new JobQueue({ clock: systemClock, newId: ids });
  const transactor = new Transactor({
    repos,
    jobs,
    listeners: [webhookListener({ clock: systemClock, newId: ids })],
  });
  const provider = paymentProviderFromConfig(config);
  return new BillingService({
    repos,
    transactor,
    ledger: ledgerFromConfig(config, systemClock, ids),
    clock: systemClock,
    newId: ids,
    offers: offersFromConfig(config),
    currency: config.billing.currency,
    provider,
    notificationUrl: `${config.publicUrl}/payments/${provider.id}/notify`,
    log,
  });
}

/** A channel attachment's bytes, through the vendor of the chat's integration. */
async function loadAttachment(repos: Repos, connectors: Connectors, chatId: string, ref: string) {
  const chat = await repos.chats.findById(chatId);
  const integration = chat?.integration_id
    ? await repos.integrations.findById(chat.integration_id)
    : undefined;
  if (!integration) return undefined;
  return connectors.use(integration, async ({ vendor, context }) => vendor.fetchFile?.(context, ref));
}

/**
 * The one time a generated bootstrap key and the first console password are shown. They go to
 * stdout, never to the log.
 */
export function bootstrapBanner(result: BootstrapResult, publicUrl?: string): string | undefined {
  if (!result.created || (!result.generated && result.admin.password === undefined)) return undefined;
  return [
    "",
    "================================================================",
    " Parley created a default organization, project and admin API key.",
    ` Organization: ${result.organizationId}`,
    ` Project:      ${result.projectId}`,
    ...(result.generated ? [` API key:      ${result.secret}`] : []),
    ...(result.admin.password !== undefined
      ? [
          ` Console:      ${publicUrl ?? ""}/console`,
          ` Sign in as:   ${result.admin.email}`,
          ` Password:     ${result.admin.password}`,
        ]
      : []),
    " This is shown only once. Store it now.",
    "================================================================",
    "",
  ].join("\n");
}

export interface ConversationDeps {
  /** Tools of the project's MCP servers (docs/mcp.md); built with the routes' client pool. */
  mcpTools?: ToolProvider;
  config: Config;
  storage: Storage;
  repos: Repos;
  secrets: SecretBox;
  catalog: ModelCatalog;
  clock: Clock;
  newId: IdGenerator;
  log: Logger;
  /** Supplies models for some ids instead of the configured providers (tests, embedding). */
  modelOverride?: (modelId: string) => LanguageModel | undefined;
  /** Poll interval of the job worker (tests shorten it). */
  workerPollMs?: number;
  /** The script parse workers run instead of parse-worker's (tests). */
  parseWorkerEntry?: URL;
  /** Called after a commit that queued webhook deliveries (wakes the dispatcher). */
  onWebhookDeliveries?: () => void;
  /** Where turns and model calls are counted (the app's registry). */
  metrics?: Metrics;
}

/**
 * Threads, turns, thread events, the listener table and the job queue, wired together: the
 * part of the service that holds conversations. `close()` stops the worker and the event hub.
 */
export function composeConversations(deps: ConversationDeps) {
  const { config, storage, repos, clock } = deps;
  const ids = deps.newId;
  const processId = `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const hub = new ThreadEventHub({ redisUrl: config.redisUrl, log: deps.log });
  const keyGuard = new StreamKeyGuard({
    hub,
    liveKeys: (keyIds) => repos.apiKeys.liveIds(keyIds),
    recheckMs: config.sseHeartbeatMs,
    log: deps.log,
  });
  let worker: JobWorker | undefined;
  const jobs = new JobQueue({
    clock,
    newId: ids,
    onEnqueued: () => worker?.wake(),
    owner: processId,
    leaseMs: config.leaseMs,
    log: deps.log,
  });
  // What follows from a domain event, in order: the thread event listener takes the
  // project's event lock, so it comes last. Billing and channel delivery add theirs here.
  const ledger = ledgerFromConfig(config, clock, ids);
  const listeners: DomainEventListener[] = [
    // Billing first: the billing.balance_low it may raise reaches the webhook listener.
    billingListener({ ledger, catalog: deps.catalog, creditsPerUsd: config.billing.creditsPerUsd }),
    webhookListener({ clock, newId: ids, onDeliveries: () => deps.onWebhookDeliveries?.() }),
    deliveryListener({ jobs, clock, maxAttempts: config.channelSendMaxAttempts }),
    threadEventListener({ hub, clock }),
  ];
  const transactor = new Transactor({ repos, jobs, listeners });
  const writer = new ThreadWriter({ clock, newId: ids });
  const credit = {
    enforce: config.billing.enforce,
    initialBalance: toMilli(config.billing.welcomeBonus),
  };
  const conversations = new ConversationService({ repos, transactor, writer, clock, newId: ids, credit });
  const threadActions: ThreadActions = {
    changeMode: async (projectId, threadId, mode) => {
      const thread = await repos.threads.find(projectId, threadId);
      if (thread) await conversations.changeMode(projectId, thread, mode);
    },
    scheduleBotMessage: (projectId, threadId, text, at) =>
      conversations.scheduleBotMessage(projectId, threadId, text, at),
    writeWorkingMemory: (projectId, threadId, markdown) =>
      conversations.writeWorkingMemory(projectId, threadId, markdown),
  };
  const registry = new ModelRegistry(deps.catalog, config.providers, deps.modelOverride);
  // OAuth vendors' tokens (docs/oauth.md): refreshed one process at a time, lost → ConnectionService.
  const protocols = oauthProtocols(config.oauth);
  // Vendor calls to an address from a user's data go through the outbound guard (vendor-fetch.ts).
  const vendorGuard = createGuardedFetch({
    allowPrivate: config.webhooksAllowPrivate,
    refusalCode: VENDOR_ADDRESS_ERROR_CODE,
    maxBodyBytes: config.files.maxUploadBytes,
  });
  const vendorCalls = vendorFetch(config, vendorGuard.fetch);
  const oauthTokens: OAuthTokens = new OAuthTokens({
    repos,
    transactor,
    secrets: deps.secrets,
    clock,
    protocols,
    config: config.oauth,
    owner: processId,
    authLost: (row, reason): Promise<void> => connection.authLost(row, reason),
    log: deps.log,
    fetch: vendorCalls,
  });
  const connectors = new Connectors({
    config,
    secrets: deps.secrets,
    repos,
    oauth: oauthTokens,
    fetch: vendorCalls,
  });
  // The project's tools: built-ins, then what integrations offer (docs/agent.md, "Tools").
  const tools = new ProjectTools([
    new IntegrationTools({ repos, connectors, authLost: (row, reason) => connection.authLost(row, reason) }),
    conversationPaymentTools({ repos, connectors, publicUrl: config.publicUrl, clock, newId: ids }),
    customTools({
      repos,
      secrets: deps.secrets,
      clock,
      newId: ids,
      log: deps.log,
      allowPrivate: config.webhooksAllowPrivate,
    }),
    ...(deps.mcpTools ? [deps.mcpTools] : []),
  ]);
  const approvals = new ApprovalFlow({ repos, writer, transactor, clock, newId: ids, tools });
  const memory = {
    chunks: new MessageChunksRepo(storage.db, storage.dialect, { memoryBytes: config.recallMemoryBytes }),
    embedder: createEmbedderFromConfig(config),
  };
  // Uploaded documents are parsed in worker threads, off the event loop (docs/operations.md).
  const parser = new ParsePool({ ...config.parse, entry: deps.parseWorkerEntry });
  const knowledge = new KnowledgeService({
    repos,
    transactor,
    files: new FileStore(config.files.dir, config.files.maxUploadBytes),
    vectors: lazyVectorIndex(storage.db, (on) => detectStoreVectorIndex(on, storage.dialect)),
    embedder: memory.embedder,
    parser,
    clock,
    newId: ids,
  });
  const runner = new TurnRunner({
    searchKnowledge: async (projectId, chatId, query, limit) => {
      const context = await repos.answerContext(projectId, chatId);
      if (!context) return [];
      const settings = readBotSettings(context.botSettings, config.defaultModel);
      const stores = await knowledge.ownStores(projectId, settings.ai.knowledge.vectorStoreIds);
      const hits = await knowledge.searchStores(stores, [query], { maxNumResults: limit });
      return hits.map((hit) => ({
        text: hit.content.map((part) => part.text).join("\n"),
        source: `${hit.filename} (${hit.fileId})`,
        score: hit.score,
      }));
    },
    credit,
    // Concurrent turns cannot spend the same last credits (docs/billing.md, "When credits run out").
    ...(config.billing.enforce
      ? {
          holds: new CreditHolds({
            repos,
            ledger,
            catalog: deps.catalog,
            creditsPerUsd: config.billing.creditsPerUsd,
            clock,
            newId: ids,
          }),
        }
      : {}),
    loadAttachment: (chatId, ref) => loadAttachment(repos, connectors, chatId, ref),
    repos,
    writer,
    threadActions,
    approvals,
    memory,
    newId: ids,
    transactor,
    registry,
    lock: new ThreadLock({
      threads: () => repos.threads,
      clock,
      owner: processId,
      leaseMs: config.leaseMs,
      crossProcess: storage.dialect === "postgres",
      maxWaitMs: config.modelTimeoutMs * config.modelMaxAttempts + 60_000,
    }),
    clock,
    log: deps.log,
    ...(deps.metrics ? { observer: turnMetrics(deps.metrics) } : {}),
    retry: { maxAttempts: config.modelMaxAttempts, baseDelayMs: 500, maxDelayMs: 30_000 },
    timeoutMs: config.modelTimeoutMs,
    defaultModel: config.defaultModel,
    tools,
    toolCallsPerTurn: config.toolCallsPerTurn,
  });
  const connection = new ConnectionService({
    repos,
    transactor,
    connectors,
    publicUrl: config.publicUrl,
    clock,
    log: deps.log,
    mediaUrl: (integrationId, ref) => mediaUrl(config.publicUrl, deps.secrets, integrationId, ref),
  });
  const oauth = new OAuthService({
    repos,
    transactor,
    secrets: deps.secrets,
    clock,
    protocols,
    config: config.oauth,
    tokens: oauthTokens,
    lifecycle: connection,
    log: deps.log,
    fetch: vendorCalls,
  });
  const deliverer = new MessageDeliverer({
    repos,
    connectors,
    connection,
    clock,
    maxAttempts: config.channelSendMaxAttempts,
  });
  const inbound = new InboundService({
    repos,
    connectors,
    inbox: new ChannelInboxService({ conversations, approvals, transactor, clock, newId: ids }),
  });
  const paymentProvider = paymentProviderFromConfig(config);
  const billing = new BillingService({
    repos,
    transactor,
    ledger,
    clock,
    newId: ids,
    offers: offersFromConfig(config),
    currency: config.billing.currency,
    provider: paymentProvider,
    notificationUrl: `${config.publicUrl}/payments/${paymentProvider.id}/notify`,
    log: deps.log,
  });
  // Notifications of projects' own T-Bank terminals (docs/payments.md), beside billing's.
  const paymentLinkNotifications = new PaymentLinkNotifications({
    repos,
    connectors,
    transactor,
    writer,
    clock,
    log: deps.log,
  });
  const stream = new StreamService({
    conversations,
    approvals,
    transactor,
    runner,
    clock,
    newId: ids,
  });

  if (config.runWorker) {
    const registrations: JobRegistration[] = [
      ...engineJobHandlers({ runner, repos, registry, defaultModel: config.defaultModel }),
      ...memoryJobHandlers({ repos, ...memory }),
      ...threadJobHandlers({ conversations }),
      ...integrationJobHandlers({ connection, deliverer }),
      ...oauthJobHandlers({ tokens: oauthTokens }),
      ...knowledgeJobHandlers({ knowledge }),
    ];
    worker = new JobWorker({
      storage,
      clock,
      log: deps.log,
      workerId: processId,
      leaseMs: config.leaseMs,
      concurrency: config.workerConcurrency,
      ...(deps.workerPollMs ? { pollIntervalMs: deps.workerPollMs } : {}),
      handlers: Object.fromEntries(registrations.map(({ type, handler }) => [type, handler])),
    });
  }

  return {
    conversations,
    connection,
    tools,
    /** Bytes of semantic recall's in-memory vector copies in this process (metrics). */
    recallMemoryBytes: () => memory.chunks.heldMemoryBytes(),
    billing,
    knowledge,
    runner,
    jobs,
    hub,
    keyGuard,
    worker,
    stream,
    /** The public routes outside /v1: vendor webhooks and the media proxy. */
    async publicRoutes(app: App) {
      await hookRoutes(app, inbound);
      mediaRoutes(app, { secrets: deps.secrets, repos, connectors });
      oauthCallbackRoutes(app, oauth);
      await paymentRoutes(app, {
        billing,
        provider: paymentProvider,
        repos,
        otherTbankTerminals: paymentLinkNotifications,
      });
    },
    routes(api: App) {
      billingRoutes(api, billing);
      oauthStartRoutes(api, oauth);
      threadEventRoutes(api, {
        hub,
        keyGuard,
        events: () => repos.threadEvents,
        resolveThread: async (auth, threadId) => {
          await conversations.resolveThread(auth, threadId);
        },
        heartbeatMs: config.sseHeartbeatMs,
      });
      threadRoutes(api, {
        conversations,
        approvalsApi: new ApprovalsService({ approvals, conversations }),
        stream,
        keyGuard,
        heartbeatMs: config.sseHeartbeatMs,
        newId: ids,
        idempotency: () => repos.idempotency,
        secrets: deps.secrets,
      });
    },
    start() {
      worker?.start();
    },
    async housekeeping() {
      const now = clock.now().getTime();
      await repos.threadEvents.prune(new Date(now - THREAD_EVENT_RETENTION_MS).toISOString());
      // Credit holds of turns whose process died (docs/billing.md, "When credits run out").
      await repos.billing.pruneHolds(new Date(now).toISOString());
      await jobs.prune(repos.jobs, new Date(now - FINISHED_JOB_RETENTION_MS));
      // Vectors of deleted messages (sqlite-vec tables are outside foreign keys).
      await memory.chunks.pruneOrphans(memory.embedder);
      await connection.resumePendingConnections();
      await oauth.pruneStates();
      await knowledge.resumePending();
      await knowledge.deleteExpiredStores();
      await repos.integrations.pruneInboundEvents(new Date(now - INBOUND_DEDUPE_RETENTION_MS).toISOString());
    },
    async close() {
      // A parse under way is cut short rather than waited for: its job runs again later.
      await Promise.all([worker?.stop(), parser.close()]);
      vendorGuard.close();
      keyGuard.stop();
      await hub.close();
    },
  };
}
