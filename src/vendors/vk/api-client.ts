import { asNumber, asRecord, asString } from "../shared/json-fields.js";
import { vkApiError, vkHttpError } from "./errors.js";
import type { VkContext } from "./state.js";

/** The API version every call names; the Callback API server is set to it too. */
export const VK_API_VERSION = "5.199";

export type VkParams = Record<string, string | number | undefined>;

/**
 * Calls one VK API method: `POST <apiBaseUrl>/method/<name>`, form-encoded (VK does not read
 * JSON bodies), with the community token and `v` in the body, so the token never appears in a
 * URL. VK answers errors with HTTP 200 and `{"error":{"error_code","error_msg"}}`; they are
 * thrown as ChannelErrors (errors.ts). Resolves with the `response` member.
 */
export async function callVk(context: VkContext, method: string, params: VkParams = {}): Promise<unknown> {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) form.set(key, String(value));
  form.set("access_token", context.authData.access_token);
  form.set("v", VK_API_VERSION);
  const response = await context.fetch(`${context.apiBaseUrl}/method/${method}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
  const text = await response.text();
  if (!response.ok) throw vkHttpError(method, response.status);
  let envelope: Record<string, unknown> | undefined;
  try {
    envelope = asRecord(JSON.parse(text));
  } catch {
    envelope = undefined;
  }
  if (!envelope) throw vkHttpError(method, response.status);
  const error = asRecord(envelope.error);
  if (error) throw vkApiError(method, asNumber(error.error_code) ?? 0, asString(error.error_msg) ?? "");
  return envelope.response;
}
