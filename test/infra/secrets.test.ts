import { randomBytes } from "node:crypto";
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/config.js";
import { generateApiKeySecret, hashApiKey, secretMatchesHash } from "../../src/infra/api-key-secrets.js";
import { createSecretBox } from "../../src/infra/secret-box.js";
import { decodeSecretKey, resolveSecretKey } from "../../src/infra/secret-key.js";

describe("secret key", () => {
  it("is generated into DATA_DIR once, readable only by the owner, and reused", () => {
    const dir = mkdtempSync(join(tmpdir(), "parley-key-"));
    const first = resolveSecretKey(undefined, dir);
    expect(first.source).toBe("generated");
    expect(first.key).toHaveLength(32);
    expect(statSync(join(dir, "secret.key")).mode & 0o777).toBe(0o600);
    const second = resolveSecretKey(undefined, dir);
    expect(second.source).toBe("file");
    expect(second.key.equals(first.key)).toBe(true);
  });

  it("prefers PARLEY_SECRET_KEY in hex or base64", () => {
    const key = randomBytes(32);
    expect(resolveSecretKey(key.toString("hex"), "/nonexistent").key.equals(key)).toBe(true);
    expect(decodeSecretKey(key.toString("base64")).equals(key)).toBe(true);
    expect(() => decodeSecretKey("too-short")).toThrow(ConfigError);
  });
});

describe("secret box", () => {
  it("round-trips, never contains the plaintext, and refuses tampering or another key", () => {
    const box = createSecretBox(randomBytes(32));
    const sealed = box.seal('{"token":"123:ABC"}');
    expect(sealed).not.toContain("123:ABC");
    expect(box.open(sealed)).toBe('{"token":"123:ABC"}');
    expect(box.seal("same")).not.toBe(box.seal("same"));
    const parts = sealed.split(".");
    const tampered = [...parts.slice(0, 3), `${parts[3]!.slice(0, -2)}AA`].join(".");
    expect(() => box.open(tampered)).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
  });
});

describe("API key secrets", () => {
  it("are prefixed, high-entropy and verified against their hash only", () => {
    const secrets = new Set(Array.from({ length: 200 }, generateApiKeySecret));
    expect(secrets.size).toBe(200);
    const secret = [...secrets][0]!;
    expect(secret).toMatch(/^prl_[0-9A-Za-z]{43}$/);
    const hash = hashApiKey(secret);
    expect(hash).not.toContain(secret.slice(4));
    expect(secretMatchesHash(secret, hash)).toBe(true);
    expect(secretMatchesHash(`${secret}x`, hash)).toBe(false);
    expect(secretMatchesHash(secret, "00")).toBe(false);
  });
});
