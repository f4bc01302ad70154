import type { FastifyRequest } from "fastify";
import type { AuthContext } from "./auth-context.js";
import type { Clock } from "./clock.js";
import { ApiError, unauthorized } from "./errors.js";
import type { App } from "./http-types.js";
import { checkRateLimit, type RateLimitDecision, type RateLimitStore } from "./rate-limit.js";

declare module "fastify" {
  interface FastifyRequest {
    /** Set for every request that passed the API guard. */
    auth: AuthContext | null;
  }
}

export interface ApiGuardOptions {
  authenticate(secret: string): Promise<AuthContext | null>;
  bearerSecret(header: string | undefined): string | undefined;
  /** The console's session cookie, for requests without an Authorization header (docs/console.md). */
  authenticateSession?(request: FastifyRequest): Promise<AuthContext | null>;
  /** Further checks of an authenticated caller (a session's CSRF token and role); throws to refuse. */
  authorize?(auth: AuthContext, request: FastifyRequest): void;
  rateLimits: RateLimitStore;
  limits: { perKey: number; perIp: number; windowSeconds: number };
  /** Requests per window of all the keys of one project together (keys cannot multiply the budget). */
  perProject?: number;
  clock: Clock;
}

/**
 * Authentication and rate limiting for every /v1 route: an API key (Authorization: Bearer), or
 * else the console's session cookie. The key is resolved first so that a
 * valid key is counted against its own budget; requests without a valid key (missing, wrong
 * or revoked) are counted per client IP, which also slows down key guessing.
 */
export function installApiGuard(app: App, options: ApiGuardOptions): void {
  app.decorateRequest("auth", null);
  app.addHook("onRequest", async (request: FastifyRequest, reply) => {
    const secret = options.bearerSecret(request.headers.authorization);
    let auth = secret ? await options.authenticate(secret) : null;
    if (!secret && !request.headers.authorization && options.authenticateSession) {
      auth = await options.authenticateSession(request);
    }
    const now = options.clock.now().getTime();
    const window = options.limits.windowSeconds;
    const limit = auth ? options.limits.perKey : options.limits.perIp;
    let decision = await checkRateLimit(
      options.rateLimits,
      auth ? `key:${auth.keyId}` : `ip:${request.ip}`,
      limit,
      window,
      now,
    );
    let refusal = `Rate limit of ${limit} requests per ${window} s exceeded.`;
    // A request the key's own limit refused does not count against its project.
    if (auth && decision.allowed && options.perProject !== undefined) {
      const project = await checkRateLimit(
        options.rateLimits,
        `project:${auth.projectId}`,
        options.perProject,
        window,
        now,
      );
      // The headers tell the tighter of the two budgets.
      if (!project.allowed || remaining(project) < remaining(decision)) decision = project;
      refusal = `Rate limit of ${options.perProject} requests per ${window} s for the project (all its keys together) exceeded.`;
    }
    reply.headers(decision.headers);
    if (!decision.allowed) throw new ApiError(429, "rate_limited", refusal);
    if (!auth) {
      throw secret ? unauthorized("The API key is invalid or has been revoked.") : unauthorized();
    }
    options.authorize?.(auth, request);
    request.auth = auth;
  });
}

function remaining(decision: RateLimitDecision): number {
  return Number(decision.headers["ratelimit-remaining"]);
}

/** The caller of a guarded route. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
