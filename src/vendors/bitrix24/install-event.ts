import { isIP } from "node:net";
import { asRecord, asString, type JsonRecord, parseJsonObject } from "../shared/json-fields.js";
import { secureEqual } from "../shared/secure-equal.js";
import type { Bitrix24Context } from "./state.js";

/** How long the portal may take to confirm an installation event's token. */
const INSTALL_CHECK_TIMEOUT_MS = 10_000;

/**
 * The portal's REST base for checking an installation event: the configured Bitrix24 API URL
 * when the operator set one (a proxy, a test fake), else `https://{portal}/rest` from
 * auth_data. Never an address the event itself names; undefined for a portal that is an address
 * literal or localhost.
 */
export function portalRestBase(context: Bitrix24Context): string | undefined {
  const configured = context.apiBaseUrl.replace(/\/+$/, "");
  if (configured !== "") return configured;
  // A portal is a cloud or on-premise host name; an address literal or localhost in auth_data
  // would point Parley's calls at its own network (only the operator may configure that).
  const portal = context.authData.portal.toLowerCase();
  if (isIP(portal) !== 0 || portal === "localhost" || portal.endsWith(".localhost")) return undefined;
  return `https://${portal}/rest`;
}

/**
 * Whether an `ONAPPINSTALL` event really comes from the integration's portal, as Bitrix24
 * advises (docs/channels.md, "Bitrix24"): Bitrix24 signs nothing, but the event carries the
 * installing user's access token, so the portal is asked (`app.info` with that token, on the
 * portal named in auth_data, never on an address from the event) and must accept it; the
 * event's `domain` must be that portal, and an application token pinned in auth_data must be
 * the one the event carries. Resolves with the token and the portal id to remember, or
 * undefined when the event does not verify.
 */
export async function verifyInstallEvent(
  context: Bitrix24Context,
  auth: JsonRecord,
): Promise<{ applicationToken: string; memberId: string } | undefined> {
  const applicationToken = asString(auth.application_token);
  const accessToken = asString(auth.access_token);
  const memberId = asString(auth.member_id);
  const domain = asString(auth.domain);
  if (!applicationToken || !accessToken || !memberId || !domain) return undefined;
  if (domain.toLowerCase() !== context.authData.portal.toLowerCase()) return undefined;
  const pinned = context.authData.application_token;
  if (pinned !== undefined && !secureEqual(applicationToken, pinned)) return undefined;

  const base = portalRestBase(context);
  if (!base) return undefined;
  let response: Response;
  try {
    response = await context.fetch(`${base}/app.info.json`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ auth: accessToken }),
      // The hook answers only after this: a portal that does not answer must not hold it long.
      signal: AbortSignal.timeout(INSTALL_CHECK_TIMEOUT_MS),
    });
  } catch {
    return undefined;
  }
  const body = parseJsonObject(await response.text());
  if (!response.ok || body?.error !== undefined || !asRecord(body?.result)) return undefined;
  return { applicationToken, memberId };
}
