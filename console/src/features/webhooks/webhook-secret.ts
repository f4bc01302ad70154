/**
 * A new signing secret for "Rotate secret", in the format Parley generates itself
 * (docs/webhooks.md): `whsec_` and 43 base64url characters (256 bits). Made in the browser so
 * it can be shown once; the API never returns a secret after it was set.
 */
export function generateWebhookSecret(
  randomBytes: (bytes: Uint8Array) => Uint8Array = defaultRandom,
): string {
  const bytes = randomBytes(new Uint8Array(32));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  const base64url = btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return `whsec_${base64url}`;
}

function defaultRandom(bytes: Uint8Array): Uint8Array {
  return crypto.getRandomValues(bytes);
}
