import type { VendorContext } from "../../contract/vendor-context.js";
import { asArray, asRecord, asString, type JsonRecord } from "../../shared/json-fields.js";
import { oauthAccessOf, toolRequest } from "../../shared/tool-http.js";
import type { TrackerSettings } from "./tracker-settings.js";

/** Tracker's API base when the context names none (PARLEY_YANDEX_TRACKER_API_URL's default). */
export const DEFAULT_TRACKER_API_URL = "https://api.tracker.yandex.net/v2";

/**
 * Tracker's error body: `{"errors": {"<field>": "<message>"}, "errorMessages": ["…"], "statusCode"}`
 * (docs/oauth-tools.md: the shape is unconfirmed beyond Tracker's examples).
 */
function trackerErrorMessage(body: JsonRecord | undefined): string | undefined {
  const messages = asArray(body?.errorMessages)
    .map(asString)
    .filter((message): message is string => !!message);
  const fields = Object.entries(asRecord(body?.errors) ?? {})
    .map(([field, message]) => (typeof message === "string" ? `${field}: ${message}` : undefined))
    .filter((message): message is string => !!message);
  return [...messages, ...fields].join("; ") || asString(body?.error_description) || undefined;
}

/**
 * One call to the Yandex Tracker API with the integration's token. The API base is the
 * context's `apiBaseUrl` (PARLEY_YANDEX_TRACKER_API_URL, docs/configuration.md); Tracker wants
 * `Authorization: OAuth <token>` and the organization header.
 */
export async function trackerRequest(
  context: VendorContext<unknown>,
  settings: TrackerSettings,
  call: { what: string; method: "GET" | "POST"; path: string; json?: unknown; creates?: boolean },
): Promise<JsonRecord> {
  const access = await oauthAccessOf(context, "Yandex");
  const base = context.apiBaseUrl || DEFAULT_TRACKER_API_URL;
  return toolRequest(context.fetch, {
    vendor: "Yandex Tracker",
    what: call.what,
    method: call.method,
    url: `${base}${call.path}`,
    headers: {
      authorization: `OAuth ${access.accessToken}`,
      accept: "application/json",
      [settings.orgHeader.name]: settings.orgHeader.value,
    },
    json: call.json,
    token: access.accessToken,
    creates: call.creates,
    errorMessage: trackerErrorMessage,
  });
}
