import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { type ApiGuardOptions, installApiGuard } from "../../../src/infra/api-guard.js";
import type { AuthContext } from "../../../src/infra/auth-context.js";
import { systemClock } from "../../../src/infra/clock.js";
import { installErrorHandling } from "../../../src/infra/error-handler.js";
import type { App } from "../../../src/infra/http-types.js";
import { type IdempotencyOptions, installIdempotency } from "../../../src/infra/idempotency.js";
import { installInputGuard } from "../../../src/infra/input-guard.js";
import { installJsonBodyParsing } from "../../../src/infra/json-body.js";
import { installOpenApi } from "../../../src/infra/openapi.js";
import { MemoryRateLimitStore } from "../../../src/infra/rate-limit.js";
import type { KnowledgeApi } from "../../../src/modules/knowledge/knowledge-api.js";
import { openAiMirrorRoutes } from "../../../src/modules/knowledge/openai-mirror-routes.js";
import { knowledgeRoutes } from "../../../src/modules/knowledge/routes.js";
import { bearerSecret } from "../../../src/modules/projects/authenticator.js";

export const KEY_A = "prl_test_key_project_a";
export const KEY_B = "prl_test_key_project_b";
export const PROJECT_A = "prj_a";
export const PROJECT_B = "prj_b";

export interface KnowledgeAppOptions {
  knowledge: KnowledgeApi;
  maxUploadBytes?: number;
  pollAfterMs?: number;
  /** Requests per key per window (default: plenty). */
  perKey?: number;
  /** Idempotency as on /v1 (needs a database; see routes.test.ts). */
  idempotency?: IdempotencyOptions;
  /** Project of KEY_A (default PROJECT_A). */
  projectA?: string;
}

/**
 * The app's HTTP plumbing as buildApp sets it up (JSON-only body parsing, the input guard, the
 * error handler, the Zod compilers, the OpenAPI document, the API guard on /v1), with only the
 * knowledge routes and the OpenAI mirror registered, over a given KnowledgeApi.
 */
export async function knowledgeApp(options: KnowledgeAppOptions): Promise<App> {
  const app = Fastify({
    logger: false,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 1024 },
  }).withTypeProvider() as unknown as App;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installJsonBodyParsing(app);
  installInputGuard(app);
  installErrorHandling(app);
  await installOpenApi(app, "test");

  const keys: Record<string, AuthContext> = {
    [KEY_A]: {
      keyId: "key_a",
      projectId: options.projectA ?? PROJECT_A,
      organizationId: "org_1",
      role: "admin",
    },
    [KEY_B]: { keyId: "key_b", projectId: PROJECT_B, organizationId: "org_1", role: "project" },
  };
  const guard: ApiGuardOptions = {
    authenticate: async (secret) => keys[secret] ?? null,
    bearerSecret,
    rateLimits: new MemoryRateLimitStore(),
    limits: { perKey: options.perKey ?? 100_000, perIp: 100_000, windowSeconds: 60 },
    perProject: 100_000,
    clock: systemClock,
  };
  const maxUploadBytes = options.maxUploadBytes ?? 1024 * 1024;

  await app.register(
    async (v1) => {
      const api = v1 as unknown as App;
      installApiGuard(api, guard);
      if (options.idempotency) installIdempotency(api, options.idempotency);
      await knowledgeRoutes(api, options.knowledge, { maxUploadBytes });
    },
    { prefix: "/v1" },
  );
  await openAiMirrorRoutes(app, {
    knowledge: options.knowledge,
    guard,
    maxUploadBytes,
    ...(options.pollAfterMs !== undefined ? { pollAfterMs: options.pollAfterMs } : {}),
  });
  await app.ready();
  return app;
}

/** A multipart body (what FormData sends), for app.inject. */
export async function multipart(
  parts: Array<[name: string, value: string | { filename: string; content: string | Buffer; type?: string }]>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === "string") form.append(name, value);
    else
      form.append(
        name,
        new Blob([value.content], { type: value.type ?? "application/octet-stream" }),
        value.filename,
      );
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { "content-type": response.headers.get("content-type")! },
  };
}
