import { createHash } from "node:crypto";
import { secureEqual } from "../shared/secure-equal.js";

/**
 * T-Bank's request/notification signature (docs/billing.md, "T-Bank"): the `Token` field.
 *
 * Take the root-level scalar parameters only (nested objects and arrays such as `DATA`,
 * `Receipt` or a notification's `Data` are left out, and so is `Token` itself), add
 * `Password` (the terminal password), sort by key, concatenate the values alone and hash the
 * result with SHA-256 (UTF-8); the token is the lowercase hex digest. Booleans count as
 * `true` / `false`, numbers as their decimal text. `null` and `undefined` are left out: T-Bank's
 * own SDKs concatenate them as the empty string, which changes nothing.
 */

type Scalar = string | number | boolean;

function isScalar(value: unknown): value is Scalar {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}

/** The string that gets hashed; exported so the algorithm can be checked step by step. */
export function tbankTokenSource(params: Record<string, unknown>, password: string): string {
  const values = new Map<string, string>();
  for (const [key, value] of Object.entries(params)) {
    if (key === "Token" || key === "Password" || !isScalar(value)) continue;
    values.set(key, String(value));
  }
  values.set("Password", password);
  // Keys are ASCII identifiers, so code-unit order is T-Bank's alphabetical order.
  return [...values.keys()]
    .sort()
    .map((key) => values.get(key))
    .join("");
}

/** The `Token` for a request body or a notification (any `Token` already in `params` is ignored). */
export function tbankToken(params: Record<string, unknown>, password: string): string {
  return createHash("sha256").update(tbankTokenSource(params, password), "utf8").digest("hex");
}

/**
 * Whether `params.Token` is the token of the other fields, in either letter case. The
 * comparison takes the same time whatever was presented (`secureEqual`).
 */
export function hasValidTbankToken(params: Record<string, unknown>, password: string): boolean {
  const presented = params.Token;
  if (typeof presented !== "string") return false;
  return secureEqual(presented.toLowerCase(), tbankToken(params, password));
}
