import { describe, expect, it } from "vitest";
import type { WebhookEndpoint } from "./api";
import {
  emptyWebhookForm,
  validateWebhookForm,
  webhookCreateBody,
  webhookFormErrorsFromApi,
  webhookFormFromEndpoint,
  webhookUpdateBody,
} from "./webhook-form";

const endpoint: WebhookEndpoint = {
  id: "whe_1",
  url: "https://example.com/hooks",
  status: "active",
  events: ["thread.created", "thread.mode.changed"],
  ordered: true,
  disabled_reason: null,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
};

describe("webhook form validation", () => {
  it("accepts a full http(s) URL with every event", () => {
    expect(validateWebhookForm({ ...emptyWebhookForm(), url: "https://example.com/h" })).toEqual({});
    expect(validateWebhookForm({ ...emptyWebhookForm(), url: " http://a.example " })).toEqual({});
  });

  it("names what is wrong with the URL", () => {
    expect(validateWebhookForm({ ...emptyWebhookForm(), url: "  " }).url).toBe("urlRequired");
    expect(validateWebhookForm({ ...emptyWebhookForm(), url: "ftp://x.example" }).url).toBe("urlScheme");
    expect(validateWebhookForm({ ...emptyWebhookForm(), url: "example.com" }).url).toBe("urlScheme");
    expect(validateWebhookForm({ ...emptyWebhookForm(), url: "https://" }).url).toBe("urlInvalid");
    expect(
      validateWebhookForm({ ...emptyWebhookForm(), url: `https://a.example/${"x".repeat(2048)}` }).url,
    ).toBe("urlInvalid");
  });

  it("asks for at least one event type unless every type is chosen", () => {
    const values = { ...emptyWebhookForm(), url: "https://a.example", allEvents: false };
    expect(validateWebhookForm(values).events).toBe("eventsRequired");
    expect(validateWebhookForm({ ...values, events: ["thread.created"] }).events).toBeUndefined();
  });

  it("checks the length of a secret only when one is given", () => {
    const values = { ...emptyWebhookForm(), url: "https://a.example" };
    expect(validateWebhookForm({ ...values, secret: "short" }).secret).toBe("secretLength");
    expect(validateWebhookForm({ ...values, secret: "x".repeat(201) }).secret).toBe("secretLength");
    expect(validateWebhookForm({ ...values, secret: "long enough" }).secret).toBeUndefined();
  });
});

describe("webhook form → API body", () => {
  it("creates with events null for every type and leaves a blank secret to the server", () => {
    expect(webhookCreateBody({ ...emptyWebhookForm(), url: " https://a.example/h " })).toEqual({
      url: "https://a.example/h",
      events: null,
      ordered: true,
    });
  });

  it("creates with the chosen events and a given secret", () => {
    expect(
      webhookCreateBody({
        url: "https://a.example",
        allEvents: false,
        events: ["thread.created"],
        ordered: false,
        secret: " my-secret-1 ",
      }),
    ).toEqual({
      url: "https://a.example",
      events: ["thread.created"],
      ordered: false,
      secret: "my-secret-1",
    });
  });

  it("updates only what changed", () => {
    const values = webhookFormFromEndpoint(endpoint);
    expect(webhookUpdateBody(values, endpoint)).toEqual({});
    // The same events in another order are no change.
    expect(
      webhookUpdateBody({ ...values, events: ["thread.mode.changed", "thread.created"] }, endpoint),
    ).toEqual({});
    expect(webhookUpdateBody({ ...values, url: "https://b.example", ordered: false }, endpoint)).toEqual({
      url: "https://b.example",
      ordered: false,
    });
    expect(webhookUpdateBody({ ...values, allEvents: true }, endpoint)).toEqual({ events: null });
    expect(webhookUpdateBody({ ...values, events: ["thread.created"] }, endpoint)).toEqual({
      events: ["thread.created"],
    });
  });

  it("round-trips an endpoint subscribed to every type", () => {
    const all = { ...endpoint, events: null };
    const values = webhookFormFromEndpoint(all);
    expect(values.allEvents).toBe(true);
    expect(values.events).toEqual([]);
    expect(webhookUpdateBody({ ...values, allEvents: false, events: ["thread.created"] }, all)).toEqual({
      events: ["thread.created"],
    });
  });

  it("maps API field errors to form fields", () => {
    expect(
      webhookFormErrorsFromApi({
        url: "private address",
        "events.1": "unknown type",
        "events.0": "x",
        foo: "y",
      }),
    ).toEqual({ url: "private address", events: "unknown type" });
  });
});
