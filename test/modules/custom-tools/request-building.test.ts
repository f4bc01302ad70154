import { describe, expect, it } from "vitest";
import { compileInputSchema, validateArguments } from "../../../src/modules/custom-tools/input-schema.js";
import { fillUrlTemplate, parseUrlTemplate } from "../../../src/modules/custom-tools/url-template.js";

describe("URL templates", () => {
  it("lists path placeholders and whole-value query placeholders", () => {
    expect(
      parseUrlTemplate("https://api.example.com/v1/orders/{order_id}/lines/{line}.json?expand={expand}&v=2"),
    ).toEqual({
      ok: true,
      placeholders: { path: ["order_id", "line"], query: ["expand"] },
    });
  });

  it("refuses placeholders where the model would choose the destination or the shape is unclear", () => {
    const reason = (template: string) => {
      const parsed = parseUrlTemplate(template);
      return parsed.ok ? "" : parsed.reason;
    };
    expect(reason("https://{tenant}.example.com/orders")).toContain("not in the host");
    expect(reason("https://example.com:{port}/orders")).toContain("not in the host");
    expect(reason("https://example.com/orders?{key}=1")).toContain("whole query value");
    expect(reason("https://example.com/orders?q=a{b}")).toContain("whole query value");
    expect(reason("https://example.com/orders/{a}/{a}")).toContain("appears twice");
    expect(reason("https://example.com/orders/{a b}")).toContain("a placeholder is {name}");
    expect(reason("https://example.com/orders#{frag}")).toContain("fragment");
    expect(reason("orders/{id}")).toBe("not a valid URL");
  });

  it("fills the path percent-encoded, the query pairs it names, and sends the rest by method", () => {
    const template = "https://api.example.com/orders/{order_id}?expand={expand}&v=2";
    expect(
      fillUrlTemplate(template, "GET", { order_id: "A 1/2", expand: "items", tag: ["a", "b&c"], n: 3 }),
    ).toEqual({
      url: "https://api.example.com/orders/A%201%2F2?expand=items&v=2&tag=a&tag=b%26c&n=3",
      body: null,
    });
    expect(fillUrlTemplate(template, "DELETE", { order_id: "A-1", filter: { a: 1 } }).url).toBe(
      "https://api.example.com/orders/A-1?v=2&filter=%7B%22a%22%3A1%7D",
    );
    expect(fillUrlTemplate(template, "PATCH", { order_id: 7, status: "paid", expand: null })).toEqual({
      url: "https://api.example.com/orders/7?v=2",
      body: { status: "paid" },
    });
    expect(fillUrlTemplate("https://api.example.com/orders", "POST", {})).toEqual({
      url: "https://api.example.com/orders",
      body: {},
    });
  });

  it("refuses path values that would name another resource", () => {
    const template = "https://api.example.com/files/{name}";
    for (const name of ["", ".", ".."]) {
      expect(() => fillUrlTemplate(template, "GET", { name })).toThrow("must not be empty, '.' or '..'");
    }
    expect(() => fillUrlTemplate("https://x.example/a/{p}{q}", "GET", { p: ".", q: "." })).toThrow(
      "'.' or '..'",
    );
    expect(() => fillUrlTemplate(template, "GET", {})).toThrow("argument 'name' is required");
    expect(() => fillUrlTemplate(template, "GET", { name: { a: 1 } })).toThrow("string, number or boolean");
    expect(fillUrlTemplate(template, "GET", { name: "%2e%2e" }).url).toBe(
      "https://api.example.com/files/%252e%252e",
    );
  });
});

describe("input schemas", () => {
  it("compiles draft-07 by default and 2020-12 when declared; other dialects and $async are refused", () => {
    expect(
      compileInputSchema({ type: "object", properties: { a: { type: "string", format: "email" } } }).ok,
    ).toBe(true);
    expect(
      compileInputSchema({
        $schema: "https://json-schema.org/draft/2020-12/schema",
        type: "object",
        properties: { pair: { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }] } },
      }).ok,
    ).toBe(true);
    expect(
      compileInputSchema({ $schema: "http://json-schema.org/draft-04/schema#", type: "object" }),
    ).toEqual({
      ok: false,
      problems: [expect.stringContaining("only draft-07")],
    });
    expect(compileInputSchema({ $async: true, type: "object" })).toEqual({
      ok: false,
      problems: ["$async schemas are not supported"],
    });
    expect(
      compileInputSchema({ type: "object", properties: { a: { type: "string", format: "phone" } } }),
    ).toMatchObject({
      ok: false,
      problems: [expect.stringContaining('unknown format "phone"')],
    });
  });

  it("two schemas may declare the same $id", () => {
    const one = {
      $id: "https://example.com/args.json",
      type: "object",
      properties: { a: { type: "string" } },
    };
    const two = {
      $id: "https://example.com/args.json",
      type: "object",
      properties: { a: { type: "integer" } },
    };
    expect(compileInputSchema(one).ok).toBe(true);
    expect(compileInputSchema(two).ok).toBe(true);
    expect(validateArguments(JSON.stringify(two), { a: 1 })).toEqual({ success: true, value: { a: 1 } });
    const wrong = validateArguments(JSON.stringify(two), { a: "x" });
    expect(wrong.success ? "" : wrong.error.message).toBe("Invalid arguments: a: must be integer");
  });
});
