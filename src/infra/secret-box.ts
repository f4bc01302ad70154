import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";

/**
 * AES-256-GCM encryption of secrets at rest (integration auth_data, webhook secrets).
 * Sealed format: `v1.<iv>.<tag>.<ciphertext>`, each part base64url. The version prefix lets
 * a later key rotation recognise old values.
 */
export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
  /**
   * An HMAC-SHA256 (base64url) of `data` under a key derived from the server key for `purpose`,
   * for links Parley hands out and must recognise later (media proxy URLs).
   */
  sign(purpose: string, data: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error("SecretBox needs a 32-byte key");
  return {
    sign(purpose, data) {
      const derived = createHmac("sha256", key).update(`parley:${purpose}`).digest();
      return createHmac("sha256", derived).update(data).digest("base64url");
    },
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ["v1", iv, tag, ciphertext]
        .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
        .join(".");
    },
    open(sealed) {
      const [version, iv, tag, ciphertext] = sealed.split(".");
      if (version !== "v1" || !iv || !tag || ciphertext === undefined) throw new Error("Not a sealed secret");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, "base64url")),
        decipher.final(),
      ]).toString("utf8");
    },
  };
}
