import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { join } from "node:path";
import type { LanguageModel } from "ai";
import { Redis } from "ioredis";
import type { Config } from "./config.js";
import type { DomainEventListener } from "./events/event-listener.js";
import { replyDeltaPublisher } from "./events/reply-delta.js";
import { StreamKeyGuard } from "./events/stream-key-guard.js";
import { ThreadEventHub } from "./events/thread-event-hub.js";
import { threadEventListener } from "./events/thread-event-listener.js";
import { Transactor } from "./events/unit-of-work.js";
import type { ApiGuardOptions } from "./infra/api-guard.js";
import { type Clock, systemClock } from "./infra/clock.js";
import { type IdempotencyOptions, pruneIdempotencyKeys } from "./infra/idempotency.js";
import { type IdGenerator, newId } from "./infra/ids.js";
import { LocalRuntime } from "./infra/local-llm/runtime.js";
import type { Logger } from "./infra/logging.js";
import { createMetrics, type Metrics } from "./infra/metrics.js";
import { MemoryRateLimitStore, type RateLimitStore, RedisRateLimitStore } from "./infra/rate-limit.js";
import { ResilientRateLimitStore } from "./infra/resilient-rate-limit-store.js";
import { installScrapeGauges } from "./infra/scrape-gauges.js";
import { createSecretBox, type SecretBox } from "./infra/secret-box.js";
import { decodeSecretKey, resolveSecretKey } from "./infra/secret-key.js";
import { NO_TELEMETRY, type Telemetry } from "./infra/telemetry/telemetry.js";
import type { JobRegistration } from "./job-queue/job-definition.js";
import { JobQueue } from "./job-queue/job-queue.js";
import { JobWorker } from "./job-queue/job-worker.js";
import { composeAnalytics } from "./modules/analytics/index.js";
import {
  BillingService,
  billingListener,
  billingSettingsFromConfig,
  composeBilling,
  ledgerFromConfig,
  toMilli,
} from "./modules/billing/index.js";
import { composeBots } from "./modules/bots/index.js";
import { composeBusinessHours } from "./modules/business-hours/index.js";
import { composeCannedResponses } from "./modules/canned-responses/index.js";
import { composeChats } from "./modules/chats/index.js";
import { composeConsole } from "./modules/console/index.js";
import { composeContacts } from "./modules/contacts/index.js";
import { composeCsat } from "./modules/csat/index.js";
import { composeCustomTools } from "./modules/custom-tools/index.js";
import { composeEngine, type ThreadActions, ThreadWriter } from "./modules/engine/index.js";
import { composeEvals, type RunsService } from "./modules/evals/index.js";
import { composeFeedback } from "./modules/feedback/index.js";
import {
  attachmentFilesListener,
  type ChannelInbox,
  composeIntegrations,
  deliveryListener,
} from "./modules/integrations/index.js";
import { composeJobsApi } from "./modules/jobs/index.js";
import { composeKnowledge } from "./modules/knowledge/index.js";
import { composeLabels } from "./modules/labels/index.js";
import { composeMcp } from "./modules/mcp/index.js";
import { composeMemory, createEmbedderFromConfig } from "./modules/memory/index.js";
import { composeModels, LocalModels, ModelCatalog } from "./modules/models/index.js";
import { composeNotes } from "./modules/notes/index.js";
import { composeConsoleAuth } from "./modules/operators/index.js";
import { composeBotFiles, composeOutboundFiles } from "./modules/outbound-files/index.js";
import { composePaymentLinks } from "./modules/payment-links/index.js";
import { type BootstrapResult, bearerSecret, bootstrap, composeProjects } from "./modules/projects/index.js";
import { composeRouter, composeRouting, type RoutingService } from "./modules/routing/index.js";
import { composeSystem, readDatabaseSnapshot } from "./modules/system/index.js";
import { composeThreads } from "./modules/threads/index.js";
import { composeTraces } from "./modules/traces/index.js";
import { composeWebhooks, type WebhookDispatchOptions, webhookListener } from "./modules/webhooks/index.js";
import { composeWhatsappTemplates } from "./modules/whatsapp-templates/index.js";
import { composeWidget } from "./modules/widget/index.js";
import { checkDataDir, openAnsweringStorage } from "./startup-checks.js";
import type { Storage } from "./storage/database.js";
import { migrateToLatest } from "./storage/migrator.js";
import { createRepos } from "./storage/repos/index.js";
import type { JobTypeFilter } from "./storage/repos/jobs.repo.js";
import type { ModuleContext, ModuleParts } from "./wiring/module-parts.js";

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * The composition root: the one place that knows every module and wires them together. The
 * server calls openRuntime and bootstrapFirstStart, the CLI prepareRuntime (both); buildApp
 * (app.ts) calls composeConversations and adds the HTTP layer. Modules never build each other: what one needs of another arrives here, as a
 * constructor argument (see docs/development.md).
 */

