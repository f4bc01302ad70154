import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ApiError } from "./errors.js";
import type { App } from "./http-types.js";

/**
 * Errors in OpenAI's format, for the OpenAI-compatible routes under `/openai/v1` (their
 * official clients read `error.message`, `type`, `param` and `code`, and choose the exception
 * class by the status alone). Parley's own errors (ApiError, the schemas' validation errors,
 * Fastify's client errors) are translated:
 *
 * - 422 becomes 400 (OpenAI answers every invalid request with 400), `param` naming the field;
 * - 403 (a resource of another project) becomes 404, without saying that it exists;
 * - 401 is `invalid_request_error` / `invalid_api_key`, 429 `requests` / `rate_limit_exceeded`,
 *   5xx `server_error`, as OpenAI sends them; every other 4xx is `invalid_request_error`.
 */
export interface OpenAiErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

export interface OpenAiError {
  status: number;
  body: OpenAiErrorBody;
  headers: Record<string, string>;
}

function typeOf(status: number): string {
  if (status === 429) return "requests";
  if (status >= 500) return "server_error";
  return "invalid_request_error";
}

function body(status: number, message: string, code: string | null, param: string | null = null) {
  return { error: { message, type: typeOf(status), param, code } };
}

/** An ApiError (thrown by a service, a guard or a hook) in OpenAI's format. */
export function fromApiError(error: ApiError): OpenAiError {
  const headers = { ...error.headers };
  if (error.status === 403 && error.code === "forbidden") {
    return { status: 404, body: body(404, "No such object in this project.", "not_found"), headers };
  }
  if (error.status === 401) {
    return { status: 401, body: body(401, error.message, "invalid_api_key"), headers };
  }
  if (error.status === 429) {
    return { status: 429, body: body(429, error.message, "rate_limit_exceeded"), headers };
  }
  if (error.status === 422) {
    const first = error.details?.[0];
    return {
      status: 400,
      body: body(400, error.message, error.code, first?.path ? first.path : null),
      headers,
    };
  }
  // The official clients retry a 409 (lock timeouts); an idempotency conflict is not worth it.
  if (error.status === 409 && error.code !== "idempotency_request_in_progress")
    headers["x-should-retry"] = "false";
  // `No vector_store with id 'vs_1' exists.` reads `No vector store with id 'vs_1' exists.`
  const message = error.message.replace(
    /^No (\w+) with id/,
    (_, what: string) => `No ${what.replace(/_/g, " ")} with id`,
  );
  return { status: error.status, body: body(error.status, message, error.code), headers };
}

/** A field as OpenAI names it in `param`: the bare path, whether in the body, the query or the path. */
function pathOf(instancePath: string): string {
  return instancePath.replace(/^\//, "").replace(/\//g, ".");
}

/** The schemas' validation errors: the first problem, as OpenAI names it. */
function fromValidation(error: FastifyError, request: FastifyRequest): OpenAiError {
  const context = error.validationContext ?? "body";
  if (context === "body" && (request.body === undefined || request.body === null)) {
    return {
      status: 400,
      body: body(400, "This operation needs a JSON object body.", "body_required"),
      headers: {},
    };
  }
  const issue = error.validation?.[0];
  const base = pathOf(issue?.instancePath ?? "");
  const params = issue?.params as { keys?: string[]; input?: unknown } | undefined;
  if (issue?.keyword === "unrecognized_keys" && params?.keys?.length) {
    const name = [base, params.keys[0]].filter(Boolean).join(".");
    return {
      status: 400,
      body: body(400, `Unknown parameter: '${name}'.`, "unknown_parameter", name),
      headers: {},
    };
  }
  const missing = issue?.keyword === "invalid_type" && /received undefined/.test(issue.message ?? "");
  if (missing) {
    return {
      status: 400,
      body: body(400, `Missing required parameter: '${base}'.`, "missing_required_parameter", base),
      headers: {},
    };
  }
  return {
    status: 400,
    body: body(
      400,
      `Invalid '${base}': ${issue?.message ?? "invalid value"}.`,
      "invalid_value",
      base || null,
    ),
    headers: {},
  };
}

/** Fastify's own client errors (body parsing, content type, size). */
function fromFastify(error: FastifyError): OpenAiError | undefined {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return {
        status: 400,
        body: body(
          400,
          "Send the body as JSON (or multipart/form-data for uploads).",
          "unsupported_content_type",
        ),
        headers: {},
      };
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return {
        status: 413,
        body: body(413, "The request body is larger than this server accepts.", "payload_too_large"),
        headers: {},
      };
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return {
        status: 400,
        body: body(400, "We could not parse the JSON body of your request.", "invalid_json"),
        headers: {},
      };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500)
    return { status, body: body(status, error.message, "bad_request"), headers: {} };
  return undefined;
}

/** Any error, as the OpenAI-compatible routes answer it; unknown errors are 500s that leak nothing. */
export function toOpenAiError(error: unknown, request: FastifyRequest): OpenAiError {
  if (error instanceof ApiError) return fromApiError(error);
  if (hasZodFastifySchemaValidationErrors(error)) return fromValidation(error as FastifyError, request);
  const mapped = fromFastify(error as FastifyError);
  if (mapped) return mapped;
  request.log.error({ err: error }, "unhandled error");
  return {
    status: 500,
    body: body(
      500,
      `The server had an error processing your request (request id ${request.id}).`,
      "internal_error",
    ),
    headers: {},
  };
}

export function sendOpenAiError(reply: FastifyReply, error: OpenAiError): FastifyReply {
  return reply.code(error.status).headers(error.headers).send(error.body);
}

/**
 * Installs OpenAI's error format in a plugin scope registered with a prefix: its error handler
 * and its not-found handler (an unknown path under the prefix is OpenAI's `Invalid URL` 404).
 * Parley's own handlers stay in force everywhere else.
 */
export function installOpenAiErrorFormat(scope: App): void {
  scope.setErrorHandler((error, request, reply) => sendOpenAiError(reply, toOpenAiError(error, request)));
  scope.setNotFoundHandler((request, reply) =>
    sendOpenAiError(reply, {
      status: 404,
      body: body(404, `Invalid URL (${request.method} ${request.url.split("?")[0]})`, null),
      headers: {},
    }),
  );
}
