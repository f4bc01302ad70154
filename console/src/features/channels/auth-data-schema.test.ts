import { describe, expect, it } from "vitest";
import {
  authFields,
  fieldKind,
  humanize,
  initialValues,
  missingRequired,
  type OpenApiDocument,
  splitFieldErrors,
  toAuthData,
  vendorForms,
} from "./auth-data-schema";

/** A small document shaped like Parley's: a oneOf of per-vendor bodies with $ref'd auth_data. */
const doc: OpenApiDocument = {
  paths: {
    "/v1/integrations": {
      post: {
        requestBody: {
          content: {
            "application/json": {
              schema: {
                oneOf: [
                  {
                    type: "object",
                    properties: {
                      name: { type: "string" },
                      vendor: { type: "string", enum: ["telegram"] },
                      auth_data: { $ref: "#/components/schemas/TelegramAuthDataInput" },
                    },
                    required: ["name", "vendor", "auth_data"],
                  },
                  {
                    type: "object",
                    properties: {
                      vendor: { const: "vk" },
                      auth_data: { $ref: "#/components/schemas/VkAuthDataInput" },
                    },
                  },
                  { $ref: "#/components/schemas/ParleyBody" },
                ],
              },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      TelegramAuthDataInput: {
        type: "object",
        properties: {
          token: { type: "string", maxLength: 256, description: "Bot token from @BotFather." },
          webhook_secret: { type: "string" },
          mode: { type: "string", enum: ["webhook", "polling"], default: "webhook" },
          debug: { type: "boolean" },
        },
        required: ["token"],
      },
      VkAuthDataInput: {
        type: "object",
        properties: {
          access_token: { type: "string" },
          group_id: { type: "integer", exclusiveMinimum: 0, maximum: 100 },
          confirmation_code: { anyOf: [{ type: "string", title: "Confirmation" }, { type: "null" }] },
          ratio: { type: ["number", "null"], minimum: 0.5 },
        },
        required: ["access_token", "group_id"],
      },
      ParleyBody: {
        type: "object",
        properties: {
          vendor: { type: "string", enum: ["parley"] },
          auth_data: { type: "object", properties: {} },
        },
      },
    },
  },
};

describe("vendorForms", () => {
  const forms = vendorForms(doc);

  it("gives one form per vendor of the create body, in order, through $ref and const", () => {
    expect(forms.map((f) => f.vendor)).toEqual(["telegram", "vk", "parley"]);
  });

  it("turns each auth_data property into a typed input with its required mark and description", () => {
    const telegram = forms[0]!.fields;
    expect(telegram).toEqual([
      {
        key: "token",
        label: "Token",
        kind: "secret",
        required: true,
        description: "Bot token from @BotFather.",
        maxLength: 256,
      },
      { key: "webhook_secret", label: "Webhook secret", kind: "secret", required: false },
      {
        key: "mode",
        label: "Mode",
        kind: "select",
        required: false,
        options: ["webhook", "polling"],
        defaultValue: "webhook",
      },
      { key: "debug", label: "Debug", kind: "switch", required: false },
    ]);
  });

  it("reads integer bounds, nullable anyOf and type arrays", () => {
    const vk = forms[1]!.fields;
    expect(vk.find((f) => f.key === "group_id")).toMatchObject({
      kind: "number",
      integer: true,
      min: 1,
      max: 100,
      required: true,
    });
    expect(vk.find((f) => f.key === "confirmation_code")).toMatchObject({
      kind: "text",
      label: "Confirmation",
    });
    expect(vk.find((f) => f.key === "ratio")).toMatchObject({ kind: "number", integer: false, min: 0.5 });
  });

  it("gives a vendor without credentials an empty field list", () => {
    expect(forms[2]!.fields).toEqual([]);
  });

  it("gives every vendor of a single-object body the same fields", () => {
    const single: OpenApiDocument = {
      paths: {
        "/v1/integrations": {
          post: {
            requestBody: {
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: {
                      vendor: { type: "string", enum: ["a", "b"] },
                      auth_data: { type: "object", properties: { api_key: { type: "string" } } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    };
    const result = vendorForms(single);
    expect(result.map((f) => f.vendor)).toEqual(["a", "b"]);
    expect(result[1]!.fields[0]).toMatchObject({ key: "api_key", kind: "secret" });
  });

  it("is empty for a document without the route, and survives a looping $ref", () => {
    expect(vendorForms({})).toEqual([]);
    const looping: OpenApiDocument = { components: { schemas: { A: { $ref: "#/components/schemas/A" } } } };
    expect(authFields(looping, { $ref: "#/components/schemas/A" })).toEqual([]);
  });
});

describe("field kinds and labels", () => {
  it("masks credential-looking names only for strings", () => {
    expect(fieldKind("client_secret", { type: "string" })).toBe("secret");
    expect(fieldKind("password", { type: "string" })).toBe("secret");
    expect(fieldKind("api_key", { type: "string" })).toBe("secret");
    expect(fieldKind("client_id", { type: "string" })).toBe("text");
    expect(fieldKind("secret_count", { type: "integer" })).toBe("number");
    expect(fieldKind("note", { type: "string", format: "password" })).toBe("secret");
  });

  it("humanizes snake and camel case", () => {
    expect(humanize("phone_number_id")).toBe("Phone number id");
    expect(humanize("terminalKey")).toBe("Terminal key");
  });
});

describe("values to auth_data", () => {
  const fields = vendorForms(doc)[1]!.fields; // vk

  it("starts empty and reports empty required fields", () => {
    const values = initialValues(fields);
    expect(values).toEqual({ access_token: "", group_id: "", confirmation_code: "", ratio: "" });
    expect(missingRequired(fields, values)).toEqual(["access_token", "group_id"]);
    expect(missingRequired(fields, { ...values, access_token: "  " })).toContain("access_token");
  });

  it("trims strings, converts numbers and leaves empty optional fields out", () => {
    const body = toAuthData(fields, {
      access_token: "  abc ",
      group_id: "42",
      confirmation_code: "",
      ratio: 1.5,
    });
    expect(body).toEqual({ access_token: "abc", group_id: 42, ratio: 1.5 });
  });

  it("sends a non-number as typed so the API names the field", () => {
    expect(toAuthData(fields, { access_token: "a", group_id: "4x" })).toEqual({
      access_token: "a",
      group_id: "4x",
    });
  });

  it("always sends switches", () => {
    const telegram = vendorForms(doc)[0]!.fields;
    expect(toAuthData(telegram, { ...initialValues(telegram), token: "1:a" })).toEqual({
      token: "1:a",
      mode: "webhook",
      debug: false,
    });
  });
});

describe("splitFieldErrors", () => {
  it("puts known paths at their inputs and keeps the rest", () => {
    const result = splitFieldErrors(
      { name: "must not be empty", "auth_data.token": "required", "auth_data.extra": "unknown field" },
      ["name", "vendor", "auth_data.token"],
    );
    expect(result.fields).toEqual({ name: "must not be empty", "auth_data.token": "required" });
    expect(result.other).toEqual([{ path: "auth_data.extra", message: "unknown field" }]);
  });
});
