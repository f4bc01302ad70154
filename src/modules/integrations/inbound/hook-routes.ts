import type { App } from "../../../infra/http-types.js";
import type { InboundService } from "./inbound-service.js";

/**
 * The public endpoint vendors post to: no API key (the adapter checks the vendor's own proof).
 * Its own plugin scope takes any content type as raw text, since signatures are computed over
 * the exact bytes and vendors send JSON, forms or text.
 */
export async function hookRoutes(app: App, inbound: InboundService): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => done(null, body));
    scope.route({
      method: ["GET", "POST"],
      url: "/hooks/:vendor/:integration_id",
      schema: { hide: true },
      handler: async (request, reply) => {
        const params = request.params as { vendor: string; integration_id: string };
        const answer = await inbound.handle(params.vendor, params.integration_id, {
          method: request.method,
          headers: request.headers,
          rawBody: typeof request.body === "string" ? request.body : "",
          query: stringQuery(request.query),
        });
        return reply.code(answer.status).type(answer.contentType).send(answer.body);
      },
    });
  });
}

function stringQuery(query: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (typeof value === "string") result[key] = value;
    else if (Array.isArray(value) && typeof value[0] === "string") result[key] = value[0];
  }
  return result;
}
