import { describe, expect, it } from "vitest";
import { z } from "zod";
import { errorBodySchema } from "../../src/infra/error-body.js";
import { errorResponses, ruleErrorStatuses, withErrorResponses } from "../../src/infra/error-responses.js";

const body = z.object({ name: z.string() });
const params = z.object({ id: z.string() });
const statuses = (method: string, schema: Parameters<typeof ruleErrorStatuses>[1]) => [
  ...ruleErrorStatuses(method, schema).keys(),
];

describe("the error status rule of the OpenAPI document", () => {
  it("derives each operation's statuses from its method, security and schemas", () => {
    expect(statuses("GET", {})).toEqual([401, 403, 429, 500, 503]);
    expect(statuses("GET", { params })).toEqual([401, 403, 404, 422, 429, 500, 503]);
    expect(statuses("GET", { querystring: params })).toEqual([401, 403, 422, 429, 500, 503]);
    expect(statuses("DELETE", { params })).toEqual([401, 403, 404, 422, 429, 500, 503]);
    expect(statuses("POST", {})).toEqual([400, 401, 403, 409, 429, 500, 503]);
    expect(statuses("POST", { body, params })).toEqual([400, 401, 403, 404, 409, 413, 422, 429, 500, 503]);
    // PUT has no Idempotency-Key: no 409 of its own.
    expect(statuses("PUT", { body })).toEqual([400, 401, 403, 413, 422, 429, 500, 503]);
    // A public route (its own security) gets no guard statuses and no idempotency.
    expect(statuses("POST", { body, security: [] })).toEqual([400, 413, 422, 500, 503]);
    expect(statuses("GET", { security: [] })).toEqual([500, 503]);
  });

  it("adds the rule's responses, after the route's own description of the same status", () => {
    const schema = withErrorResponses("POST", {
      body,
      response: {
        200: body,
        ...errorResponses({ 409: "`name_taken`: the name is used.", 502: "`vendor_unavailable`." }),
      },
    });
    const response = schema.response as Record<string, z.ZodType>;
    expect(Object.keys(response)).toEqual([
      "200",
      "400",
      "401",
      "403",
      "409",
      "413",
      "422",
      "429",
      "500",
      "502",
      "503",
    ]);
    expect(response[200]).toBe(body);
    expect(response[409]!.description).toMatch(/^`name_taken`: the name is used\. `idempotency_key_reused`/);
    expect(response[502]!.description).toBe("`vendor_unavailable`.");
    expect(response[500]!.description).toContain("internal_error");
    expect(response[413]!.description).toContain("payload_too_large");
  });

  it("leaves a status the route declares without a description as the route has it", () => {
    const own = {
      description: "Custom",
      content: { "application/problem+json": { schema: errorBodySchema } },
    };
    const schema = withErrorResponses("GET", { response: { 200: body, 429: own } });
    expect((schema.response as Record<string, unknown>)[429]).toBe(own);
  });
});
