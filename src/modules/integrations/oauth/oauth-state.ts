import { createHash, randomBytes } from "node:crypto";
import type { SecretBox } from "../../../infra/secret-box.js";
import type { OAuthStateRow } from "../../../storage/repos/oauth.repo.js";
import { secureEqual } from "../../../vendors/shared/secure-equal.js";

/** How long a consent request may take: past it the callback refuses the state. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

const PURPOSE = "oauth-state";
const STATE_FORMAT = /^([A-Za-z0-9_-]{32})\.([A-Za-z0-9_-]{43})$/;

/** What a state is bound to; the signature covers all of it. */
interface StateBinding {
  integrationId: string;
  projectId: string;
  expiresAt: string;
}

const signed = (nonce: string, binding: StateBinding) =>
  `${nonce}.${binding.integrationId}.${binding.projectId}.${binding.expiresAt}`;

export const stateHashOf = (nonce: string) => createHash("sha256").update(nonce, "utf8").digest("hex");

/**
 * A new `state` (docs/oauth.md, "The state"): 192 random bits and an HMAC-SHA256, under a key
 * derived from the server key, over them, the integration, the project and the expiry. Only the
 * SHA-256 of the random part is stored, so the database alone cannot produce a valid state.
 */
export function newState(secrets: SecretBox, binding: StateBinding): { state: string; stateHash: string } {
  const nonce = randomBytes(24).toString("base64url");
  return {
    state: `${nonce}.${secrets.sign(PURPOSE, signed(nonce, binding))}`,
    stateHash: stateHashOf(nonce),
  };
}

/** The random part and signature of a state as sent back, or undefined when it is malformed. */
export function parseState(state: string | undefined): { nonce: string; signature: string } | undefined {
  const match = STATE_FORMAT.exec(state ?? "");
  return match?.[1] && match[2] ? { nonce: match[1], signature: match[2] } : undefined;
}

/** Whether the signature is the server's over the stored binding (constant time). */
export function stateSignatureMatches(
  secrets: SecretBox,
  parsed: { nonce: string; signature: string },
  row: OAuthStateRow,
): boolean {
  const expected = secrets.sign(
    PURPOSE,
    signed(parsed.nonce, {
      integrationId: row.integration_id,
      projectId: row.project_id,
      expiresAt: row.expires_at,
    }),
  );
  return secureEqual(parsed.signature, expected);
}
