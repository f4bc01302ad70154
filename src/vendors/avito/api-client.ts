import { transientFailure } from "../contract/channel-error.js";
import { type AccessToken, cachedAccessToken, requestAccessToken } from "./access-token.js";
import { avitoHttpError } from "./errors.js";
import type { AvitoContext } from "./state.js";

/** A request's body: JSON, or a form fetch encodes as `multipart/form-data` (its content type too). */
type Body = { json: unknown } | { form: FormData };

/**
 * Calls to the Avito API for one adapter call (docs/channels.md, "Avito"): JSON with
 * `Authorization: Bearer <token>`. The token is the cached one while it is valid, else a new
 * one. When Avito answers 401 or 403 to a cached token (revoked early, or rotated by another
 * client with the same credentials), a new token is fetched once and the call repeated; a
 * refusal after that is `credentials_rejected`. `upload` posts `multipart/form-data` the same way
 * (uploadImages).
 */
export class AvitoApiClient {
  private token: AccessToken | undefined;
  private tokenIsFresh = false;

  constructor(private readonly context: AvitoContext) {
    this.token = cachedAccessToken(context);
  }

  /** Resolves with the parsed JSON answer (`{}` for an empty one); throws ChannelErrors. */
  async request(what: string, method: "GET" | "POST", path: string, json?: unknown): Promise<unknown> {
    return this.answer(what, method, path, json === undefined ? undefined : { json });
  }

  /** A `multipart/form-data` POST (the form is encoded by fetch, with its boundary); as `request`. */
  async upload(what: string, path: string, form: FormData): Promise<unknown> {
    return this.answer(what, "POST", path, { form });
  }

  private async answer(what: string, method: "GET" | "POST", path: string, body?: Body): Promise<unknown> {
    let response = await this.call(method, path, body, await this.bearer());
    if ((response.status === 401 || response.status === 403) && !this.tokenIsFresh) {
      await response.body?.cancel();
      response = await this.call(method, path, body, await this.renewToken());
    }
    const text = await response.text();
    if (!response.ok) throw avitoHttpError(what, response.status, text, response.headers.get("retry-after"));
    if (text.trim() === "") return {};
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw transientFailure("vendor_unavailable", `Avito ${what} failed: the answer is not JSON`);
    }
  }

  private async bearer(): Promise<string> {
    return this.token ? this.token.value : this.renewToken();
  }

  private async renewToken(): Promise<string> {
    this.token = await requestAccessToken(this.context);
    this.tokenIsFresh = true;
    return this.token.value;
  }

  private call(
    method: "GET" | "POST",
    path: string,
    body: Body | undefined,
    token: string,
  ): Promise<Response> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: "application/json" };
    if (body && "json" in body) headers["content-type"] = "application/json";
    return this.context.fetch(`${this.context.apiBaseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : "json" in body ? JSON.stringify(body.json) : body.form,
    });
  }
}
