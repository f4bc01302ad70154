/**
 * The console's only way to the server: the public /v1 API, authenticated by the session
 * cookie (docs/console.md). Every state-changing request carries the session's CSRF token.
 */

export interface ApiErrorDetail {
  path: string;
  message: string;
}

/** An error answered by the API (`{code, message, details?}`) or a network failure (`network_error`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ApiErrorDetail[] = [],
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** Field errors keyed by path (`ai.temperature`), for forms. */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const detail of this.details) {
      for (const path of detail.path.split(", ")) out[path] ??= detail.message;
    }
    return out;
  }
}

let csrfToken: string | null = null;
let onUnauthorized: (() => void) | null = null;

/** Set after sign-in (and from GET /v1/session); sent as X-CSRF-Token on every unsafe request. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** The session's CSRF token, for requests made outside `api` (uploads with progress). */
export function currentCsrfToken(): string | null {
  return csrfToken;
}

/** Called when a request answers 401 (the session expired or was revoked). */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** Do not call the unauthorized handler on 401 (the session probe and sign-in use this). */
  quiet401?: boolean;
}

export function apiUrl(path: string, query?: RequestOptions["query"]): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const qs = params.toString();
  return `/v1${path}${qs ? `?${qs}` : ""}`;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? "GET" : "POST");
  const headers: Record<string, string> = { accept: "application/json" };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  if (method !== "GET" && csrfToken) headers["x-csrf-token"] = csrfToken;
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: "same-origin",
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError(0, "network_error", "The server could not be reached.");
  }
  return readResponse<T>(response, options);
}

export async function readResponse<T>(response: Response, options: Pick<RequestOptions, "quiet401"> = {}) {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    const body = (parsed ?? {}) as { code?: string; message?: string; details?: ApiErrorDetail[] };
    if (response.status === 401 && !options.quiet401) onUnauthorized?.();
    throw new ApiError(
      response.status,
      body.code ?? "http_error",
      body.message ?? `The server answered ${response.status}.`,
      body.details ?? [],
    );
  }
  return parsed as T;
}
