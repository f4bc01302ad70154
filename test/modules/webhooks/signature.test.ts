import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  buildWebhookHeaders,
  DEFAULT_WEBHOOK_USER_AGENT,
  signWebhookBody,
  verifyWebhookSignature,
} from "../../../src/modules/webhooks/delivery/signature.js";
import { generateWebhookSecret } from "../../../src/modules/webhooks/generate-secret.js";
import * as client from "../../../src/modules/webhooks/index.js";

// The vectors quoted in docs/webhooks-receiving.md: keep both in step.
const VECTOR_SECRET = "whsec_test_5c1a9e2b7d4f";
const VECTOR_BODY =
  '{"id":"evt_test_0001","type":"thread.created","created_at":"2026-11-21T10:00:00.000Z","data":{"thread_id":"thr_test_0001","chat_id":"chat_test_0001"}}';
const VECTOR_SIGNATURE = "3f30453619bb1c632035272884533c09e56f51708513fb30929f0627d25cc361";
const UTF8_BODY =
  '{"id":"evt_test_0002","type":"thread.message.created","created_at":"2026-11-21T10:00:01.000Z","data":{"thread_id":"thr_test_0001","text":"Grüße 👋"}}';
const UTF8_SIGNATURE = "db9d7f20ca84d0bd06222dc6f9b488db92bd4f0f085cdbd283a543ed0e5c3074";

describe("webhook signature", () => {
  it("matches the documented test vectors", () => {
    expect(signWebhookBody(VECTOR_SECRET, VECTOR_BODY)).toBe(VECTOR_SIGNATURE);
    expect(signWebhookBody(VECTOR_SECRET, UTF8_BODY)).toBe(UTF8_SIGNATURE);
    expect(verifyWebhookSignature(VECTOR_SECRET, VECTOR_BODY, VECTOR_SIGNATURE)).toBe(true);
    expect(verifyWebhookSignature(VECTOR_SECRET, Buffer.from(UTF8_BODY, "utf8"), UTF8_SIGNATURE)).toBe(true);
  });

  it("is the hex HMAC-SHA256 of the body's UTF-8 bytes keyed with the whole secret", () => {
    const expected = createHmac("sha256", Buffer.from(VECTOR_SECRET, "utf8"))
      .update(Buffer.from(UTF8_BODY, "utf8"))
      .digest("hex");
    expect(signWebhookBody(VECTOR_SECRET, UTF8_BODY)).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
  });

  it("rejects a changed body, another secret, and missing or malformed headers", () => {
    const changed = VECTOR_BODY.replace("thr_test_0001", "thr_test_0002");
    expect(verifyWebhookSignature(VECTOR_SECRET, changed, VECTOR_SIGNATURE)).toBe(false);
    expect(verifyWebhookSignature(`${VECTOR_SECRET}x`, VECTOR_BODY, VECTOR_SIGNATURE)).toBe(false);
    for (const header of [
      undefined,
      "",
      "zz",
      VECTOR_SIGNATURE.slice(0, 63),
      VECTOR_SIGNATURE.slice(0, 62),
      `${VECTOR_SIGNATURE}00`,
      `sha256=${VECTOR_SIGNATURE}`,
      `${VECTOR_SIGNATURE.slice(0, 63)}g`,
      "0".repeat(64),
    ]) {
      expect(verifyWebhookSignature(VECTOR_SECRET, VECTOR_BODY, header)).toBe(false);
    }
  });

  it("accepts upper-case hex and surrounding whitespace, and a header array of exactly one", () => {
    expect(verifyWebhookSignature(VECTOR_SECRET, VECTOR_BODY, VECTOR_SIGNATURE.toUpperCase())).toBe(true);
    expect(verifyWebhookSignature(VECTOR_SECRET, VECTOR_BODY, ` ${VECTOR_SIGNATURE} `)).toBe(true);
    expect(verifyWebhookSignature(VECTOR_SECRET, VECTOR_BODY, [VECTOR_SIGNATURE])).toBe(true);
    expect(verifyWebhookSignature(VECTOR_SECRET, VECTOR_BODY, [VECTOR_SIGNATURE, VECTOR_SIGNATURE])).toBe(
      false,
    );
    expect(verifyWebhookSignature(VECTOR_SECRET, VECTOR_BODY, [])).toBe(false);
  });

  it("builds the four delivery headers, the timestamp in unix seconds", () => {
    const headers = buildWebhookHeaders({
      eventId: "evt_test_0001",
      timestamp: new Date("2026-11-21T10:00:00.999Z"),
      signature: VECTOR_SIGNATURE,
    });
    expect(headers).toEqual({
      "x-service-signature": VECTOR_SIGNATURE,
      "x-service-event-id": "evt_test_0001",
      "x-service-timestamp": "1795255200",
      "user-agent": DEFAULT_WEBHOOK_USER_AGENT,
    });
    expect(DEFAULT_WEBHOOK_USER_AGENT).toMatch(/Parley/);
    const custom = buildWebhookHeaders({
      eventId: "evt_x",
      timestamp: new Date(0),
      signature: "s",
      userAgent: "Parley-Webhooks/9",
    });
    expect(custom["user-agent"]).toBe("Parley-Webhooks/9");
    expect(custom["x-service-timestamp"]).toBe("0");
  });

  it("is importable from the public client entry", () => {
    expect(client.verifyWebhookSignature).toBe(verifyWebhookSignature);
    expect(client.signWebhookBody).toBe(signWebhookBody);
    expect(client.WEBHOOK_SIGNATURE_HEADER).toBe("x-service-signature");
  });
});

describe("generateWebhookSecret", () => {
  it("is whsec_ and 32 random bytes in base64url", () => {
    const secrets = new Set(Array.from({ length: 50 }, () => generateWebhookSecret()));
    expect(secrets.size).toBe(50);
    for (const secret of secrets) {
      expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(secret.slice("whsec_".length), "base64url")).toHaveLength(32);
    }
  });
});
