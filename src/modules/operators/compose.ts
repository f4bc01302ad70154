import type { FastifyRequest } from "fastify";
import type { Config } from "../../config.js";
import type { ApiGuardOptions } from "../../infra/api-guard.js";
import type { Clock } from "../../infra/clock.js";
import { ApiError } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { RateLimitStore } from "../../infra/rate-limit.js";
import type { SecretBox } from "../../infra/secret-box.js";
import type { Repos } from "../../storage/repos/index.js";
import { assertOperatorMay } from "./operator-access.js";
import { OperatorsService } from "./operators-service.js";
import type { SessionRoutesDeps } from "./routes.js";
import { CSRF_HEADER, csrfTokenMatches, readCookie, SESSION_COOKIE } from "./session-cookie.js";
import { SessionsService } from "./sessions-service.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The console's people and sessions (docs/console.md): the services, the routes' needs, and
 * what the API guard adds for sessions: the cookie as a second way in, and for a session the
 * CSRF check on every unsafe method and the operator role's limits.
 */
export function composeConsoleAuth(deps: {
  config: Config;
  repos: Repos;
  secrets: SecretBox;
  clock: Clock;
  newId: IdGenerator;
  rateLimits: RateLimitStore;
  onRevoked(sessionIds: string[]): void;
}) {
  const sessions = new SessionsService({
    repos: deps.repos,
    secrets: deps.secrets,
    clock: deps.clock,
    newId: deps.newId,
    ttlMs: deps.config.console.sessionTtlMs,
    rateLimits: deps.rateLimits,
    onRevoked: deps.onRevoked,
  });
  const operators = new OperatorsService({
    repos: deps.repos,
    clock: deps.clock,
    newId: deps.newId,
    onRevoked: deps.onRevoked,
  });
  const routeDeps: SessionRoutesDeps = {
    sessions,
    secureCookies: deps.config.publicUrl.startsWith("https://"),
    now: () => deps.clock.now(),
  };
  const guard: Pick<ApiGuardOptions, "authenticateSession" | "authorize"> = {
    async authenticateSession(request: FastifyRequest) {
      const secret = readCookie(request.headers.cookie, SESSION_COOKIE);
      return secret ? sessions.authenticate(secret) : null;
    },
    authorize(auth, request) {
      if (!auth.operator) return;
      if (!SAFE_METHODS.has(request.method)) {
        const presented = request.headers[CSRF_HEADER];
        if (
          !csrfTokenMatches(
            deps.secrets,
            auth.operator.sessionId,
            typeof presented === "string" ? presented : undefined,
          )
        ) {
          throw new ApiError(
            403,
            "csrf_failed",
            "A request with the console session must carry the session's CSRF token in X-CSRF-Token.",
          );
        }
      }
      // Unknown routes have no pattern: let them reach the 404.
      const pattern = request.routeOptions.url;
      if (pattern !== undefined) assertOperatorMay(auth, request.method, pattern);
    },
  };
  return { sessions, operators, routeDeps, guard };
}
