import type { Config } from "../../config.js";
import type { Clock } from "../../infra/clock.js";
import type { App } from "../../infra/http-types.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { RateLimitStore } from "../../infra/rate-limit.js";
import type { SecretBox } from "../../infra/secret-box.js";
import type { Repos } from "../../storage/repos/index.js";
import type { ModuleParts } from "../../wiring/module-parts.js";
import { OperatorsService } from "./operators-service.js";
import { operatorRoutes, type SessionRoutesDeps, sessionRoutes, signInRoute } from "./routes.js";
import { sessionGuard } from "./session-http.js";
import { SessionsService } from "./sessions-service.js";

/**
 * The console's people and sessions (docs/console.md): the services, the routes' needs, and
 * what the API guard adds for sessions: the cookie as a second way in, and for a session the
 * CSRF check on every unsafe method and the operator role's limits; the sign-in, session and
 * operator routes.
 */
export function composeConsoleAuth(deps: {
  config: Config;
  repos: Repos;
  secrets: SecretBox;
  clock: Clock;
  newId: IdGenerator;
  rateLimits: RateLimitStore;
  onRevoked(sessionIds: string[]): void;
  /** Routing's hooks (docs/routing.md): an operator was active, or may take work now. */
  onSeen?(projectId: string, operatorId: string): Promise<void>;
  onAvailable?(projectId: string, operatorId: string): Promise<void>;
}) {
  const sessions = new SessionsService({
    repos: deps.repos,
    secrets: deps.secrets,
    clock: deps.clock,
    newId: deps.newId,
    ttlMs: deps.config.console.sessionTtlMs,
    rateLimits: deps.rateLimits,
    onRevoked: deps.onRevoked,
    ...(deps.onSeen ? { onSeen: deps.onSeen } : {}),
  });
  const operators = new OperatorsService({
    repos: deps.repos,
    clock: deps.clock,
    newId: deps.newId,
    onRevoked: deps.onRevoked,
    ...(deps.onAvailable ? { onAvailable: deps.onAvailable } : {}),
  });
  const routeDeps: SessionRoutesDeps = {
    sessions,
    secureCookies: deps.config.publicUrl.startsWith("https://"),
    now: () => deps.clock.now(),
  };
  const guard = sessionGuard(sessions, deps.secrets);
  const parts: ModuleParts = {
    name: "operators",
    // Signing in is the one /v1 operation without a key or a session.
    async publicRoutes(app) {
      await app.register(async (v1) => signInRoute(v1 as unknown as App, routeDeps), { prefix: "/v1" });
    },
    routes(api) {
      sessionRoutes(api, routeDeps);
      operatorRoutes(api, operators);
    },
  };
  return { ...parts, sessions, operators, routeDeps, guard };
}
