import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { type RouteSchemaShape, withErrorResponses } from "./error-responses.js";
import type { App } from "./http-types.js";
import { withoutUnusedSchemas } from "./openapi-components.js";

export const API_DESCRIPTION = `Parley's public REST API. Every path is under \`/v1\` and needs
\`Authorization: Bearer <API key>\`. Errors are JSON \`{code, message, details?}\`; every POST accepts
an \`Idempotency-Key\` header. See docs/api.md in the repository for the rules in full.`;

export interface OpenApiOptions {
  /** The requests Parley sends to its clients (OpenAPI 3.1 `webhooks`), by name. */
  webhooks?: Record<string, unknown>;
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The OpenAPI 3.1 document is generated from the same Zod schemas that validate requests
 * and serialize responses. Routes outside /v1 are marked `hide` and stay out of it. Every
 * operation has an `operationId` (set at the route; renaming one is a breaking change), its
 * error statuses by the rule of `withErrorResponses` plus the route's own, and the document
 * keeps only the component schemas it references (docs/api.md#the-openapi-document).
 */
export async function installOpenApi(app: App, version: string, options: OpenApiOptions = {}): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Parley API",
        version,
        description: API_DESCRIPTION,
        license: { name: "MIT", identifier: "MIT" },
      },
      // Relative: the server that serves the document (resolved against its URL), so the same
      // document is right behind any proxy or public URL; clients set their own base URL.
      servers: [{ url: "/", description: "The server that serves this document." }],
      ...(options.webhooks ? { webhooks: options.webhooks } : {}),
      components: {
        securitySchemes: {
          bearerAuth: { type: "http", scheme: "bearer", description: "An API key: `prl_…`." },
          visitorToken: {
            type: "http",
            scheme: "bearer",
            description:
              "A web widget visitor token (`pvt_…`, from POST /widget/v1/chats/:chat_id/sessions).",
          },
          consoleSession: {
            type: "apiKey",
            in: "cookie",
            name: "parley_session",
            description:
              "A console session (POST /v1/sessions). Requests other than GET must also send the session's " +
              "`csrf_token` as `X-CSRF-Token`; the role `operator` may use thread routes only (docs/console.md).",
          },
        },
      },
      security: [{ bearerAuth: [] }, { consoleSession: [] }],
    },
    transform: (input: TransformInput) => jsonSchemaTransform(withRuleErrors(input)),
    transformObject: (input) => withoutUnusedSchemas(jsonSchemaTransformObject(input)),
  });
  await app.register(swaggerUi, {
    routePrefix: "/docs",
    uiConfig: { docExpansion: "list", deepLinking: true },
  });
}

/** Adds the error statuses of the rule (infra/error-responses.ts) to a documented route. */
function withRuleErrors(input: TransformInput): TransformInput {
  const schema = input.schema as (RouteSchemaShape & { hide?: boolean }) | undefined;
  const method = input.route.method;
  if (!schema || schema.hide || typeof method !== "string") return input;
  return { ...input, schema: withErrorResponses(method, schema) as TransformInput["schema"] };
}
