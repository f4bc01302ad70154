import type { Config } from "../../config.js";
import type { FetchLike } from "../../infra/outbound-http/guarded-fetch.js";
import { trustedOriginsFetch } from "../../infra/outbound-http/trusted-origins-fetch.js";

/** `code` of the error a vendor call to a refused address fails with. */
export const VENDOR_ADDRESS_ERROR_CODE = "EVENDORADDRESS";

/**
 * The fetch every vendor call gets (`VendorContext.fetch`, OAuth's token requests): the origins
 * of the vendors' configured API bases and OAuth hosts as they are, any other address (taken from
 * an integration's `auth_data` or an inbound webhook) through the outbound guard.
 */
export function vendorFetch(
  config: Pick<Config, "vendorApiUrls" | "oauth">,
  guarded: FetchLike,
  direct?: FetchLike,
): typeof fetch {
  return trustedOriginsFetch({ trusted: configuredOrigins(config), guarded, ...(direct ? { direct } : {}) });
}

/** Every origin of a URL the configuration holds for vendors. */
function configuredOrigins(config: Pick<Config, "vendorApiUrls" | "oauth">): string[] {
  const urls: string[] = [...Object.values(config.vendorApiUrls)];
  const collect = (value: unknown) => {
    if (typeof value === "string") urls.push(value);
    else if (value && typeof value === "object") for (const inner of Object.values(value)) collect(inner);
  };
  collect(config.oauth.endpoints);
  return urls.flatMap((url) => {
    try {
      return [new URL(url).origin];
    } catch {
      return [];
    }
  });
}
