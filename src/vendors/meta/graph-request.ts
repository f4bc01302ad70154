import type { VendorContext } from "../contract/vendor-context.js";
import { classifyGraphError } from "./graph-error.js";
import { type JsonObject, parseJsonObject } from "./untrusted-json.js";

/** What a Graph call needs from the channel context: the token (and the app secret, to keep it out of errors). */
export type GraphContext = Pick<
  VendorContext<{ access_token: string; app_secret?: string }>,
  "fetch" | "apiBaseUrl" | "authData"
>;

export interface GraphCall {
  method: "GET" | "POST" | "DELETE";
  /** Relative to the versioned base, built with `graphPath`. */
  path: string;
  query?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
}

/** A path from ids and edges, each segment URL-encoded (`graphPath(pageId, "messages")`). */
export function graphPath(...segments: string[]): string {
  return segments.map((segment) => encodeURIComponent(segment)).join("/");
}

/**
 * One Graph API call (docs/channels.md, "Meta"): `<apiBaseUrl>/<path>` (the base carries the
 * pinned version, e.g. `https://graph.facebook.com/v21.0`) with `Authorization: Bearer`, so the
 * token is never part of a URL. Resolves with the JSON object answered (`{}` for an empty or
 * non-JSON success); a failure throws the classified `ChannelError`. A network failure rejects
 * with fetch's own error, which the service treats as transient.
 */
export async function graphRequest(context: GraphContext, call: GraphCall): Promise<JsonObject> {
  const url = new URL(`${context.apiBaseUrl}/${call.path}`);
  for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.set(name, value);
  const headers: Record<string, string> = {
    authorization: `Bearer ${context.authData.access_token}`,
    accept: "application/json",
  };
  let body: string | undefined;
  if (call.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(call.body);
  }
  const response = await context.fetch(url, { method: call.method, headers, body });
  const parsed = parseJsonObject(await response.text());
  if (!response.ok)
    throw classifyGraphError(response.status, response.headers, parsed, graphSecrets(context));
  return parsed ?? {};
}

/** The values no error message may contain. */
export function graphSecrets(context: GraphContext): string[] {
  const { access_token, app_secret } = context.authData;
  return app_secret === undefined ? [access_token] : [access_token, app_secret];
}
