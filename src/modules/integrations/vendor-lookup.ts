import type { z } from "zod";
import { type ErrorDetail, validationFailed } from "../../infra/errors.js";
import type { Channel } from "../../vendors/contract/channel.js";
import { type DefinedVendor, VENDORS, type VendorId, vendorOf } from "../../vendors/registry.js";

/** A vendor's channel; a vendor that carries no messages has an empty one (every capability absent). */
export function channelOf(vendor: string): Channel {
  return vendorOf(vendor).channel ?? NO_CHANNEL;
}
const NO_CHANNEL: Channel = Object.freeze({});

type Defined = DefinedVendor;
type AuthDataSchemas = { [V in VendorId]: Extract<Defined, { id: V }>["authData"] };

/** Each vendor's `auth_data` schema, as its definition declares it. */
export const authDataSchemas = Object.fromEntries(
  VENDORS.map((vendor) => [vendor.id, vendor.authData]),
) as unknown as AuthDataSchemas;

function detailOf(issue: z.core.$ZodIssue): ErrorDetail {
  const base = ["auth_data", ...issue.path.map(String)].join(".");
  if (issue.code === "unrecognized_keys") {
    return {
      path: issue.keys.map((key) => `${base}.${key}`).join(", "),
      message: `unknown field${issue.keys.length > 1 ? "s" : ""}`,
    };
  }
  return { path: base, message: issue.message };
}

/**
 * Validates auth_data against the vendor's schema; a problem is 422 `validation_failed` with
 * paths `auth_data.<field>`, the same shape the route schemas give.
 */
export function parseAuthData(vendor: string, input: unknown): Record<string, unknown> {
  const result = vendorOf(vendor).authData.safeParse(input);
  if (!result.success) throw validationFailed(result.error.issues.map(detailOf));
  return result.data;
}