export const SQLITE_FILE = "parley.db";
const FINISHED_JOB_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

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
  new ModelCatalog(config, new LocalModels(config.localModels, config.extraModels)).assertHasDefault(
    config.defaultModel,
  );
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
  return new BillingService({
    ...billingSettingsFromConfig(config),
    repos,
    transactor,
    ledger: ledgerFromConfig(config, systemClock, ids),
    clock: systemClock,
    newId: ids,
    log,
  });
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

export interface ServiceDeps {
  config: Config;
  /** Opened and migrated by the caller, who also closes it after the service. */
  storage: Storage;
  secrets: SecretBox;
  clock: Clock;
  newId: IdGenerator;
  log: Logger;
  /** OpenTelemetry's spans and metrics (default: none); the caller shuts it down after the service. */
  telemetry?: Telemetry;
  /** Overrides the rate-limit store chosen from the configuration. */
  rateLimitStore?: RateLimitStore;
  /** Supplies models for some ids instead of the configured providers (tests, embedding). */
  modelOverride?: (modelId: string) => LanguageModel | undefined;
  /** Poll interval of the job worker (tests shorten it). */
  workerPollMs?: number;
  /** The script parse workers run instead of parse-worker's (tests). */
  parseWorkerEntry?: URL;
  /** Webhook dispatcher overrides (tests shorten the poll interval and the retry schedule). */
  webhooks?: WebhookDispatchOptions;
}

/** The service as the HTTP app and the process use it. */
export interface Service {
  /** Every module, in the order their routes are registered (docs/development.md, "Modules"). */
  modules: readonly ModuleParts[];
  /** The guard of `/v1` and of the OpenAI mirror: API keys, console sessions, rate limits. */
  guard: ApiGuardOptions;
  idempotency: IdempotencyOptions;
  metrics: Metrics;
  /** Evaluation runs, for the CLI's `evals run` (docs/quality.md, "Evaluations"). */
  evals: { runs: RunsService };
  /** Once the server is ready: the job worker and the modules' loops. */
  start(): void;
  /** Every module's periodic clean-up, and the idempotency keys'. */
  housekeeping(): Promise<void>;
  /** Stops the worker, the modules, the event hub and the rate-limit store. */
  close(): Promise<void>;
}

/**
 * The composition root: each module's `compose`, called in the order of what it needs, and the
 * table of modules the HTTP app walks. Before the modules, what every conversation write goes
 * through: the job queue, the event hub, the listener table and the transactor. A module built
 * later than one that calls it is reached through a closure that runs only on use (the
 * dispatcher's wake-up, the threads' inbox, the thread actions of tools).
 */
