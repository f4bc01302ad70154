import createClient, { type Client } from "openapi-fetch";
import type { paths } from "./schema.js";

/** A typed client of the Parley API: openapi-fetch over the paths of Parley's OpenAPI document. */
export type ParleyClient = Client<paths>;

export interface ParleyClientOptions {
  /**
   * The server's root URL, e.g. `https://parley.example.com` (the paths of the document start
   * with `/v1`). The API's base URL as the docs write it, ending in `/v1`, is accepted too.
   */
  baseUrl: string;
  /** An API key (`prl_…`), sent as `Authorization: Bearer`. Keep it on servers, never in browsers. */
  apiKey: string;
  /** The fetch to use (default: the global one), e.g. to add a proxy, timeouts or logging. */
  fetch?: (input: Request) => Promise<Response>;
}

/**
 * A client whose every call is typed by Parley's OpenAPI document:
 * `client.GET("/v1/bots/{bot_id}", { params: { path: { bot_id } } })` answers `{ data, error, response }`
 * (see `unwrap` to get the data or a thrown ParleyError).
 */
export function createParleyClient(options: ParleyClientOptions): ParleyClient {
  return createClient<paths>({
    baseUrl: serverRoot(options.baseUrl),
    headers: { Authorization: `Bearer ${options.apiKey}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/** `https://host/v1/` → `https://host`: the document's paths carry `/v1` themselves. */
function serverRoot(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, "").replace(/\/v1$/, "");
}

/** Helpers take either a client made by createParleyClient or the options to make one. */
export type ClientOrOptions = ParleyClient | ParleyClientOptions;

export function clientOf(target: ClientOrOptions): ParleyClient {
  return "apiKey" in target ? createParleyClient(target) : target;
}
