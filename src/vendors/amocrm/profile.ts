import { transientFailure } from "../contract/channel-error.js";
import type { AdapterProfile } from "../contract/vendor-context.js";
import { asNumber, asRecord, asString } from "../shared/json-fields.js";
import { amocrmApiRequest } from "./api-v4.js";
import type { AmocrmContext } from "./state.js";

/**
 * The amoCRM account the OAuth token stands for (docs/oauth.md, "amoCRM"):
 * `GET /api/v4/account` → `id`, `name`, the subdomain as username.
 */
export async function amocrmProfile(context: AmocrmContext): Promise<AdapterProfile> {
  const { body } = await amocrmApiRequest(context, "reading the account", "GET", "/api/v4/account");
  const account = asRecord(body);
  const id = asNumber(account?.id);
  if (!account || id === undefined) {
    throw transientFailure("vendor_unavailable", "amoCRM's account answer has no id");
  }
  const subdomain = asString(account.subdomain);
  return {
    id: String(id),
    name: asString(account.name) || subdomain || String(id),
    ...(subdomain ? { username: subdomain } : {}),
  };
}
