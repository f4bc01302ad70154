import { describe, expect, it } from "vitest";
import { generateWebhookSecret } from "./webhook-secret";

describe("generateWebhookSecret", () => {
  it("is whsec_ and 43 base64url characters (256 bits)", () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  });

  it("encodes the random bytes in base64url, without padding", () => {
    const secret = generateWebhookSecret((bytes) => bytes.fill(0xff));
    expect(secret).toBe(`whsec_${"_".repeat(42)}8`);
    expect(generateWebhookSecret((bytes) => bytes.fill(0xfb))).toContain("-");
  });

  it("differs every time", () => {
    expect(generateWebhookSecret()).not.toBe(generateWebhookSecret());
  });
});
