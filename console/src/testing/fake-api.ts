import { vi } from "vitest";
import { jsonResponse } from "./render";

/** What a route of the fake API is handed: the parsed JSON body and the whole URL. */
export interface FakeRequest {
  body: unknown;
  url: URL;
}

/** A route answers a Response, or any value (sent as 200 JSON). */
export type FakeRoute = (request: FakeRequest) => unknown;

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Stubs fetch with routes keyed `"METHOD /v1/path"` (no query string); anything else answers
 * 404 `route_not_found`. Returns every call made, in order, for assertions on what was sent.
 */
export function stubApi(routes: Record<string, FakeRoute>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
      const url = new URL(String(input), "http://console.test");
      const method = init.method ?? "GET";
      const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: url.pathname, body });
      const route = routes[`${method} ${url.pathname}`];
      if (!route) return jsonResponse(404, { code: "route_not_found", message: `${method} ${url.pathname}` });
      const answer = await route({ body, url });
      return answer instanceof Response ? answer : jsonResponse(200, answer);
    }),
  );
  return calls;
}

/** The calls that changed something (not GET), as "METHOD path" with their bodies. */
export const writes = (calls: readonly ApiCall[]) =>
  calls.filter((call) => call.method !== "GET").map((call) => ({ ...call }));
