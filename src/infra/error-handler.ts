import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { DatabaseBusyError } from "../storage/database-busy-error.js";
import type { ErrorBody } from "./error-body.js";
import { ApiError, type ErrorDetail } from "./errors.js";
import type { App } from "./http-types.js";

function pathOf(instancePath: string): string {
  return instancePath.replace(/^\//, "").replace(/\//g, ".");
}

/** Zod issues from the type provider, as the API's 422 (or 400 when there is no body at all). */
function fromValidation(error: FastifyError, request: FastifyRequest): ApiError {
  const context = error.validationContext ?? "body";
  if (context === "body" && (request.body === undefined || request.body === null)) {
    return new ApiError(400, "body_required", "This operation needs a JSON object body.");
  }
  const details: ErrorDetail[] = (error.validation ?? []).map((issue) => {
    const params = issue.params as { keys?: string[] } | undefined;
    const base = pathOf(issue.instancePath);
    if (issue.keyword === "unrecognized_keys" && params?.keys?.length) {
      return {
        path: params.keys.map((key) => (base ? `${base}.${key}` : key)).join(", "),
        message: `unknown field${params.keys.length > 1 ? "s" : ""}`,
      };
    }
    const where =
      context === "body"
        ? base
        : [context === "querystring" ? "query" : context, base].filter(Boolean).join(".");
    return { path: where, message: issue.message ?? "invalid" };
  });
  return new ApiError(
    422,
    "validation_failed",
    details.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message)).join("; "),
    { details },
  );
}

/** Fastify's own client errors (body parsing, content type, size) in the API's vocabulary. */
function fromFastify(error: FastifyError): ApiError | undefined {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return new ApiError(
        400,
        "unsupported_content_type",
        "Send the body as JSON with Content-Type: application/json.",
      );
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new ApiError(413, "payload_too_large", "The request body is larger than this server accepts.");
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return new ApiError(400, "invalid_json", "The body is not valid JSON.");
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return new ApiError(status, "bad_request", error.message);
  return undefined;
}

/** SQLite's writer was not free in time (docs/operations.md, "Database busy"): the client retries. */
function databaseBusy(error: DatabaseBusyError): ApiError {
  return new ApiError(
    503,
    "database_busy",
    `The database is busy: this request could not get it in time. Retry after ${error.retryAfterSeconds} s.`,
    { headers: { "retry-after": String(error.retryAfterSeconds) } },
  );
}

export function sendError(reply: FastifyReply, error: ApiError, requestId?: string): FastifyReply {
  const body: ErrorBody = { code: error.code, message: error.message };
  if (error.details) body.details = error.details;
  if (requestId) body.request_id = requestId;
  return reply.code(error.status).headers(error.headers).send(body);
}

/** The single place where errors become HTTP responses; unknown errors never leak internals. */
export function installErrorHandling(app: App): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) return sendError(reply, error);
    if (error instanceof DatabaseBusyError) {
      request.log.warn({ err: error }, "database busy");
      return sendError(reply, databaseBusy(error));
    }
    if (hasZodFastifySchemaValidationErrors(error)) return sendError(reply, fromValidation(error, request));
    const mapped = fromFastify(error);
    if (mapped) return sendError(reply, mapped);
    request.log.error({ err: error }, "unhandled error");
    return sendError(
      reply,
      new ApiError(
        500,
        "internal_error",
        "Something went wrong on our side. Quote the request_id when reporting it.",
      ),
      request.id,
    );
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(
      reply,
      new ApiError(404, "route_not_found", `No route ${request.method} ${request.url.split("?")[0]}.`),
    ),
  );
}
