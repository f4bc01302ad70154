import type { WebhookEndpoint, WebhookEndpointInput } from "./api";

/**
 * The create/edit form of a webhook endpoint and its mapping to the API body
 * (docs/webhooks.md: `events` null = every type, `secret` optional, 8–200 characters).
 */
export interface WebhookFormValues {
  url: string;
  /** Subscribe to every type, including types added later (`events: null`). */
  allEvents: boolean;
  events: string[];
  ordered: boolean;
  /** Create only; blank = let Parley generate one. */
  secret: string;
}

/** Keys of the `form.errors.*` strings of the webhooks namespace. */
export type WebhookFormErrorKey =
  | "urlRequired"
  | "urlScheme"
  | "urlInvalid"
  | "eventsRequired"
  | "secretLength";

export const URL_MAX_LENGTH = 2048;
export const SECRET_MIN_LENGTH = 8;
export const SECRET_MAX_LENGTH = 200;

export function emptyWebhookForm(): WebhookFormValues {
  return { url: "", allEvents: true, events: [], ordered: true, secret: "" };
}

export function webhookFormFromEndpoint(endpoint: WebhookEndpoint): WebhookFormValues {
  return {
    url: endpoint.url,
    allEvents: endpoint.events === null,
    events: endpoint.events ?? [],
    ordered: endpoint.ordered,
    secret: "",
  };
}

/** Client-side checks that save a round trip; the server still has the last word (private addresses, …). */
export function validateWebhookForm(
  values: WebhookFormValues,
): Partial<Record<"url" | "events" | "secret", WebhookFormErrorKey>> {
  const errors: Partial<Record<"url" | "events" | "secret", WebhookFormErrorKey>> = {};
  const url = values.url.trim();
  if (!url) errors.url = "urlRequired";
  else if (!/^https?:\/\//i.test(url)) errors.url = "urlScheme";
  else if (url.length > URL_MAX_LENGTH || !isParsableUrl(url)) errors.url = "urlInvalid";
  if (!values.allEvents && values.events.length === 0) errors.events = "eventsRequired";
  const secret = values.secret.trim();
  if (secret && (secret.length < SECRET_MIN_LENGTH || secret.length > SECRET_MAX_LENGTH)) {
    errors.secret = "secretLength";
  }
  return errors;
}

function isParsableUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return Boolean(parsed.hostname);
  } catch {
    return false;
  }
}

export function webhookCreateBody(values: WebhookFormValues): WebhookEndpointInput & { url: string } {
  const body: WebhookEndpointInput & { url: string } = {
    url: values.url.trim(),
    events: values.allEvents ? null : [...values.events],
    ordered: values.ordered,
  };
  const secret = values.secret.trim();
  if (secret) body.secret = secret;
  return body;
}

/** Only what changed, so an edit never touches fields the person did not see change. */
export function webhookUpdateBody(
  values: WebhookFormValues,
  original: WebhookEndpoint,
): WebhookEndpointInput {
  const body: WebhookEndpointInput = {};
  const url = values.url.trim();
  if (url !== original.url) body.url = url;
  const events = values.allEvents ? null : [...values.events];
  if (!sameEvents(events, original.events)) body.events = events;
  if (values.ordered !== original.ordered) body.ordered = values.ordered;
  return body;
}

function sameEvents(a: string[] | null, b: string[] | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.length !== b.length) return false;
  const set = new Set(b);
  return a.every((type) => set.has(type));
}

/** API field errors (`url`, `events.1`, `secret`) → the form field that shows them. */
export function webhookFormErrorsFromApi(
  fieldErrors: Record<string, string>,
): Partial<Record<keyof WebhookFormValues, string>> {
  const out: Partial<Record<keyof WebhookFormValues, string>> = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    const field = path.split(".")[0];
    if (field === "url" || field === "events" || field === "secret" || field === "ordered") {
      out[field] ??= message;
    }
  }
  return out;
}
