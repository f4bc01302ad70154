import { z } from "zod";
import { errorBodySchema } from "./error-body.js";

/** The error statuses the API answers with (docs/api.md#status-codes). */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 502 | 503 | 504;

/**
 * A route's own error statuses, beyond the ones the rule gives it (`withErrorResponses`):
 * status → when, naming the error codes. Spread into the route's `response`:
 * `response: { 200: botSchema, ...errorResponses({ 409: "`bot_in_use`: …" }) }`. Where the
 * rule gives the same status, the document joins both descriptions, the route's first.
 */
export function errorResponses<const T extends Partial<Record<ErrorStatus, string>>>(
  extras: T,
): { [K in keyof T]: typeof errorBodySchema } {
  return Object.fromEntries(
    Object.entries(extras).map(([status, when]) => [status, errorBodySchema.describe(when as string)]),
  ) as { [K in keyof T]: typeof errorBodySchema };
}

const RULE = {
  body400:
    "The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or " +
    "`unsupported_content_type`.",
  idempotency400: "`invalid_idempotency_key`: the Idempotency-Key header is malformed.",
  401: "`unauthorized`: the API key or console session is missing, unknown or revoked.",
  403:
    "`forbidden`: the resource belongs to another project, or the key's or session's role does not allow " +
    "this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token.",
  404: "`<resource>_not_found`: a resource named in the path does not exist.",
  idempotency409:
    "`idempotency_key_reused` (the Idempotency-Key was used for another request) or " +
    "`idempotency_request_in_progress`.",
  413: "`payload_too_large`: the body is larger than the server accepts.",
  422: "`validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each.",
  429: "`rate_limited`: a rate limit is exceeded; wait Retry-After seconds.",
  500: "`internal_error`: a fault on the server; quote the `request_id`.",
  503:
    "`shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was " +
    "not free in time. Retry after Retry-After seconds.",
} as const;

/** The parts of a route schema the rule reads (Zod schemas, as the routes declare them). */
export interface RouteSchemaShape {
  body?: unknown;
  params?: unknown;
  querystring?: unknown;
  headers?: unknown;
  /** Absent: the document's security applies, i.e. the /v1 API guard (key or console session). */
  security?: unknown;
  response?: Record<string, unknown>;
}

/**
 * The error statuses every operation gets from its shape (docs/api.md#error-statuses-per-operation),
 * so a new route is documented right without listing them:
 * - every operation: 500, and 503 (new requests are refused while the server shuts down, or
 *   when SQLite's writer stays busy past PARLEY_DATABASE_BUSY_TIMEOUT_MS);
 * - under the document's security (the /v1 API guard): 401, 403, 429; a POST there also
 *   400 and 409 for its Idempotency-Key;
 * - a body: 400 (unreadable), 413 (too large), 422;
 * - path parameters: 404 (and 422); a query string or headers schema: 422.
 * What only some operations can answer (402, 502, a 404 for an id in the body, a 409 of the
 * operation's own, a public route's 401/403/429) is declared at the route with `errorResponses`.
 */
export function ruleErrorStatuses(method: string, schema: RouteSchemaShape): Map<number, string[]> {
  const statuses = new Map<number, string[]>();
  const add = (status: number, when: string) => statuses.set(status, [...(statuses.get(status) ?? []), when]);
  const guarded = schema.security === undefined;
  const post = method.toUpperCase() === "POST";
  if (schema.body) add(400, RULE.body400);
  if (guarded && post) add(400, RULE.idempotency400);
  if (guarded) {
    add(401, RULE[401]);
    add(403, RULE[403]);
  }
  if (schema.params) add(404, RULE[404]);
  if (guarded && post) add(409, RULE.idempotency409);
  if (schema.body) add(413, RULE[413]);
  if (schema.body || schema.params || schema.querystring || schema.headers) add(422, RULE[422]);
  if (guarded) add(429, RULE[429]);
  add(500, RULE[500]);
  add(503, RULE[503]);
  return statuses;
}

/**
 * The route schema with the rule's error responses added (for the OpenAPI document only: the
 * error handler sends every error body as it is). A status the route declares itself keeps
 * the route's description first, followed by the rule's.
 */
export function withErrorResponses<S extends RouteSchemaShape>(method: string, schema: S): S {
  const response: Record<string, unknown> = { ...schema.response };
  for (const [status, parts] of ruleErrorStatuses(method, schema)) {
    const declared = response[status];
    const own = declared instanceof z.ZodType ? declared.description : undefined;
    if (declared !== undefined && own === undefined) continue;
    response[status] = errorBodySchema.describe([own, ...parts].filter(Boolean).join(" "));
  }
  return { ...schema, response };
}
