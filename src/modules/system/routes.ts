import type { App } from "../../infra/http-types.js";
import type { Metrics } from "../../infra/metrics.js";
import { ping, type Storage } from "../../storage/database.js";
import { migrationsApplied } from "../../storage/migrator.js";

/** Operational endpoints outside /v1: unauthenticated, not rate limited, not in the API reference. */
export function systemRoutes(app: App, deps: { storage: Storage; metrics: Metrics }): void {
  app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));

  app.get("/readyz", { schema: { hide: true } }, async (_request, reply) => {
    try {
      await ping(deps.storage);
      if (!(await migrationsApplied(deps.storage))) {
        return reply.code(503).send({ status: "not_ready", reason: "migrations pending" });
      }
      return { status: "ready" };
    } catch (error) {
      reply.log.warn({ err: error }, "readiness check failed");
      return reply.code(503).send({ status: "not_ready", reason: "database unreachable" });
    }
  });

  app.get("/metrics", { schema: { hide: true } }, async (_request, reply) => {
    const body = await deps.metrics.registry.metrics();
    return reply.header("content-type", deps.metrics.registry.contentType).send(body);
  });

  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
