import type { AdapterProfile, VendorContext } from "../contract/vendor-context.js";
import { asNumber, asString } from "../shared/json-fields.js";
import { fetchVendorJson, oauthAccessOf } from "../shared/oauth-api-request.js";

/** GitHub asks every API client to name itself (requests without a User-Agent are refused). */
export const GITHUB_USER_AGENT = "Parley";

/**
 * The GitHub user the OAuth token stands for (docs/oauth.md, "GitHub"): `GET /user` →
 * `id`, `name` (or the login when the user set none), `login` as username, `avatar_url`.
 */
export async function githubProfile(context: VendorContext<unknown>): Promise<AdapterProfile> {
  const access = await oauthAccessOf(context, "GitHub");
  const user = await fetchVendorJson(context.fetch, "GitHub", `${access.apiBase}/user`, {
    headers: {
      authorization: `Bearer ${access.accessToken}`,
      accept: "application/vnd.github+json",
      "x-github-api-version": "2022-11-28",
      "user-agent": GITHUB_USER_AGENT,
    },
  });
  const id = asNumber(user.id);
  const login = asString(user.login);
  if (id === undefined || !login) throw new Error("GitHub's /user answer has no id or login");
  const avatar = asString(user.avatar_url);
  return {
    id: String(id),
    name: asString(user.name) || login,
    username: login,
    ...(avatar ? { avatar_url: avatar } : {}),
  };
}
