import { describe, expect, it } from "vitest";
import { createParleyClient, ParleyError, unwrap } from "../../client/src/index.js";

/** A client whose server answers every request with `answer`, recording the requests. */
function answering(answer: () => Response, baseUrl = "https://parley.test") {
  const requests: Request[] = [];
  const client = createParleyClient({
    baseUrl,
    apiKey: "prl_test_key",
    fetch: async (request) => {
      requests.push(request);
      return answer();
    },
  });
  return { client, requests };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json", ...headers },
    });

describe("createParleyClient", () => {
  it.each([
    "https://parley.test",
    "https://parley.test/",
    "https://parley.test/v1",
    "https://parley.test/v1/",
  ])("with base URL %s calls /v1 paths once, with the key as a bearer token", async (baseUrl) => {
    const { client, requests } = answering(json(200, []), baseUrl);
    await unwrap(client.GET("/v1/bots"));
    expect(requests[0]!.url).toBe("https://parley.test/v1/bots");
    expect(requests[0]!.headers.get("authorization")).toBe("Bearer prl_test_key");
  });

  it("keeps a path prefix of a server behind a proxy", async () => {
    const { client, requests } = answering(json(200, []), "https://example.com/parley/");
    await unwrap(client.GET("/v1/bots"));
    expect(requests[0]!.url).toBe("https://example.com/parley/v1/bots");
  });
});

describe("unwrap and ParleyError", () => {
  it("gives the data of a success", async () => {
    const { client } = answering(json(200, [{ id: "bot_1" }]));
    expect(await unwrap(client.GET("/v1/bots"))).toEqual([{ id: "bot_1" }]);
  });

  it("throws the API's error with status, code, details and the response's request id", async () => {
    const body = {
      code: "validation_failed",
      message: "name: must not be empty",
      details: [{ path: "name", message: "must not be empty" }],
    };
    const { client } = answering(json(422, body, { "x-request-id": "req_abc" }));
    const error = await unwrap(client.POST("/v1/bots", { body: { name: "" } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ParleyError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: "ParleyError", status: 422, ...body, request_id: "req_abc" });
  });

  it("prefers the body's request_id (500s)", async () => {
    const { client } = answering(
      json(
        500,
        { code: "internal_error", message: "x", request_id: "req_body" },
        { "x-request-id": "req_header" },
      ),
    );
    await expect(unwrap(client.GET("/v1/bots"))).rejects.toMatchObject({
      status: 500,
      request_id: "req_body",
    });
  });

  it("turns an answer that is not Parley's (a proxy's page, an empty body) into unexpected_response", async () => {
    const html = answering(() => new Response("<html>Bad Gateway</html>", { status: 502 }));
    await expect(unwrap(html.client.GET("/v1/bots"))).rejects.toMatchObject({
      status: 502,
      code: "unexpected_response",
      message: "HTTP 502: <html>Bad Gateway</html>",
    });
    const empty = answering(() => new Response(null, { status: 503 }));
    await expect(unwrap(empty.client.GET("/v1/bots"))).rejects.toMatchObject({
      status: 503,
      code: "unexpected_response",
    });
  });
});
