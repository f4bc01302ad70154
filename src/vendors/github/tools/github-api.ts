import type { VendorContext } from "../../contract/vendor-context.js";
import { asArray, asRecord, asString, type JsonRecord } from "../../shared/json-fields.js";
import { oauthAccessOf, toolRequest } from "../../shared/tool-http.js";

/** The REST API version Parley speaks (docs/oauth-tools.md). */
export const GITHUB_API_VERSION = "2022-11-28";
const USER_AGENT = "Parley";

/**
 * GitHub's error body: `{"message": "Validation Failed", "errors": [{"resource", "field", "code",
 * "message"?}], "documentation_url"}`; the details say which input was wrong.
 */
function githubErrorMessage(body: JsonRecord | undefined): string | undefined {
  const message = asString(body?.message);
  const details = asArray(body?.errors)
    .map((item) => {
      const error = asRecord(item);
      if (!error) return asString(item);
      return (
        asString(error.message) ??
        [asString(error.field), asString(error.code)].filter((part) => part !== undefined).join(" ")
      );
    })
    .filter((detail): detail is string => !!detail);
  return [message, ...details].filter((part) => !!part).join("; ") || undefined;
}

/** GitHub answers an exhausted (primary or secondary) rate limit with 403 as well as 429. */
function isGithubRateLimit(status: number, headers: Headers, body: JsonRecord | undefined): boolean {
  if (status !== 403) return false;
  return headers.get("x-ratelimit-remaining") === "0" || /rate limit/i.test(asString(body?.message) ?? "");
}

/** One call to the GitHub REST API with the integration's token; the answer's JSON object. */
export async function githubRequest(
  context: VendorContext<unknown>,
  call: { what: string; method: "GET" | "POST"; path: string; json?: unknown; creates?: boolean },
): Promise<JsonRecord> {
  const access = await oauthAccessOf(context, "GitHub");
  return toolRequest(context.fetch, {
    vendor: "GitHub",
    what: call.what,
    method: call.method,
    url: `${access.apiBase}${call.path}`,
    headers: {
      authorization: `Bearer ${access.accessToken}`,
      accept: "application/vnd.github+json",
      "user-agent": USER_AGENT,
      "x-github-api-version": GITHUB_API_VERSION,
    },
    json: call.json,
    token: access.accessToken,
    creates: call.creates,
    errorMessage: githubErrorMessage,
    isRateLimit: isGithubRateLimit,
  });
}
