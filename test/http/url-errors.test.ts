import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

describe("URLs the router refuses", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("answer in the API's error format, without echoing the URL", async () => {
    const badEncoding = await t.call("GET", "/v1/bots/%ED%A0%80");
    expect(badEncoding.statusCode).toBe(400);
    expect(badEncoding.json()).toEqual({ code: "invalid_url", message: expect.any(String) });
    const long = "b".repeat(1100);
    const tooLong = await t.call("GET", `/v1/bots/${long}`);
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toMatchObject({ code: "uri_too_long" });
    expect(tooLong.body).not.toContain(long);
  });
});
