import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError } from "../config-error.js";

export const SECRET_KEY_FILE = "secret.key";

/** Accepts 32 bytes as 64 hex characters or as base64 (44 characters with padding). */
export function decodeSecretKey(value: string, source = "PARLEY_SECRET_KEY"): Buffer {
  const trimmed = value.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, "hex")
    : Buffer.from(trimmed, "base64");
  if (bytes.length !== 32) {
    throw new ConfigError([
      `${source}: must be 32 bytes, as 64 hex characters or base64 (generate one with \`openssl rand -hex 32\`)`,
    ]);
  }
  return bytes;
}

/**
 * The key that encrypts secrets at rest. Taken from PARLEY_SECRET_KEY, else from
 * DATA_DIR/secret.key, which is generated (mode 0600) on the first start. Every process of
 * a cluster must share one key, so clusters set PARLEY_SECRET_KEY explicitly.
 */
export function resolveSecretKey(
  configured: string | undefined,
  dataDir: string,
): { key: Buffer; source: "env" | "file" | "generated" } {
  if (configured) return { key: decodeSecretKey(configured), source: "env" };
  const path = join(dataDir, SECRET_KEY_FILE);
  if (existsSync(path)) {
    const key = decodeSecretKey(readFileSync(path, "utf8"), path);
    return { key, source: "file" };
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(path, `${key.toString("hex")}\n`, { mode: 0o600, flag: "wx" });
  chmodSync(path, 0o600);
  return { key, source: "generated" };
}
