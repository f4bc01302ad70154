import type { AdapterProfile, VendorContext } from "../contract/vendor-context.js";
import { asString } from "../shared/json-fields.js";
import { fetchVendorJson, oauthAccessOf } from "../shared/oauth-api-request.js";

/** Where Yandex serves avatars by id (the 200-pixel size). */
const AVATAR_URL = "https://avatars.yandex.net/get-yapic";

/**
 * The Yandex user the OAuth token stands for (docs/oauth.md, "Yandex"): Yandex ID's
 * `GET /info?format=json` with `Authorization: OAuth <token>` (not Bearer) → `id`,
 * `display_name` (or `real_name`, or the login), `login` as username, and the avatar unless
 * the user has none.
 */
export async function yandexProfile(context: VendorContext<unknown>): Promise<AdapterProfile> {
  const access = await oauthAccessOf(context, "Yandex");
  const info = await fetchVendorJson(context.fetch, "Yandex", `${access.apiBase}/info?format=json`, {
    headers: { authorization: `OAuth ${access.accessToken}`, accept: "application/json" },
  });
  const id = asString(info.id);
  if (!id) throw new Error("Yandex ID's answer has no id");
  const login = asString(info.login);
  const avatarId = asString(info.default_avatar_id);
  const hasAvatar = avatarId && info.is_avatar_empty !== true;
  return {
    id,
    name: asString(info.display_name) || asString(info.real_name) || login || id,
    ...(login ? { username: login } : {}),
    ...(hasAvatar ? { avatar_url: `${AVATAR_URL}/${encodeURIComponent(avatarId)}/islands-200` } : {}),
  };
}
