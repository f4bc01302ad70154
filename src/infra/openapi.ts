import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import type { App } from "./http-types.js";

export const API_DESCRIPTION = `Parley's public REST API. Every path is under \`/v1\` and needs
\`Authorization: Bearer <API key>\`. Errors are JSON \`{code, message, details?}\`; every POST accepts
an \`Idempotency-Key\` header. See docs/api.md in the repository for the rules in full.`;

/**
 * The OpenAPI 3.1 document is generated from the same Zod schemas that validate requests
 * and serialize responses. Routes outside /v1 are marked `hide` and stay out of it.
 */
export async function installOpenApi(app: App, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: "Parley API", version, description: API_DESCRIPTION },
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
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: "/docs",
    uiConfig: { docExpansion: "list", deepLinking: true },
  });
}
