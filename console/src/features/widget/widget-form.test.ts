import { describe, expect, it } from "vitest";
import type { WidgetSettings } from "./api";
import {
  hasChanges,
  isOrigin,
  normalizeOrigin,
  normalizeOrigins,
  validateWidgetForm,
  widgetErrorsFromApi,
  widgetFormFromSettings,
  widgetUpdateBody,
} from "./widget-form";

const SETTINGS: WidgetSettings = {
  chat_id: "chat_1",
  allowed_origins: ["https://shop.example", "http://localhost:3000"],
  title: "Support",
  greeting: "Hi! How can we help?",
  color: "#4c6ef5",
  position: "right",
  language: "auto",
  identity_required: false,
  identity_secret_set: false,
  embed_snippet: '<script src="https://parley.example/widget.js" data-chat="chat_1" async></script>',
};

describe("origins", () => {
  it("accepts bare http(s) origins, with a port or a trailing slash", () => {
    for (const ok of [
      "https://shop.example",
      "http://localhost:3000",
      "https://shop.example/",
      "HTTPS://A.B",
    ]) {
      expect(isOrigin(ok), ok).toBe(true);
    }
  });

  it("refuses paths, queries, other schemes, credentials and missing schemes", () => {
    for (const bad of [
      "shop.example",
      "https://shop.example/cart",
      "https://shop.example?x=1",
      "https://shop.example#top",
      "ftp://shop.example",
      "https://user:pw@shop.example",
      "https://",
      "*",
      "",
    ]) {
      expect(isOrigin(bad), bad).toBe(false);
    }
  });

  it("normalizes to what the browser sends as Origin, leaving mistakes as typed", () => {
    expect(normalizeOrigin("  https://Shop.Example/ ")).toBe("https://shop.example");
    expect(normalizeOrigin("https://shop.example:443")).toBe("https://shop.example");
    expect(normalizeOrigin("http://localhost:3000")).toBe("http://localhost:3000");
    expect(normalizeOrigin(" https://shop.example/cart ")).toBe("https://shop.example/cart");
    expect(normalizeOrigins(["https://a.example/", "https://A.example", " ", "x"])).toEqual([
      "https://a.example",
      "x",
    ]);
  });
});

describe("validateWidgetForm", () => {
  const values = widgetFormFromSettings(SETTINGS);

  it("passes the settings the API gave", () => {
    expect(validateWidgetForm(values)).toEqual({});
  });

  it("names each broken field", () => {
    expect(
      validateWidgetForm({
        ...values,
        allowedOrigins: ["https://ok.example", "https://shop.example/cart"],
        title: "t".repeat(81),
        greeting: "g".repeat(501),
        color: "blue",
      }),
    ).toEqual({
      allowedOrigins: "originInvalid",
      title: "titleLength",
      greeting: "greetingLength",
      color: "color",
    });
    expect(validateWidgetForm({ ...values, color: "#4c6ef" })).toEqual({ color: "color" });
  });

  it("allows at most 20 origins", () => {
    const many = Array.from({ length: 21 }, (_, i) => `https://s${i}.example`);
    expect(validateWidgetForm({ ...values, allowedOrigins: many.slice(0, 20) })).toEqual({});
    expect(validateWidgetForm({ ...values, allowedOrigins: many })).toEqual({
      allowedOrigins: "tooManyOrigins",
    });
  });
});

describe("widgetUpdateBody", () => {
  const values = widgetFormFromSettings(SETTINGS);

  it("sends nothing for an untouched form, nor for reordered origins or a re-cased colour", () => {
    expect(widgetUpdateBody(values, SETTINGS)).toEqual({});
    expect(hasChanges(widgetUpdateBody(values, SETTINGS))).toBe(false);
    const reordered = { ...values, allowedOrigins: [...values.allowedOrigins].reverse(), color: "#4C6EF5" };
    expect(widgetUpdateBody(reordered, SETTINGS)).toEqual({});
  });

  it("sends only the changed fields, trimmed and normalized", () => {
    const body = widgetUpdateBody(
      {
        ...values,
        allowedOrigins: [...values.allowedOrigins, "https://New.example/"],
        title: "  Help  ",
        position: "left",
        identityRequired: true,
      },
      SETTINGS,
    );
    expect(body).toEqual({
      allowed_origins: ["https://shop.example", "http://localhost:3000", "https://new.example"],
      title: "Help",
      position: "left",
      identity_required: true,
    });
    expect(hasChanges(body)).toBe(true);
  });

  it("sends an emptied list and each remaining field", () => {
    expect(
      widgetUpdateBody(
        { ...values, allowedOrigins: [], greeting: "", color: "#FA5252", language: "ru" },
        SETTINGS,
      ),
    ).toEqual({ allowed_origins: [], greeting: "", color: "#fa5252", language: "ru" });
  });
});

describe("widgetErrorsFromApi", () => {
  it("puts details at inputs, naming the origin an indexed error is about", () => {
    const sent = { allowed_origins: ["https://ok.example", "https://shop.example/cart"], color: "#zzzzzz" };
    expect(
      widgetErrorsFromApi(
        {
          "allowed_origins.1": "must be an origin without a path",
          color: "must be #rrggbb",
          "theme.font": "unknown field",
        },
        sent,
      ),
    ).toEqual({
      fields: {
        allowedOrigins: "https://shop.example/cart: must be an origin without a path",
        color: "must be #rrggbb",
      },
      unplaced: [{ path: "theme.font", message: "unknown field" }],
    });
  });

  it("joins several errors of one input and copes with an index the body lacks", () => {
    const sent = { allowed_origins: ["a", "b"] };
    expect(
      widgetErrorsFromApi(
        {
          "allowed_origins.0": "bad",
          "allowed_origins.1": "bad too",
          "allowed_origins.7": "what",
          allowed_origins: "max 20",
        },
        sent,
      ).fields,
    ).toEqual({ allowedOrigins: "a: bad; b: bad too; what; max 20" });
  });

  it("maps the other API names to the form's", () => {
    expect(
      widgetErrorsFromApi(
        { identity_required: "x", title: "y", greeting: "z", position: "p", language: "l" },
        {},
      ).fields,
    ).toEqual({ identityRequired: "x", title: "y", greeting: "z", position: "p", language: "l" });
  });
});
