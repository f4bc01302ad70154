import type { LanguageModel } from "ai";
import Fastify, { type FastifyReply } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { Redis } from "ioredis";
import { composeConversations } from "./composition-root.js";
import type { Config } from "./config.js";
import { type ApiGuardOptions, installApiGuard } from "./infra/api-guard.js";
import { type Clock, systemClock } from "./infra/clock.js";
import { installCors } from "./infra/cors.js";
import type { ErrorBody } from "./infra/error-body.js";
import { installErrorHandling } from "./infra/error-handler.js";
import type { App } from "./infra/http-types.js";
import { type IdempotencyOptions, installIdempotency, pruneIdempotencyKeys } from "./infra/idempotency.js";
import { type IdGenerator, newId } from "./infra/ids.js";
import { installInputGuard } from "./infra/input-guard.js";
import { installJsonBodyParsing } from "./infra/json-body.js";
import { loggerOptions } from "./infra/logging.js";
import { createMetrics, installRequestMetrics } from "./infra/metrics.js";
import { installOpenApi } from "./infra/openapi.js";
import { MemoryRateLimitStore, type RateLimitStore, RedisRateLimitStore } from "./infra/rate-limit.js";
import { requestIdFrom } from "./infra/request-id.js";
import { installReservedHeaderStripping } from "./infra/reserved-headers.js";
import { ResilientRateLimitStore } from "./infra/resilient-rate-limit-store.js";
import { installScrapeGauges } from "./infra/scrape-gauges.js";
import type { SecretBox } from "./infra/secret-box.js";
import { installShutdownRefusal } from "./infra/shutdown-refusal.js";
import { BotsService, botRoutes } from "./modules/bots/index.js";
import { ChatsService, chatRoutes } from "./modules/chats/index.js";
import { serveConsole } from "./modules/console/index.js";
import { CustomToolsService, customToolRoutes } from "./modules/custom-tools/index.js";
import { toolRoutes } from "./modules/engine/index.js";
import { IntegrationsService, integrationRoutes } from "./modules/integrations/index.js";
import { JobsService, jobRoutes } from "./modules/jobs/index.js";
import { knowledgeRoutes, OPENAI_MIRROR_PREFIX, openAiMirrorRoutes } from "./modules/knowledge/index.js";
import { createMcp, mcpServerRoutes } from "./modules/mcp/index.js";
import { ModelCatalog, modelRoutes } from "./modules/models/index.js";
import { composeConsoleAuth, operatorRoutes, sessionRoutes, signInRoute } from "./modules/operators/index.js";
import { Authenticator, bearerSecret, ProjectsService, projectRoutes } from "./modules/projects/index.js";
import { readDatabaseSnapshot, systemRoutes } from "./modules/system/index.js";
import type { WebhookRetrySchedule } from "./modules/webhooks/index.js";
import {
  createWebhookSender,
  pruneWebhookDeliveries,
  WebhookDispatcher,
  WebhooksService,
  webhookOpenApi,
  webhookRoutes,
} from "./modules/webhooks/index.js";
import {
  WidgetSettingsService,
  WidgetVisitorService,
  widgetAdminRoutes,
  widgetPublicRoutes,
} from "./modules/widget/index.js";
import type { Storage } from "./storage/database.js";
import { createRepos } from "./storage/repos/index.js";

export const SERVICE_VERSION = "0.1.0";
const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;

export interface AppDeps {
  config: Config;
  /** Opened and migrated by the caller, who also closes it after the app. */
  storage: Storage;
  secrets: SecretBox;
  clock?: Clock;
  newId?: IdGenerator;
  /** Where JSON logs go (default stdout). */
  logStream?: NodeJS.WritableStream;
  /** Overrides the rate-limit store chosen from the configuration. */
  rateLimitStore?: RateLimitStore;
  /** Supplies language models for some catalog ids instead of the configured providers. */
  modelOverride?: (modelId: string) => LanguageModel | undefined;
  /** Poll interval of the job worker. */
  workerPollMs?: number;
  /** The script parse workers run instead of parse-worker's (tests: a worker that stalls or dies). */
  parseWorkerEntry?: URL;
  /** Webhook dispatcher overrides (tests shorten the poll interval and the retry schedule). */
  webhooks?: { pollIntervalMs?: number; schedule?: WebhookRetrySchedule; leaseMs?: number };
}

