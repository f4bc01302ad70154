import type { AdapterProfile, VendorContext } from "../contract/vendor-context.js";
import { graphPath, graphRequest } from "../meta/graph-request.js";
import { asArray, asId, asObject, asString } from "../meta/untrusted-json.js";
import type { WhatsappAuthData } from "./auth-data.js";

/**
 * The business phone number the credentials send from (docs/channels.md, "WhatsApp"): its id,
 * verified business name and display number. The business profile's picture is the avatar;
 * reading it is best effort (a token without that permission still has a working channel).
 */
export async function whatsappProfile(context: VendorContext<WhatsappAuthData>): Promise<AdapterProfile> {
  const phoneNumberId = context.authData.phone_number_id;
  const node = await graphRequest(context, {
    method: "GET",
    path: graphPath(phoneNumberId),
    query: { fields: "id,display_phone_number,verified_name" },
  });
  const id = asId(node.id) ?? phoneNumberId;
  const username = asString(node.display_phone_number);
  const profile: AdapterProfile = { id, name: asString(node.verified_name) ?? username ?? id };
  if (username !== undefined) profile.username = username;
  const avatar = await profilePictureUrl(context).catch(() => undefined);
  if (avatar !== undefined) profile.avatar_url = avatar;
  return profile;
}

async function profilePictureUrl(context: VendorContext<WhatsappAuthData>): Promise<string | undefined> {
  const result = await graphRequest(context, {
    method: "GET",
    path: graphPath(context.authData.phone_number_id, "whatsapp_business_profile"),
    query: { fields: "profile_picture_url" },
  });
  return asString(asObject(asArray(result.data)[0])?.profile_picture_url);
}
