import type { FastifyRequest } from "fastify";
import type { ApiGuardOptions } from "../../infra/api-guard.js";
import { ApiError } from "../../infra/errors.js";
import type { SecretBox } from "../../infra/secret-box.js";
import { assertOperatorMay } from "./operator-access.js";
import { CSRF_HEADER, csrfTokenMatches, readCookie, SESSION_COOKIE } from "./session-cookie.js";
import type { SessionsService } from "./sessions-service.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * What the API guard adds for console sessions (docs/console.md): the session cookie as a second
 * way in, and for a session the CSRF check on every unsafe method and the operator role's limits.
 */
export function sessionGuard(
  sessions: SessionsService,
  secrets: SecretBox,
): Pick<ApiGuardOptions, "authenticateSession" | "authorize"> {
  return {
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
            secrets,
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
}
