import { timingSafeEqual } from "node:crypto";
import type { SecretBox } from "../../infra/secret-box.js";

const PURPOSE = "outbound-file";

/**
 * Links to a file that vendors and customers open without a key (docs/channels.md, "Files"):
 * `<PARLEY_PUBLIC_URL>/files/out/<id>?expires=<unix seconds>&sig=<HMAC>`, signed with the
 * server key over the id and the expiry, so a link can be neither forged nor extended.
 */
export function signedFileUrl(
  publicUrl: string,
  secrets: SecretBox,
  fileId: string,
  expiresAt: Date,
): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const sig = secrets.sign(PURPOSE, `${fileId}.${expires}`);
  return `${publicUrl}/files/out/${encodeURIComponent(fileId)}?expires=${expires}&sig=${sig}`;
}

/** Whether the link's signature is Parley's and it has not expired at `now`. */
export function validFileLink(
  secrets: SecretBox,
  fileId: string,
  expires: string | undefined,
  sig: string | undefined,
  now: Date,
): boolean {
  if (expires === undefined || sig === undefined || !/^\d{1,12}$/.test(expires)) return false;
  const expected = secrets.sign(PURPOSE, `${fileId}.${expires}`);
  const matches = sig.length === expected.length && timingSafeEqual(Buffer.from(sig), Buffer.from(expected));
  return matches && Number(expires) * 1000 > now.getTime();
}
