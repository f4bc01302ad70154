import { randomUUID } from "node:crypto";
import type { LanguageModel } from "ai";
import Fastify, { type FastifyReply } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { composeService } from "./composition-root.js";
import type { Config } from "./config.js";
import { installApiGuard } from "./infra/api-guard.js";
import { type Clock, systemClock } from "./infra/clock.js";
import { installCors } from "./infra/cors.js";
import type { ErrorBody } from "./infra/error-body.js";
import { installErrorHandling } from "./infra/error-handler.js";
import type { App } from "./infra/http-types.js";
import { installIdempotency } from "./infra/idempotency.js";
import { type IdGenerator, newId } from "./infra/ids.js";
import { installInputGuard } from "./infra/input-guard.js";
import { installJsonBodyParsing } from "./infra/json-body.js";
import { fastifyLogging, logDestination } from "./infra/logging.js";
import { installRequestMetrics } from "./infra/metrics.js";
import { installOpenApi } from "./infra/openapi.js";
import type { RateLimitStore } from "./infra/rate-limit.js";
import { requestIdFrom } from "./infra/request-id.js";
import { installReservedHeaderStripping } from "./infra/reserved-headers.js";
import type { SecretBox } from "./infra/secret-box.js";
import { installShutdownRefusal } from "./infra/shutdown-refusal.js";
import { installHttpTelemetry } from "./infra/telemetry/http-telemetry.js";
import { startTelemetry } from "./infra/telemetry/start-telemetry.js";
import { OPENAI_MIRROR_PREFIX } from "./modules/knowledge/index.js";
import { type WebhookDispatchOptions, webhookOpenApi } from "./modules/webhooks/index.js";
import type { Storage } from "./storage/database.js";

export const SERVICE_VERSION = "0.1.0";
const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;

export interface AppDeps {
  config: Config;
  /** Opened and migrated by the caller, who also closes it after the app. */
  storage: Storage;
  secrets: SecretBox;
  clock?: Clock;
  newId?: IdGenerator;
  /** Where logs go (default stdout), JSON or pretty as infra/logging.ts's logDestination decides. */
  logStream?: NodeJS.WritableStream;
  /** Overrides the rate-limit store chosen from the configuration. */
  rateLimitStore?: RateLimitStore;
  /** Supplies language models for some catalog ids instead of the configured providers. */
  modelOverride?: (modelId: string) => LanguageModel | undefined;
  /** Poll interval of the job worker. */
  workerPollMs?: number;
  /** How often housekeeping runs (default 10 minutes; tests shorten it to see its sweeps). */
  housekeepingIntervalMs?: number;
  /** The script parse workers run instead of parse-worker's (tests: a worker that stalls or dies). */
  parseWorkerEntry?: URL;
  /** Webhook dispatcher overrides (tests shorten the poll interval and the retry schedule). */
  webhooks?: WebhookDispatchOptions;
}

/**
 * The HTTP service over the composed modules (composition-root.ts): Fastify, the hooks every
 * request passes, and each module's routes in the table's order, public ones first, then `/v1`
 * behind the API guard and idempotency. Nothing is process-global.
 */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  const app = Fastify({
    ...fastifyLogging(
      config.logLevel,
      logDestination(config.logFormat, { out: deps.logStream, color: config.logColor }),
    ),
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

  // OpenTelemetry (docs/quality.md, "OpenTelemetry"): nothing is loaded unless an endpoint is set.
  const telemetry = await startTelemetry(config.telemetry, {
    log: app.log,
    serviceVersion: SERVICE_VERSION,
    instanceId: randomUUID(),
  });
  const service = composeService({
    config,
    telemetry,
    storage: deps.storage,
    secrets: deps.secrets,
    clock: deps.clock ?? systemClock,
    newId: deps.newId ?? newId,
    log: app.log,
    ...(deps.rateLimitStore ? { rateLimitStore: deps.rateLimitStore } : {}),
    ...(deps.modelOverride ? { modelOverride: deps.modelOverride } : {}),
    ...(deps.workerPollMs ? { workerPollMs: deps.workerPollMs } : {}),
    ...(deps.parseWorkerEntry ? { parseWorkerEntry: deps.parseWorkerEntry } : {}),
    ...(deps.webhooks ? { webhooks: deps.webhooks } : {}),
  });

  // First, so that the request's span covers every other hook and its context reaches the handler.
  installHttpTelemetry(app, telemetry);
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
  installRequestMetrics(app, service.metrics);
  await installOpenApi(app, SERVICE_VERSION, { webhooks: webhookOpenApi() });

  for (const module of service.modules) await module.publicRoutes?.(app);
  await app.register(
    async (v1) => {
      const api = v1 as unknown as App;
      installApiGuard(api, service.guard);
      installIdempotency(api, service.idempotency);
      for (const module of service.modules) await module.routes?.(api);
    },
    { prefix: "/v1" },
  );

  app.addHook("onReady", async () => service.start());
  const housekeeping = setInterval(() => {
    service.housekeeping().catch((error) => app.log.warn({ err: error }, "housekeeping failed"));
  }, deps.housekeepingIntervalMs ?? HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();
  app.addHook("onClose", async () => {
    clearInterval(housekeeping);
    await service.close();
    // After the service, so that the spans of the work it finished on its way out are sent.
    await telemetry.shutdown();
  });
  return app;
}
