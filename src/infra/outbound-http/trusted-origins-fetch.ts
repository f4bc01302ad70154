import type { FetchLike } from "./guarded-fetch.js";

/** Redirect statuses a GET or HEAD follows, as fetch would. */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

export interface TrustedOriginsFetchOptions {
  /** Origins (`https://api.telegram.org`) the server's own configuration names: called as they are. */
  trusted: Iterable<string>;
  /** Every other address: through the outbound guard (guarded-fetch.ts). */
  guarded: FetchLike;
  /** The plain fetch for trusted origins (tests may wrap it). */
  direct?: FetchLike;
}

/**
 * A `fetch` for calls whose address may come from a user's data (docs/development.md, "Where new things go"): a vendor's configured API base and OAuth hosts are the operator's
 * choice and go out as they are, while any other address (a Bitrix24 portal named in
 * `auth_data`, an attachment URL an inbound webhook carried) goes through the guard, public
 * addresses only. The guard returns redirects as they are; a GET or HEAD follows them here, at
 * most five, each hop checked again.
 */
export function trustedOriginsFetch(options: TrustedOriginsFetchOptions): typeof fetch {
  const trusted = new Set(options.trusted);
  const direct = options.direct ?? ((input, init) => globalThis.fetch(input, init));
  const isTrusted = (url: URL) => trusted.has(url.origin);
  return async (request, requestInit) => {
    const { input, init } = await plain(request, requestInit);
    let url = new URL(input);
    if (isTrusted(url)) return direct(url, init);
    const method = (init?.method ?? "GET").toUpperCase();
    const follows = (method === "GET" || method === "HEAD") && init?.redirect !== "manual";
    for (let hop = 0; ; hop++) {
      const response = isTrusted(url) ? await direct(url, init) : await options.guarded(url, init);
      const location = response.headers.get("location");
      if (!follows || !REDIRECTS.has(response.status) || !location) return response;
      if (hop === MAX_REDIRECTS)
        throw new TypeError(`more than ${MAX_REDIRECTS} redirects from ${url.origin}`);
      await response.body?.cancel();
      url = new URL(location, url);
    }
  };
}

/** A `Request` given to fetch as the URL and init it stands for (the guard takes those). */
async function plain(
  request: string | URL | Request,
  init: RequestInit | undefined,
): Promise<{ input: string; init: RequestInit | undefined }> {
  if (!(request instanceof Request)) return { input: String(request), init };
  const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined;
  return {
    input: request.url,
    init: { method: request.method, headers: request.headers, redirect: request.redirect, body, ...init },
  };
}
