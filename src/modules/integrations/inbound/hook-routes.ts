import type { App } from "../../../infra/http-types.js";
import { rawBodyScope, stringQuery } from "../../../infra/raw-body.js";
import type { InboundService } from "./inbound-service.js";

/** The public endpoint vendors post to: no API key (the adapter checks the vendor's own proof). */
export async function hookRoutes(app: App, inbound: InboundService): Promise<void> {
  await rawBodyScope(app, (scope) => {
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
