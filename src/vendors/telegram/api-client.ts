import { permanentFailure, transientFailure } from "../contract/channel-error.js";
import type { TelegramContext } from "./context.js";
import { classifyTelegramError, type TelegramErrorEnvelope } from "./errors.js";
import { redactToken } from "./redact-token.js";

/**
 * The Bot API over `context.fetch` (docs/channels.md): `POST <apiBaseUrl>/bot<token>/<method>`
 * with a JSON body, answered `{"ok":true,"result":…}` or an error envelope that is classified
 * into a ChannelError. Files are downloaded from `<apiBaseUrl>/file/bot<token>/<file_path>`.
 * The token never leaves the URL: errors quote the method name and Telegram's description only.
 */

/** A call that hangs must not hold a job forever. */
const CALL_TIMEOUT_MS = 30_000;
/** Downloads are up to 20 MB through the Bot API, uploads up to 50 MB. */
const DOWNLOAD_TIMEOUT_MS = 120_000;

async function request(
  context: TelegramContext,
  label: string,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<Response> {
  try {
    return await context.fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw transientFailure(
      "vendor_unreachable",
      `Telegram ${label}: ${redactToken(reason, context.authData.token)}`,
    );
  }
}

function asEnvelope(value: unknown): TelegramErrorEnvelope & { ok?: unknown; result?: unknown } {
  return typeof value === "object" && value !== null ? (value as TelegramErrorEnvelope) : {};
}

/** Calls one Bot API method and resolves with its `result` (unchecked: callers validate its shape). */
export async function callTelegram(
  context: TelegramContext,
  method: string,
  params: Record<string, unknown> = {},
): Promise<unknown> {
  const { token } = context.authData;
  const response = await request(
    context,
    method,
    `${context.apiBaseUrl}/bot${token}/${method}`,
    { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(params) },
    CALL_TIMEOUT_MS,
  );
  return resultOf(context, method, response);
}

/**
 * Calls a method with a `multipart/form-data` body: how files are uploaded (sendPhoto,
 * sendDocument); fetch writes the boundary. Given the upload time of a file of up to 50 MB.
 */
export async function callTelegramForm(
  context: TelegramContext,
  method: string,
  form: FormData,
): Promise<unknown> {
  const response = await request(
    context,
    method,
    `${context.apiBaseUrl}/bot${context.authData.token}/${method}`,
    { method: "POST", body: form },
    DOWNLOAD_TIMEOUT_MS,
  );
  return resultOf(context, method, response);
}

/** The `result` of a Bot API answer, or its error classified. */
async function resultOf(context: TelegramContext, method: string, response: Response): Promise<unknown> {
  const { token } = context.authData;
  const raw = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const envelope = asEnvelope(parsed);
  if (response.ok && envelope.ok === true) return envelope.result;
  if (response.ok && parsed === undefined) {
    throw transientFailure("unexpected_response", `Telegram ${method}: the answer was not JSON`);
  }
  const description =
    typeof envelope.description === "string" ? redactToken(envelope.description, token) : undefined;
  throw classifyTelegramError(method, response.status, {
    ...(typeof envelope.error_code === "number" ? { error_code: envelope.error_code } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(typeof envelope.parameters === "object" && envelope.parameters !== null
      ? { parameters: envelope.parameters }
      : {}),
  });
}

/** Downloads a file by the `file_path` that `getFile` returned. */
export async function downloadTelegramFile(
  context: TelegramContext,
  filePath: string,
): Promise<{ bytes: Uint8Array; contentType: string | undefined }> {
  const path = filePath.split("/").map(encodeURIComponent).join("/");
  const response = await request(
    context,
    "file download",
    `${context.apiBaseUrl}/file/bot${context.authData.token}/${path}`,
    { method: "GET" },
    DOWNLOAD_TIMEOUT_MS,
  );
  if (!response.ok) {
    await response.body?.cancel();
    // A 404 here is a missing or expired file, not a bad token: getFile has just accepted it.
    if (response.status === 404)
      throw permanentFailure("file_not_found", "Telegram file download: Not Found");
    throw classifyTelegramError("file download", response.status, { description: `HTTP ${response.status}` });
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { bytes, contentType: response.headers.get("content-type") ?? undefined };
}
