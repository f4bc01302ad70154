import { ToolRefusal } from "../../tools/tool-refusal.js";
import { credentialsRejected } from "../contract/channel-error.js";
import type { OAuthAccess, VendorContext } from "../contract/vendor-context.js";
import { type JsonRecord, parseJsonObject } from "./json-fields.js";

/**
 * HTTP for the tools of OAuth integrations (docs/oauth-tools.md). A tool's result is read
 * by the model, so every failure becomes a sentence it can act on:
 * - 401: the token is no longer accepted → ChannelError `credentials_rejected` (the integration
 *   moves to `error`; the model is told an administrator must connect it again);
 * - 429, or a 403 the vendor marks as a rate limit → ToolRefusal "try again later";
 * - any other 4xx → ToolRefusal with the vendor's own message (validation, not found, no access);
 * - a redirect (a renamed repository) → ToolRefusal asking an administrator to check the settings;
 * - 5xx, an unreadable answer, no answer in time → ToolRefusal "try again later" (for a call
 *   that creates something: "it may have been created").
 * Messages never carry the access token (it is cut out of vendor text too).
 */

/** How long one vendor call of a tool may take: the model and the user are waiting. */
export const TOOL_REQUEST_TIMEOUT_MS = 20_000;
const MAX_VENDOR_MESSAGE_CHARS = 300;

export interface ToolRequest {
  /** The vendor's name as the model is told it: "GitHub". */
  vendor: string;
  /** What the call does, for messages: "creating the issue". */
  what: string;
  method: "GET" | "POST";
  url: string;
  headers: Record<string, string>;
  json?: unknown;
  /** The access token: never appears in a message. */
  token: string;
  /** Whether the call creates something (a lost answer may then have created it). */
  creates?: boolean;
  /** The vendor's words from an error body. */
  errorMessage(body: JsonRecord | undefined): string | undefined;
  /** Whether a non-429 error answer is the vendor's rate limit (GitHub and Google use 403). */
  isRateLimit?(status: number, headers: Headers, body: JsonRecord | undefined): boolean;
}

/** The integration's live OAuth token; a refusal when the integration has no OAuth connection. */
export async function oauthAccessOf(context: VendorContext<unknown>, vendor: string): Promise<OAuthAccess> {
  if (!context.oauth) {
    throw new ToolRefusal(
      `The ${vendor} integration is not connected; an administrator must connect it first.`,
    );
  }
  return context.oauth();
}

/** Cuts the token out of vendor text and keeps it short. */
function clean(text: string, token: string): string {
  const redacted = token ? text.split(token).join("[redacted]") : text;
  const oneLine = redacted.replace(/\s+/g, " ").trim();
  return oneLine.length > MAX_VENDOR_MESSAGE_CHARS
    ? `${oneLine.slice(0, MAX_VENDOR_MESSAGE_CHARS - 1)}…`
    : oneLine;
}

function waitHint(headers: Headers): string {
  const seconds = Number(headers.get("retry-after"));
  return Number.isFinite(seconds) && seconds > 0 ? ` (in about ${Math.ceil(seconds)} s)` : "";
}

/** Sends one call and resolves with the JSON object of a 2xx answer (`{}` when empty). */
export async function toolRequest(fetchFn: typeof fetch, request: ToolRequest): Promise<JsonRecord> {
  const mayHaveHappened = request.creates
    ? " It may have gone through: check before trying again."
    : " Try again later.";
  let response: Response;
  try {
    response = await fetchFn(request.url, {
      method: request.method,
      headers: {
        ...request.headers,
        ...(request.json !== undefined ? { "content-type": "application/json" } : {}),
      },
      body: request.json === undefined ? undefined : JSON.stringify(request.json),
      signal: AbortSignal.timeout(TOOL_REQUEST_TIMEOUT_MS),
      // A redirect (GitHub's renamed repository) would turn a POST into a GET: reported instead.
      redirect: "manual",
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    throw new ToolRefusal(
      `${request.vendor} ${timedOut ? "did not answer in time" : "could not be reached"} while ${request.what}.${mayHaveHappened}`,
    );
  }
  const text = await response.text().catch(() => "");
  const body = parseJsonObject(text);
  if (response.ok) {
    if (text.trim() === "") return {};
    if (!body) {
      throw new ToolRefusal(
        `${request.vendor} gave an unreadable answer while ${request.what}.${mayHaveHappened}`,
      );
    }
    return body;
  }
  const status = response.status;
  if (status >= 300 && status < 400) {
    throw new ToolRefusal(
      `${request.vendor} answered that the resource has moved (HTTP ${status}) while ${request.what}; an administrator should check the integration's settings.`,
    );
  }
  const vendorWords = clean(request.errorMessage(body) ?? "", request.token);
  if (status === 401) {
    throw credentialsRejected(
      "credentials_rejected",
      `${request.vendor} refused the access token (HTTP 401)${vendorWords ? `: ${vendorWords}` : ""}`,
    );
  }
  if (status === 429 || request.isRateLimit?.(status, response.headers, body)) {
    throw new ToolRefusal(
      `${request.vendor} is limiting requests right now; try again later${waitHint(response.headers)}.`,
    );
  }
  if (status >= 400 && status < 500) {
    throw new ToolRefusal(
      `${request.vendor} refused ${request.what} (HTTP ${status})${vendorWords ? `: ${vendorWords}` : "."}`,
    );
  }
  throw new ToolRefusal(
    `${request.vendor} failed while ${request.what} (HTTP ${status}).${request.creates ? mayHaveHappened : " Try again later."}`,
  );
}

/**
 * A string setting of the integration (a whole number counts as its digits); a refusal naming
 * the key when it is missing or malformed.
 */
export function stringSetting(
  settings: Record<string, unknown>,
  key: string,
  options: { integration: string; expected: string; pattern?: RegExp; fallback?: string },
): string {
  const raw = settings[key];
  // An id given as a JSON number (`"org_id": 7301234`) is read as its digits.
  const value = typeof raw === "number" && Number.isSafeInteger(raw) && raw >= 0 ? String(raw) : raw;
  if (value === undefined || value === null || value === "") {
    if (options.fallback !== undefined) return options.fallback;
    throw new ToolRefusal(
      `The ${options.integration} integration is not configured for this: an administrator must set settings.${key} (${options.expected}).`,
    );
  }
  if (typeof value !== "string" || (options.pattern && !options.pattern.test(value))) {
    throw new ToolRefusal(
      `The ${options.integration} integration's settings.${key} is not valid: it must be ${options.expected}; an administrator must fix it.`,
    );
  }
  return value;
}
