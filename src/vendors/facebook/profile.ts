import type { AdapterProfile, VendorContext } from "../contract/vendor-context.js";
import { graphPath, graphRequest } from "../meta/graph-request.js";
import { asId, asObject, asString } from "../meta/untrusted-json.js";
import type { FacebookAuthData } from "./auth-data.js";

/**
 * The Page the token belongs to (docs/channels.md, "Messenger"): `GET /me?fields=id,name,picture`.
 * The picture URL is a signed CDN URL without a credential in it, so it is the avatar as is.
 */
export async function facebookProfile(context: VendorContext<FacebookAuthData>): Promise<AdapterProfile> {
  const page = await graphRequest(context, {
    method: "GET",
    path: graphPath("me"),
    query: { fields: "id,name,picture" },
  });
  const id = asId(page.id) ?? context.authData.page_id ?? "me";
  const profile: AdapterProfile = { id, name: asString(page.name) ?? id };
  const avatar = asString(asObject(asObject(page.picture)?.data)?.url);
  if (avatar !== undefined) profile.avatar_url = avatar;
  return profile;
}
