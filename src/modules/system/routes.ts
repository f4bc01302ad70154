import type { App } from "../../infra/http-types.js";
import type { Metrics } from "../../infra/metrics.js";
import { ping, type Storage } from "../../storage/database.js";
import { DatabaseBusyError } from "../../storage/database-busy-error.js";
import { migrationsApplied } from "../../storage/migrator.js";

export interface SystemRoutesDeps {
  storage: Storage;
  metrics: Metrics;
  /** Not ready while a transaction of this process has been open longer (PARLEY_DATABASE_HOLD_LIMIT_MS). */
  holdLimitMs: number;
}

/** Operational endpoints outside /v1: unauthenticated, not rate limited, not in the API reference. */
export function systemRoutes(app: App, deps: SystemRoutesDeps): void {
  app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));

  app.get("/readyz", { schema: { hide: true } }, async (_request, reply) => {
    // First, and without the database: on SQLite a held transaction holds the one connection,
    // so the ping below would only wait for it (docs/operations.md, "Operational endpoints").
    const heldMs = deps.storage.transactions?.longestHoldMs() ?? 0;
    if (heldMs > deps.holdLimitMs) {
      return reply.code(503).send({
        status: "not_ready",
        reason: "database transaction held too long",
        held_seconds: Math.round(heldMs / 100) / 10,
      });
    }
    try {
      await ping(deps.storage);
      if (!(await migrationsApplied(deps.storage))) {
        return reply.code(503).send({ status: "not_ready", reason: "migrations pending" });
      }
      return { status: "ready" };
    } catch (error) {
      reply.log.warn({ err: error }, "readiness check failed");
      const reason = error instanceof DatabaseBusyError ? "database busy" : "database unreachable";
      return reply.code(503).send({ status: "not_ready", reason });
    }
  });

  app.get("/metrics", { schema: { hide: true } }, async (_request, reply) => {
    const body = await deps.metrics.registry.metrics();
    return reply.header("content-type", deps.metrics.registry.contentType).send(body);
  });

  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
