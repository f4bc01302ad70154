import type { AdapterProfile, VendorContext } from "../contract/vendor-context.js";
import { graphPath, graphRequest } from "../meta/graph-request.js";
import { asId, asString } from "../meta/untrusted-json.js";
import type { InstagramAuthData } from "./auth-data.js";

/**
 * The Instagram professional account (docs/channels.md, "Instagram"):
 * `GET /<account_id or me>?fields=id,username,name,profile_picture_url`. The name falls back to
 * the username (many accounts set none); the picture URL carries no credential.
 */
export async function instagramProfile(context: VendorContext<InstagramAuthData>): Promise<AdapterProfile> {
  const account = await graphRequest(context, {
    method: "GET",
    path: graphPath(context.authData.account_id ?? "me"),
    query: { fields: "id,username,name,profile_picture_url" },
  });
  const id = asId(account.id) ?? context.authData.account_id ?? "me";
  const username = asString(account.username);
  const profile: AdapterProfile = { id, name: asString(account.name) ?? username ?? id };
  if (username !== undefined) profile.username = username;
  const avatar = asString(account.profile_picture_url);
  if (avatar !== undefined) profile.avatar_url = avatar;
  return profile;
}
