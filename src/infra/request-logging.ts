import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

/**
 * Requests for files, not for the API: the console's page and assets, the widget's script, the
 * favicon, and `/` (a redirect to the console). A browser fetches a dozen at each visit.
 */
export function isStaticFileRequest(url: string): boolean {
  const path = url.split("?", 1)[0] ?? url;
  return (
    path === "/" ||
    path === "/favicon.ico" ||
    path === "/widget.js" ||
    path === "/console" ||
    path.startsWith("/console/")
  );
}

/**
 * Fastify's request lines (`incoming request`, `request completed`) for every API request, as
 * before; a static file gets one `debug` line instead (`static file served`), so opening the
 * console does not fill the log at `info` (docs/operations.md, "Logs"). A static file that fails
 * with an error is still logged as Fastify logs any request that errs.
 */
export class StaticQuietLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (isStaticFileRequest(request.url)) return;
    super.incomingRequest(request, reply);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (!error && isStaticFileRequest(request.url)) {
      reply.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, "static file served");
      return;
    }
    super.requestCompleted(error, request, reply);
  }
}