export function composeService(deps: ServiceDeps): Service {
  const { config, storage, clock } = deps;
  const ids = deps.newId;
  const repos = createRepos(storage.db);
  const telemetry = deps.telemetry ?? NO_TELEMETRY;
  const context: ModuleContext = {
    config,
    storage,
    repos,
    secrets: deps.secrets,
    clock,
    newId: ids,
    log: deps.log,
    telemetry,
  };
  const processId = `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  // Embedded models (docs/local-models.md): their files, and the runtime, loaded on first use.
  const localModels = new LocalModels(config.localModels, config.extraModels, deps.log);
  const localRuntime = new LocalRuntime(config.localModels, deps.log);
  const catalog = new ModelCatalog(config, localModels);
  catalog.assertHasDefault(config.defaultModel);
  const metrics = createMetrics();

  // What every conversation write goes through.
  const hub = new ThreadEventHub({ redisUrl: config.redisUrl, log: deps.log });
  const keyGuard = new StreamKeyGuard({
    hub,
    liveKeys: (keyIds) => repos.apiKeys.liveIds(keyIds),
    recheckMs: config.sseHeartbeatMs,
    log: deps.log,
  });
  let workers: JobWorker[] = [];
  const jobs = new JobQueue({
    clock,
    newId: ids,
    onEnqueued: () => {
      for (const worker of workers) worker.wake();
    },
    owner: processId,
    leaseMs: config.leaseMs,
    log: deps.log,
  });
  const ledger = ledgerFromConfig(config, clock, ids);
  // What follows from a domain event, in order: the thread event listener takes the project's
  // event lock, so it comes last; business hours first (the out-of-hours message it writes on a
  // hand-off is delivered, hooked and streamed by those after it); billing next, so the billing.balance.low and
  // billing.reply.charged it raises reach the webhook outbox and analytics. Analytics' rollup
  // rows are locked in key order before the event lock, as every change takes them.
  const analytics = composeAnalytics(context);
  const writer = new ThreadWriter({ clock, newId: ids });
  const businessHours = composeBusinessHours(context, { writer });
  // Routing first: the `thread.assigned` it raises on a hand-off reaches every listener after it.
  const routingCore = composeRouter(context);
  // CSAT (docs/csat.md): its survey on resolution is a bot message, delivered by those after it.
  const csat = composeCsat(context, {
    writer,
    transactor: () => transactor,
    resolveThread: (auth, threadId) => conversations.resolveThread(auth, threadId),
  });
  const listeners: DomainEventListener[] = [
    routingCore.listener,
    businessHours.listener,
    csat.listener,
    billingListener({ ledger, catalog, creditsPerUsd: config.billing.creditsPerUsd }),
    webhookListener({ clock, newId: ids, onDeliveries: () => webhooks.wake() }),
    deliveryListener({ jobs, clock, maxAttempts: config.channelSendMaxAttempts }),
    attachmentFilesListener({ jobs }),
    analytics.listener,
    threadEventListener({ hub, clock }),
  ];
  const transactor = new Transactor({ repos, jobs, listeners });
  const credit = { enforce: config.billing.enforce, initialBalance: toMilli(config.billing.welcomeBonus) };

  // Who may call: API keys, console sessions, rate-limit budgets.
  const redis =
    !deps.rateLimitStore && config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1 }) : null;
  redis?.on("error", (error) => deps.log.debug({ err: error }, "redis connection error"));
  const rateLimits =
    deps.rateLimitStore ??
    (redis
      ? new ResilientRateLimitStore(new RedisRateLimitStore(redis), deps.log)
      : new MemoryRateLimitStore());
  const projects = composeProjects(context, { onKeyRevoked: (keyId) => keyGuard.revoked(keyId) });
  let routing: RoutingService | undefined;
  const operators = composeConsoleAuth({
    ...context,
    rateLimits,
    onRevoked: (sessionIds) => {
      for (const id of sessionIds) keyGuard.revoked(id);
    },
    onSeen: async (projectId, operatorId) => routing?.operatorSeen(projectId, operatorId),
    onAvailable: async (projectId, operatorId) => routing?.operatorAvailable(projectId, operatorId),
  });
  const guard: ApiGuardOptions = {
    authenticate: (secret) => projects.authenticator.authenticate(secret),
    bearerSecret,
    ...operators.guard,
    rateLimits,
    limits: config.rateLimit,
    perProject: config.projectRateLimit,
    clock,
  };
  const idempotency: IdempotencyOptions = {
    repo: () => repos.idempotency,
    clock,
    secrets: deps.secrets,
    leaseMs: config.leaseMs,
  };

  // Conversations: the threads' side first (tools act on threads), then what offers tools, the
  // engine, and the threads' parts that drive it.
  // Pictures and files out (docs/channels.md, "Files"): operators' uploads, the bot's files, signed links.
  const outboundFiles = composeOutboundFiles(context, {
    resolveThread: (auth, threadId) => conversations.resolveThread(auth, threadId),
  });
  const threadsCore = composeThreads(context, {
    transactor,
    writer,
    credit,
    hub,
    keyGuard,
    surveys: csat.service,
    files: outboundFiles.files,
  });
  const { conversations } = threadsCore;
  const memory = composeMemory(context);
  let inbox: ChannelInbox | undefined;
  const integrations = composeIntegrations(context, {
    transactor,
    processId,
    inbox: { receive: (delivery) => inbox!.receive(delivery) },
    files: outboundFiles.files,
  });
  const paymentLinks = composePaymentLinks(context, {
    connectors: integrations.connectors,
    transactor,
    writer,
  });
  // WhatsApp message templates (docs/channels.md, "Templates"): the API, the scheduled sends, the bot's tool.
  const whatsappTemplates = composeWhatsappTemplates(context, {
    transactor,
    writer,
    connectors: integrations.connectors,
    connection: integrations.connection,
    resolveThread: (auth, threadId) => conversations.resolveThread(auth, threadId),
  });
  const customTools = composeCustomTools(context);
  // MCP servers (docs/mcp.md): the routes' service and the tool provider share one client pool.
  const mcp = composeMcp({ ...context, allowPrivate: config.webhooksAllowPrivate });
  const knowledge = composeKnowledge(context, {
    transactor,
    embedder: memory.embedder,
    ...(deps.parseWorkerEntry ? { parseWorkerEntry: deps.parseWorkerEntry } : {}),
    guard,
    idempotency,
  });
  // The bot's send_file (docs/agent.md, "Sending files"): URLs through the outbound guard, or knowledge files.
  const botFiles = composeBotFiles(context, outboundFiles.files, async (projectId, fileId) => {
    const { file, content } = await knowledge.knowledge.fileContent(projectId, fileId);
    return { filename: file.filename, content };
  });
  // Labels on threads and people (docs/labels.md); the add_label tool labels through them.
  const labels = composeLabels(context, { transactor });
  const threadActions: ThreadActions = {
    changeMode: async (projectId, threadId, mode, source) => {
      const thread = await repos.threads.find(projectId, threadId);
      if (thread) await conversations.changeMode(projectId, thread, mode, undefined, source);
    },
    resolve: (projectId, threadId) => conversations.resolveByTool(projectId, threadId),
    scheduleBotMessage: (projectId, threadId, text, at) =>
      conversations.scheduleBotMessage(projectId, threadId, text, at),
    writeWorkingMemory: (projectId, threadId, markdown) =>
      conversations.writeWorkingMemory(projectId, threadId, markdown),
    addLabel: (projectId, threadId, name) => labels.service.addAsBot(projectId, threadId, name),
    attachFile: (projectId, threadId, source) => botFiles.attach(projectId, threadId, source),
  };
  const traces = composeTraces(context, {
    catalog,
    resolveThread: (auth, threadId) => conversations.resolveThread(auth, threadId),
  });
  const engine = composeEngine(context, {
    transactor,
    writer,
    credit,
    ledger,
    catalog,
    memory,
    toolProviders: [
      integrations.tools,
      paymentLinks.tools,
      whatsappTemplates.tools,
      customTools.tools,
      mcp.tools,
    ],
    knowledge: knowledge.knowledge,
    connectors: integrations.connectors,
    attachmentFiles: integrations.attachmentFiles,
    threadActions,
    processId,
    ...(deps.modelOverride ? { modelOverride: deps.modelOverride } : {}),
    local: { models: localModels, runtime: localRuntime, maxTokens: config.localModels.maxTokens },
    metrics,
    watchers: traces.watchers,
    replyDeltas: replyDeltaPublisher(hub, clock),
    promptFacts: (projectId) => businessHours.service.promptFacts(projectId),
  });
  const threads = threadsCore.withEngine(engine);
  inbox = threads.inbox;
  // Contacts (docs/contacts.md): merging moves recall chunks that SQLite's index then picks up.
  const contacts = composeContacts(context, {
    transactor,
    indexMovedChunks: (embedders) => memory.chunks.indexUnindexed(embedders),
  });
  // Ratings of the bot's answers: the API's routes, and the service the widget rates through.
  const feedback = composeFeedback(context, { transactor });
  const webhooks = composeWebhooks(context, {
    onAttempt: (result) => metrics.webhookDeliveries.inc({ result }),
    ...(deps.webhooks ? { dispatch: deps.webhooks } : {}),
  });

  // Bots and their versions; publishing asks the evaluations (docs/quality.md, "The publish gate").
  const bots = composeBots(context, {
    transactor,
    catalog,
    validateToolNames: (projectId, tools) => engine.tools.validateNames(projectId, tools),
    evalGate: { latestRun: (...question) => evals.gate.latestRun(...question) },
  });
  // Evaluations (docs/quality.md, "Evaluations"): a bot's cases run in memory against a version.
  const evals = composeEvals(context, {
    transactor,
    resolveVersion: (projectId, botId, ref) => bots.versions.resolve(projectId, botId, ref),
    registry: engine.registry,
    catalog,
    tools: engine.tools,
    knowledge: knowledge.knowledge,
  });

  // Routing (docs/routing.md): teams, a thread's team, settings; the listener is in the table above.
  const routingParts = composeRouting(context, {
    router: routingCore.router,
    transactor,
    resolveThread: (auth, threadId) => conversations.resolveThread(auth, threadId),
  });
  routing = routingParts.service;

  // The table: routes are registered in this order (the OpenAPI document's order).
  const modules: ModuleParts[] = [
    composeSystem(context, { metrics }),
    projects,
    operators,
    composeWidget(context, {
      stream: threads.stream,
      feedback: feedback.service,
      csat: csat.service,
      hub,
      rateLimits,
      // A day's link, made anew each time the visitor's widget reads the message.
      fileUrl: (fileId) => outboundFiles.files.signedUrl(fileId, new Date(clock.now().getTime() + DAY_MS)),
    }),
    bots,
    integrations,
    whatsappTemplates,
    composeChats(context),
    composeModels(catalog, localModels, localRuntime),
    engine,
    customTools,
    webhooks,
    mcp,
    composeJobsApi(context),
    composeBilling(context, { transactor, ledger, otherTbankTerminals: paymentLinks.notifications }),
    analytics.parts,
    threads,
    outboundFiles,
    contacts,
    routingParts,
    traces,
    // Ready answers operators insert by short code (docs/canned-responses.md).
    composeCannedResponses(context, {
      resolveThread: (auth, threadId) => conversations.resolveThread(auth, threadId),
    }),
    feedback,
    labels,
    // Private notes and the mentions inbox (docs/conversations.md, "Private notes").
    composeNotes(context, { transactor }),
    evals,
    knowledge,
    memory,
    businessHours,
    csat,
    composeConsole(context),
  ];

  installScrapeGauges(metrics.registry, {
    readDatabase: () => readDatabaseSnapshot(repos, clock),
    openEventStreams: () => hub.subscriberCount(),
    recallMemoryBytes: memory.heldMemoryBytes,
    longestTransactionHoldSeconds: () => (storage.transactions?.longestHoldMs() ?? 0) / 1000,
    log: deps.log,
  });
  // A misuse is a bug: logged with its stack even where the caller swallows the error.
  const stopMisuseLog = storage.transactions?.onMisuse((error) =>
    deps.log.error({ err: error }, "a query outside its transaction was issued inside it"),
  );
  if (config.runWorker) {
    const registrations: JobRegistration[] = modules.flatMap((module) => module.jobs ?? []);
    // One worker per lane (docs/operations.md, "Job worker"): sends to vendors never wait for a
    // free slot behind turns waiting on their models.
    const delivery = registrations.filter((job) => job.lane === "delivery");
    const deliveryTypes = delivery.map((job) => job.type);
    const laneWorker = (lane: JobRegistration[], id: string, concurrency: number, types: JobTypeFilter) =>
      new JobWorker({
        storage,
        clock,
        log: deps.log,
        telemetry,
        workerId: id,
        leaseMs: config.leaseMs,
        concurrency,
        types,
        ...(deps.workerPollMs ? { pollIntervalMs: deps.workerPollMs } : {}),
        handlers: Object.fromEntries(lane.map(({ type, handler }) => [type, handler])),
      });
    workers = [
      laneWorker(
        registrations.filter((job) => job.lane !== "delivery"),
        processId,
        config.workerConcurrency,
        { except: deliveryTypes },
      ),
      ...(delivery.length > 0
        ? [laneWorker(delivery, `${processId}:delivery`, config.deliveryConcurrency, { only: deliveryTypes })]
        : []),
    ];
  }

  return {
    modules,
    guard,
    idempotency,
    metrics,
    evals: { runs: evals.runs },
    start() {
      for (const worker of workers) worker.start();
      for (const module of modules) module.start?.();
    },
    async housekeeping() {
      const now = clock.now().getTime();
      await pruneIdempotencyKeys(repos.idempotency, clock);
      // Credit holds of turns whose process died (docs/billing.md, "When credits run out").
      await repos.billing.pruneHolds(new Date(now).toISOString());
      await jobs.prune(repos.jobs, new Date(now - FINISHED_JOB_RETENTION_MS));
      for (const module of modules) await module.housekeeping?.();
    },
    async close() {
      stopMisuseLog?.();
      await Promise.all([
        ...workers.map((worker) => worker.stop()),
        ...modules.map((module) => module.interrupt?.()),
      ]);
      for (const module of modules) await module.close?.();
      keyGuard.stop();
      await hub.close();
      await rateLimits.close();
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