/** Builds the whole HTTP service from explicit dependencies; nothing is process-global. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, storage } = deps;
  const clock = deps.clock ?? systemClock;
  const ids = deps.newId ?? newId;

  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    genReqId: (request) => requestIdFrom(request.headers["x-request-id"]),
    requestIdHeader: false,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // Ids are validated by the route schemas (422); the router must not cut them off first.
    routerOptions: { maxParamLength: 1024 },
    // Our own hook answers 503 during shutdown, in the API's error format.
    return503OnClosing: false,
    // URLs the router refuses (bad percent-encoding, over-long parameters) in the API's format.
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === "FST_ERR_MAX_PARAM_LENGTH";
      const body: ErrorBody = {
        code: tooLong ? "uri_too_long" : "invalid_url",
        message: tooLong
          ? "A path parameter is longer than 1024 characters."
          : "The request URL is not valid.",
      };
      void (reply as FastifyReply).code(tooLong ? 414 : 400).send(body);
    },
  }).withTypeProvider() as unknown as App;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const repos = createRepos(storage.db);
  const catalog = new ModelCatalog(config);
  catalog.assertHasDefault(config.defaultModel);
  const projects = new ProjectsService({
    repos,
    clock,
    newId: ids,
    maxKeysPerProject: config.maxKeysPerProject,
    // The stack is built below; it exists by the time any request revokes a key.
    onKeyRevoked: (keyId) => conversationStack.keyGuard.revoked(keyId),
  });
  const bots = new BotsService({
    repos,
    bots: repos.bots,
    chats: repos.chats,
    catalog,
    // The stack is built below; it exists by the time any request changes a bot's settings.
    validateToolNames: (projectId, tools) => conversationStack.tools.validateNames(projectId, tools),
    clock,
    newId: ids,
    defaultModel: config.defaultModel,
  });
  const authenticator = new Authenticator({
    apiKeys: repos.apiKeys,
    clock,
    onBackgroundError: (error) => app.log.warn({ err: error }, "could not record API key use"),
  });
  const metrics = createMetrics();
  // MCP servers (docs/mcp.md): the routes' service and the tool provider share one client pool.
  const mcp = createMcp({
    repos,
    secrets: deps.secrets,
    clock,
    newId: ids,
    allowPrivate: config.webhooksAllowPrivate,
    log: app.log,
  });
  const conversationStack = composeConversations({
    mcpTools: mcp.tools,
    config,
    storage,
    repos,
    secrets: deps.secrets,
    catalog,
    clock,
    newId: ids,
    log: app.log,
    ...(deps.modelOverride ? { modelOverride: deps.modelOverride } : {}),
    ...(deps.workerPollMs ? { workerPollMs: deps.workerPollMs } : {}),
    ...(deps.parseWorkerEntry ? { parseWorkerEntry: deps.parseWorkerEntry } : {}),
    // The dispatcher is built below; it exists by the time any request commits.
    onWebhookDeliveries: () => webhookDispatcher?.wake(),
    metrics,
  });
  installScrapeGauges(metrics.registry, {
    readDatabase: () => readDatabaseSnapshot(repos, clock),
    openEventStreams: () => conversationStack.hub.subscriberCount(),
    recallMemoryBytes: conversationStack.recallMemoryBytes,
    longestTransactionHoldSeconds: () => (storage.transactions?.longestHoldMs() ?? 0) / 1000,
    log: app.log,
  });
  // A misuse is a bug: logged with its stack even where the caller swallows the error.
  const stopMisuseLog = storage.transactions?.onMisuse((error) =>
    app.log.error({ err: error }, "a query outside its transaction was issued inside it"),
  );
  const webhookSender = createWebhookSender({ allowPrivate: config.webhooksAllowPrivate });
  const webhookDispatcher = config.runWorker
    ? new WebhookDispatcher({
        storage,
        secrets: deps.secrets,
        sender: webhookSender,
        clock,
        log: app.log,
        newId: ids,
        onAttempt: (result) => metrics.webhookDeliveries.inc({ result }),
        ...deps.webhooks,
      })
    : undefined;
  const webhooks = new WebhooksService({
    repos,
    secrets: deps.secrets,
    clock,
    newId: ids,
    allowPrivate: config.webhooksAllowPrivate,
    onDeliveriesDue: () => webhookDispatcher?.wake(),
  });
  const redis =
    !deps.rateLimitStore && config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1 }) : null;
  redis?.on("error", (error) => app.log.debug({ err: error }, "redis connection error"));
  const rateLimits =
    deps.rateLimitStore ??
    (redis
      ? new ResilientRateLimitStore(new RedisRateLimitStore(redis), app.log)
      : new MemoryRateLimitStore());

  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  // Before the other hooks, so that their refusals (503, 401, 429) carry the CORS headers too.
  installCors(app, { origins: config.corsOrigins, prefixes: ["/v1", OPENAI_MIRROR_PREFIX] });
  installShutdownRefusal(app);
  installReservedHeaderStripping(app);
  installJsonBodyParsing(app);
  installInputGuard(app);
  installErrorHandling(app);
  installRequestMetrics(app, metrics);
  await installOpenApi(app, SERVICE_VERSION, { webhooks: webhookOpenApi() });

  systemRoutes(app, { storage, metrics, holdLimitMs: config.databaseHoldLimitMs });
  await conversationStack.publicRoutes(app);
  const consoleAuth = composeConsoleAuth({
    config,
    repos,
    secrets: deps.secrets,
    clock,
    newId: ids,
    rateLimits,
    onRevoked: (sessionIds) => {
      for (const id of sessionIds) conversationStack.keyGuard.revoked(id);
    },
  });
  // Signing in is the one /v1 operation without a key or a session.
  await app.register(async (publicV1) => signInRoute(publicV1 as unknown as App, consoleAuth.routeDeps), {
    prefix: "/v1",
  });
  serveConsole(app, { dir: config.console.dir, log: app.log });
  await widgetPublicRoutes(app, {
    visitors: new WidgetVisitorService({
      repos,
      secrets: deps.secrets,
      clock,
      newId: ids,
      stream: conversationStack.stream,
    }),
    hub: conversationStack.hub,
    events: () => repos.threadEvents,
    rateLimits,
    clock,
    heartbeatMs: config.sseHeartbeatMs,
    scriptDir: config.widget.dir,
    limits: config.widget.limits,
  });
  // The same guard (keys, sessions, rate-limit budgets) and idempotency for /v1 and the OpenAI mirror.
  const guard: ApiGuardOptions = {
    authenticate: (secret) => authenticator.authenticate(secret),
    bearerSecret,
    ...consoleAuth.guard,
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
  await app.register(
    async (v1) => {
      const api = v1 as unknown as App;
      installApiGuard(api, guard);
      installIdempotency(api, idempotency);
      projectRoutes(api, projects);
      sessionRoutes(api, consoleAuth.routeDeps);
      operatorRoutes(api, consoleAuth.operators);
      widgetAdminRoutes(
        api,
        new WidgetSettingsService({ repos, secrets: deps.secrets, clock, publicUrl: config.publicUrl }),
      );
      botRoutes(api, bots);
      integrationRoutes(
        api,
        new IntegrationsService({
          integrations: repos.integrations,
          lifecycle: conversationStack.connection,
          secrets: deps.secrets,
          clock,
          newId: ids,
        }),
      );
      chatRoutes(
        api,
        new ChatsService({
          chats: repos.chats,
          integrations: repos.integrations,
          bots: repos.bots,
          clock,
          newId: ids,
        }),
      );
      modelRoutes(api, catalog);
      toolRoutes(api, conversationStack.tools);
      customToolRoutes(
        api,
        new CustomToolsService({
          repos,
          secrets: deps.secrets,
          clock,
          newId: ids,
          allowPrivate: config.webhooksAllowPrivate,
        }),
      );
      webhookRoutes(api, webhooks);
      mcpServerRoutes(api, mcp.servers);
      jobRoutes(api, new JobsService({ repos, clock }));
      conversationStack.routes(api);
      await knowledgeRoutes(api, conversationStack.knowledge, {
        maxUploadBytes: config.files.maxUploadBytes,
      });
    },
    { prefix: "/v1" },
  );
  // OpenAI's API shapes over the same knowledge, for the official clients (docs/knowledge.md).
  await openAiMirrorRoutes(app, {
    knowledge: conversationStack.knowledge,
    guard,
    idempotency,
    maxUploadBytes: config.files.maxUploadBytes,
  });
  app.addHook("onReady", async () => {
    conversationStack.start();
    webhookDispatcher?.start();
  });

  const housekeeping = setInterval(() => {
    const webhookCutoff = new Date(clock.now().getTime() - config.webhookRetentionDays * 24 * 60 * 60 * 1000);
    Promise.all([
      pruneIdempotencyKeys(repos.idempotency, clock),
      conversationStack.housekeeping(),
      pruneWebhookDeliveries(repos, webhookCutoff),
    ]).catch((error) => app.log.warn({ err: error }, "housekeeping failed"));
  }, HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();

  app.addHook("onClose", async () => {
    clearInterval(housekeeping);
    stopMisuseLog?.();
    await conversationStack.close();
    await webhookDispatcher?.stop();
    webhookSender.close();
    await mcp.close();
    await authenticator.idle();
    await rateLimits.close();
    if (redis) await redis.quit().catch(() => redis.disconnect());
  });
  return app;
}
