/**
 * One error family for the whole service. Every error a client can cause is an ApiError
 * with a stable snake_case `code`; the HTTP error handler maps it to the response body
 * `{code, message, details?}`. Anything that is not an ApiError becomes a 500.
 */
export interface ErrorDetail {
  path: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ErrorDetail[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    options: { details?: ErrorDetail[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }
}

export const badRequest = (code: string, message: string) => new ApiError(400, code, message);

export const unauthorized = (message = "A valid API key is required: send Authorization: Bearer <key>.") =>
  new ApiError(401, "unauthorized", message);

export const forbidden = (message: string) => new ApiError(403, "forbidden", message);

export const notFound = (what: string, id: string) =>
  new ApiError(404, `${what.replace(/ /g, "_")}_not_found`, `No ${what} with id '${id}' exists.`);

export const conflict = (code: string, message: string) => new ApiError(409, code, message);

export const validationFailed = (details: ErrorDetail[]) =>
  new ApiError(
    422,
    "validation_failed",
    details.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message)).join("; "),
    { details },
  );

/**
 * Resolves an owned resource or explains why not: 404 when it does not exist at all,
 * 403 when it exists in another project (docs/api.md).
 */
export function assertOwned<T extends { project_id: string }>(
  row: T | undefined,
  projectId: string,
  what: string,
  id: string,
): T {
  if (!row) throw notFound(what, id);
  if (row.project_id !== projectId) throw forbidden(`The ${what} '${id}' belongs to another project.`);
  return row;
}
