import type { AdapterProfile, VendorContext } from "../contract/vendor-context.js";
import { asString } from "../shared/json-fields.js";
import { fetchVendorJson, oauthAccessOf } from "../shared/oauth-api-request.js";

/**
 * The Google account the OAuth token stands for (docs/oauth.md, "Google"): OpenID userinfo
 * (`GET /oauth2/v3/userinfo` on the API base) → `sub`, `name` (or the email), the email as
 * username, `picture`.
 */
export async function googleProfile(context: VendorContext<unknown>): Promise<AdapterProfile> {
  const access = await oauthAccessOf(context, "Google");
  const info = await fetchVendorJson(context.fetch, "Google", `${access.apiBase}/oauth2/v3/userinfo`, {
    headers: { authorization: `Bearer ${access.accessToken}`, accept: "application/json" },
  });
  const sub = asString(info.sub);
  if (!sub) throw new Error("Google's userinfo answer has no sub");
  const email = asString(info.email);
  const picture = asString(info.picture);
  return {
    id: sub,
    name: asString(info.name) || email || sub,
    ...(email ? { username: email } : {}),
    ...(picture ? { avatar_url: picture } : {}),
  };
}
