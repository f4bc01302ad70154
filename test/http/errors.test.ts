import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

describe("errors and request handling", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ env: { PARLEY_BODY_LIMIT_BYTES: "2048" } });
  });
  afterEach(async () => {
    await t.close();
  });

  const auth = () => ({ authorization: `Bearer ${t.adminKey}` });

  it("400 invalid_json for a body that is not JSON", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/v1/bots",
      headers: { ...auth(), "content-type": "application/json" },
      payload: "{name: 'x'",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: "invalid_json", message: expect.any(String) });
  });

  it("400 invalid_body for JSON that is not an object", async () => {
    for (const payload of ["[1,2]", '"text"', "42", "null"]) {
      const response = await t.call("POST", "/v1/bots", { body: payload });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().code).toBe("invalid_body");
    }
  });

  it("400 for a body with a content type other than JSON", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/v1/bots",
      headers: { ...auth(), "content-type": "text/plain" },
      payload: "name=x",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("unsupported_content_type");
  });

  it("400 body_required when an operation needs a body and none was sent", async () => {
    const response = await t.app.inject({ method: "POST", url: "/v1/bots", headers: auth() });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("body_required");
  });

  it("rejects prototype poisoning with a message that says so", async () => {
    const response = await t.call("POST", "/v1/bots", { body: '{"name":"x","__proto__":{"admin":true}}' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain("__proto__");
  });

  it("an over-long id is a 422 in the API's format, not a router error", async () => {
    const response = await t.call("GET", `/v1/bots/${"b".repeat(300)}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().details[0].path).toBe("params.bot_id");
  });

  it("413 payload_too_large beyond the body limit, and nothing is stored", async () => {
    const response = await t.call("POST", "/v1/bots", { body: { name: "x", description: "d".repeat(4000) } });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe("payload_too_large");
    expect((await t.call("GET", "/v1/bots")).json()).toEqual([]);
  });

  it("422 with a message and details for every invalid field", async () => {
    const response = await t.call("POST", "/v1/bots", { body: { name: 1, description: 2, extra: true } });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.code).toBe("validation_failed");
    const paths = body.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(["name", "description", "extra"]));
    expect(body.message).toContain("name");
  });

  it("404 route_not_found for unknown routes, with the error shape", async () => {
    const response = await t.call("GET", "/v1/nothing-here");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: "route_not_found",
      message: expect.stringContaining("/v1/nothing-here"),
    });
  });

  it("404 bot_not_found for an unknown id", async () => {
    const response = await t.call("GET", "/v1/bots/bot_unknown");
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe("bot_not_found");
  });

  it("500 hides internals and carries the request id", async () => {
    const failing = await createTestApp({
      beforeReady: (app) => {
        app.get("/boom", async () => {
          throw new Error("connect failed: database password is hunter2");
        });
      },
    });
    const response = await failing.app.inject({ method: "GET", url: "/boom" });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toEqual({
      code: "internal_error",
      message: expect.any(String),
      request_id: expect.any(String),
    });
    expect(response.body).not.toContain("hunter2");
    expect(response.headers["x-request-id"]).toBe(body.request_id);
    await failing.close();
  });

  it("every response has an x-request-id; a sane inbound one is kept", async () => {
    const generated = await t.call("GET", "/v1/bots");
    expect(generated.headers["x-request-id"]).toMatch(/^req_[A-Za-z0-9]{22}$/);
    const kept = await t.call("GET", "/v1/bots", { headers: { "x-request-id": "lb-1234.abc" } });
    expect(kept.headers["x-request-id"]).toBe("lb-1234.abc");
    const replaced = await t.call("GET", "/v1/bots", { headers: { "x-request-id": "bad id with spaces" } });
    expect(replaced.headers["x-request-id"]).toMatch(/^req_/);
    const unauthorized = await t.app.inject({ method: "GET", url: "/v1/bots" });
    expect(unauthorized.headers["x-request-id"]).toMatch(/^req_/);
    const missing = await t.app.inject({ method: "GET", url: "/nope" });
    expect(missing.headers["x-request-id"]).toMatch(/^req_/);
  });
});
