import { transientFailure } from "../contract/channel-error.js";
import type { AdapterProfile } from "../contract/vendor-context.js";
import { asNumber, asRecord, asString } from "../shared/json-fields.js";
import { callBitrix24, oauthAccess } from "./rest-client.js";
import type { Bitrix24Context } from "./state.js";

/**
 * The Bitrix24 user who connected the portal (docs/oauth.md, "Bitrix24"): the REST method
 * `profile` → `ID`, `NAME` `LAST_NAME` (or the portal), the portal host as username,
 * `PERSONAL_PHOTO` as avatar.
 */
export async function bitrix24Profile(context: Bitrix24Context): Promise<AdapterProfile> {
  const result = asRecord(await callBitrix24(context, "profile"));
  const id = asNumber(result?.ID);
  if (!result || id === undefined) {
    throw transientFailure("vendor_unavailable", "Bitrix24's profile answer has no ID");
  }
  const portal = (await oauthAccess(context)).account.domain ?? context.authData.portal;
  const fullName = [asString(result.NAME), asString(result.LAST_NAME)].filter(Boolean).join(" ");
  const photo = asString(result.PERSONAL_PHOTO);
  return {
    id: String(id),
    name: fullName || portal,
    username: portal,
    ...(photo?.startsWith("https://") ? { avatar_url: photo } : {}),
  };
}
