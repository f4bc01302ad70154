import { afterEach, describe, expect, it } from "vitest";
import { ToolRefusal } from "../../src/tools/tool-refusal.js";
import { asString } from "../../src/vendors/shared/json-fields.js";
import { type ToolRequest, toolRequest } from "../../src/vendors/shared/tool-http.js";
import { type FakeAnswer, LoopbackServer } from "./fakes/loopback-server.js";
import { failureOf } from "./oauth-tool-context.js";

const TOKEN = "tok_abcdefghijklmnop";
let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function callWith(answer: FakeAnswer, overrides: Partial<ToolRequest> = {}) {
  server = await LoopbackServer.start(() => answer);
  return toolRequest(globalThis.fetch, {
    vendor: "Vendor",
    what: "creating the thing",
    method: "POST",
    url: `${server.baseUrl}/things`,
    headers: { authorization: `Bearer ${TOKEN}` },
    json: { a: 1 },
    token: TOKEN,
    creates: true,
    errorMessage: (body) => asString(body?.message),
    ...overrides,
  });
}

describe("tool HTTP", () => {
  it("sends JSON and resolves with the answer's object (an empty answer is {})", async () => {
    expect(await callWith({ status: 201, body: { id: 7 } })).toEqual({ id: 7 });
    expect(server!.requests[0]).toMatchObject({
      body: { a: 1 },
      headers: { "content-type": "application/json" },
    });
    await server!.close();
    expect(await callWith({ status: 204 })).toEqual({});
  });

  it("a vendor message quoting the token has it cut out, and is kept short", async () => {
    const error = await failureOf(
      callWith({ status: 400, body: { message: `bad token ${TOKEN} ${"x".repeat(500)}` } }),
    );
    expect(error).toBeInstanceOf(ToolRefusal);
    expect(error.message).not.toContain(TOKEN);
    expect(error.message).toContain("bad token [redacted]");
    expect(error.message.length).toBeLessThan(400);
  });

  it("a redirect is not followed: the model hears the resource moved", async () => {
    const error = await failureOf(
      callWith({ status: 301, headers: { location: "http://127.0.0.1:9/elsewhere" } }),
    );
    expect(error.message).toBe(
      "Vendor answered that the resource has moved (HTTP 301) while creating the thing; an administrator should check the integration's settings.",
    );
    expect(server!.requests).toHaveLength(1);
  });

  it("a 5xx or an unreadable answer on a create warns that it may have gone through", async () => {
    expect((await failureOf(callWith({ status: 502, body: { message: "bad gateway" } }))).message).toBe(
      "Vendor failed while creating the thing (HTTP 502). It may have gone through: check before trying again.",
    );
    await server!.close();
    expect(
      (
        await failureOf(
          callWith({ status: 503, body: {} }, { creates: false, method: "GET", json: undefined }),
        )
      ).message,
    ).toBe("Vendor failed while creating the thing (HTTP 503). Try again later.");
    await server!.close();
    server = await LoopbackServer.start(() => ({ status: 200, body: "not json" }));
    const unreadable = await failureOf(
      toolRequest(globalThis.fetch, {
        vendor: "Vendor",
        what: "reading",
        method: "GET",
        url: `${server.baseUrl}/x`,
        headers: {},
        token: TOKEN,
        errorMessage: () => undefined,
      }),
    );
    expect(unreadable.message).toBe("Vendor gave an unreadable answer while reading. Try again later.");
  });
});
