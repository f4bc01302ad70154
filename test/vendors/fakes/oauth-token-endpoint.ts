import type { FakeAnswer, RecordedRequest } from "./loopback-server.js";

/**
 * A vendor's OAuth token endpoint as the fakes serve it for the end-to-end tests: a
 * form-encoded code exchange checked against the fake's app and the one code it issued, then
 * the vendor's token answer. Refusals are OAuth's `{"error", "error_description"}` (with HTTP
 * 200 where GitHub does so).
 */
export class FakeTokenEndpoint {
  readonly clientId = `client_${Math.random().toString(36).slice(2, 10)}`;
  readonly clientSecret = `secret_${Math.random().toString(36).slice(2, 14)}`;
  readonly code = `code_${Math.random().toString(36).slice(2, 14)}`;
  exchanges = 0;

  constructor(
    private readonly grant: () => Record<string, unknown>,
    /** GitHub answers refusals with HTTP 200. */
    private readonly refusalStatus = 400,
  ) {}

  answer(request: RecordedRequest): FakeAnswer {
    const form = Object.fromEntries(
      new URLSearchParams(typeof request.body === "string" ? request.body : ""),
    );
    if (form.client_id !== this.clientId || form.client_secret !== this.clientSecret) {
      return { status: this.refusalStatus === 200 ? 200 : 401, body: { error: "invalid_client" } };
    }
    if (form.code !== this.code || (form.grant_type && form.grant_type !== "authorization_code")) {
      return {
        status: this.refusalStatus,
        body: { error: "invalid_grant", error_description: "The code is not valid." },
      };
    }
    this.exchanges++;
    return { status: 200, body: this.grant() };
  }
}
