import type { FastifyRequest } from "fastify";
import type { AuthContext } from "./auth-context.js";
import type { Clock } from "./clock.js";
import { ApiError, unauthorized } from "./errors.js";
import type { App } from "./http-types.js";
import { checkRateLimit, type RateLimitStore } from "./rate-limit.js";

declare module "fastify" {
  interface FastifyRequest {
    /** Set for every request that passed the API guard. */
    auth: AuthContext | null;
  }
}

export interface ApiGuardOptions {
  authenticate(secret: string): Promise<AuthContext | null>;
  bearerSecret(header: string | undefined): string | undefined;
  rateLimits: RateLimitStore;
  limits: { perKey: number; perIp: number; windowSeconds: number };
  clock: Clock;
}

/**
 * Authentication and rate limiting for every /v1 route. The key is resolved first so that a
 * valid key is counted against its own budget; requests without a valid key (missing, wrong
 * or revoked) are counted per client IP, which also slows down key guessing.
 */
export function installApiGuard(app: App, options: ApiGuardOptions): void {
  app.decorateRequest("auth", null);
  app.addHook("onRequest", async (request: FastifyRequest, reply) => {
    const secret = options.bearerSecret(request.headers.authorization);
    const auth = secret ? await options.authenticate(secret) : null;
    const bucket = auth ? `key:${auth.keyId}` : `ip:${request.ip}`;
    const limit = auth ? options.limits.perKey : options.limits.perIp;
    const decision = await checkRateLimit(
      options.rateLimits,
      bucket,
      limit,
      options.limits.windowSeconds,
      options.clock.now().getTime(),
    );
    reply.headers(decision.headers);
    if (!decision.allowed) {
      throw new ApiError(
        429,
        "rate_limited",
        `Rate limit of ${limit} requests per ${options.limits.windowSeconds} s exceeded.`,
      );
    }
    if (!auth) {
      throw secret ? unauthorized("The API key is invalid or has been revoked.") : unauthorized();
    }
    request.auth = auth;
  });
}

/** The caller of a guarded route. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
