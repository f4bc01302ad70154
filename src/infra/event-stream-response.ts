import type { z } from "zod";

/**
 * The 200 response of a server-sent events route, as the OpenAPI document and generated
 * clients should see it: `text/event-stream` whose events' `data` is `events` (as JSON), and,
 * for a route that also answers in one piece when the client asks for it
 * (`Accept: application/json`), that JSON body as an `application/json` alternative.
 * Fastify picks the serializer by the reply's content type, so the JSON alternative is
 * serialized by its schema while the stream is written raw (infra/sse.ts).
 */
export function eventStreamResponse<
  E extends z.ZodType,
  J extends z.ZodType | undefined = undefined,
>(options: { description: string; events: E; json?: J }) {
  const stream = { "text/event-stream": { schema: options.events } };
  return {
    description: options.description,
    content: (options.json
      ? { ...stream, "application/json": { schema: options.json } }
      : stream) as J extends z.ZodType
      ? typeof stream & { "application/json": { schema: J } }
      : typeof stream,
  };
}
