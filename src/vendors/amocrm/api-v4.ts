import { permanentFailure, transientFailure } from "../contract/channel-error.js";
import type { OAuthAccess } from "../contract/vendor-context.js";
import { amocrmHttpError } from "./errors.js";
import type { AmocrmContext } from "./state.js";

/** The account's live OAuth token and API base (docs/oauth.md); refused credentials throw `credentials_rejected`. */
export async function oauthAccess(context: AmocrmContext): Promise<OAuthAccess> {
  if (!context.oauth) {
    throw permanentFailure(
      "oauth_not_available",
      "amoCRM calls need the account's OAuth connection (docs/oauth.md)",
    );
  }
  return context.oauth();
}

/**
 * One call to the account's API v4 (`https://{subdomain}.amocrm.ru/api/v4/…`, as the OAuth token
 * exchange named it) with `Authorization: Bearer`. Resolves with the parsed answer (`{}` for an
 * empty one: amoCRM answers 204 for an empty list); throws ChannelErrors (errors.ts).
 */
export async function amocrmApiRequest(
  context: AmocrmContext,
  what: string,
  method: "GET" | "POST",
  path: string,
  json?: unknown,
  signal?: AbortSignal,
): Promise<{ access: OAuthAccess; body: unknown }> {
  const access = await oauthAccess(context);
  const headers: Record<string, string> = {
    Authorization: `Bearer ${access.accessToken}`,
    Accept: "application/json",
  };
  if (json !== undefined) headers["Content-Type"] = "application/json";
  const response = await context.fetch(`${access.apiBase}${path}`, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
    signal,
  });
  const text = await response.text();
  if (!response.ok) {
    throw amocrmHttpError({
      api: "v4",
      what,
      status: response.status,
      bodyText: text,
      retryAfter: response.headers.get("retry-after"),
    });
  }
  if (text.trim() === "") return { access, body: {} };
  try {
    return { access, body: JSON.parse(text) as unknown };
  } catch {
    throw transientFailure("vendor_unavailable", `amoCRM ${what} failed: the answer is not JSON`);
  }
}
