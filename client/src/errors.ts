/** One problem with one field, as a `validation_failed` error lists them. */
export interface ParleyErrorDetail {
  path: string;
  message: string;
}

/**
 * An error answered by Parley (`{code, message, details?, request_id?}`, docs/api.md#errors), or
 * an `error` event that ended a reply stream (then `status` is the stream's 200). Branch on
 * `code` and `status`, never on `message`. Codes the client itself produces:
 * `unexpected_response` (an answer that is not Parley's: a proxy's error page, a body that is
 * not JSON) and `stream_interrupted` (a reply stream that ended without `finish` or `error`).
 */
export class ParleyError extends Error {
  override readonly name = "ParleyError";
  readonly status: number;
  readonly code: string;
  readonly details: ParleyErrorDetail[] | undefined;
  /** The body's `request_id` (on 500s), else the response's `x-request-id`: quote it in reports. */
  readonly request_id: string | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    details?: ParleyErrorDetail[] | undefined;
    request_id?: string | undefined;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.request_id = init.request_id;
  }

  /** The error a failed response stands for; `body` is what openapi-fetch read from it (`error`). */
  static fromResponse(response: Response, body: unknown): ParleyError {
    const requestId = response.headers.get("x-request-id") ?? undefined;
    if (isErrorBody(body)) {
      return new ParleyError({
        status: response.status,
        code: body.code,
        message: body.message,
        details: Array.isArray(body.details) ? body.details : undefined,
        request_id: typeof body.request_id === "string" ? body.request_id : requestId,
      });
    }
    const text = typeof body === "string" ? body.slice(0, 200) : "";
    return new ParleyError({
      status: response.status,
      code: "unexpected_response",
      message: `HTTP ${response.status}${text ? `: ${text}` : ""}`,
      request_id: requestId,
    });
  }
}

function isErrorBody(
  body: unknown,
): body is { code: string; message: string; details?: ParleyErrorDetail[]; request_id?: unknown } {
  if (typeof body !== "object" || body === null) return false;
  const { code, message } = body as Record<string, unknown>;
  return typeof code === "string" && typeof message === "string";
}

/** What every openapi-fetch call answers. */
export interface FetchResult<Data> {
  data?: Data;
  error?: unknown;
  response: Response;
}

/**
 * The data of a successful openapi-fetch call, or a thrown ParleyError for a failed one:
 * `const bot = await unwrap(client.GET("/v1/bots/{bot_id}", …))`.
 */
export async function unwrap<Data>(result: FetchResult<Data> | Promise<FetchResult<Data>>): Promise<Data> {
  const { data, error, response } = await result;
  if (!response.ok) throw ParleyError.fromResponse(response, error);
  return data as Data;
}
