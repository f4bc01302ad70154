import type { WidgetLanguage, WidgetPosition, WidgetSettings, WidgetSettingsUpdate } from "./api";

/**
 * The widget settings form and its mapping to the admin API (docs/widget.md): limits, origin
 * checks, the "only what changed" update body, and where a 422's details go.
 */
export interface WidgetFormValues {
  allowedOrigins: string[];
  title: string;
  greeting: string;
  color: string;
  position: WidgetPosition;
  language: WidgetLanguage;
  identityRequired: boolean;
}

export type WidgetFormField = keyof WidgetFormValues;

export const MAX_ORIGINS = 20;
export const TITLE_MAX_LENGTH = 80;
export const GREETING_MAX_LENGTH = 500;
const COLOR_PATTERN = /^#[0-9a-f]{6}$/i;

/** Keys of the `form.errors.*` strings of the widget namespace. */
export type WidgetFormErrorKey =
  | "originInvalid"
  | "tooManyOrigins"
  | "titleLength"
  | "greetingLength"
  | "color";

export function widgetFormFromSettings(settings: WidgetSettings): WidgetFormValues {
  return {
    allowedOrigins: [...settings.allowed_origins],
    title: settings.title,
    greeting: settings.greeting,
    color: settings.color,
    position: settings.position,
    language: settings.language,
    identityRequired: settings.identity_required,
  };
}

/**
 * `https://Shop.Example/` → `https://shop.example`: what the browser sends as `Origin`. Anything
 * that is not a bare http(s) origin (a path, a query, no scheme) is returned as typed (trimmed)
 * so the check below can point at it instead of silently changing what the person meant.
 */
export function normalizeOrigin(input: string): string {
  const trimmed = input.trim();
  return isOrigin(trimmed) ? new URL(trimmed).origin : trimmed;
}

/** Normalizes every tag and drops repeats (keeping the first), for the origins input's onChange. */
export function normalizeOrigins(inputs: string[]): string[] {
  const out: string[] = [];
  for (const input of inputs) {
    const origin = normalizeOrigin(input);
    if (origin && !out.includes(origin)) out.push(origin);
  }
  return out;
}

/** A scheme (http/https), a host, maybe a port — and nothing else (a trailing `/` is tolerated). */
export function isOrigin(value: string): boolean {
  if (!/^https?:\/\/[^/?#\s]+\/?$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.hostname !== "" && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}

/** The origins that are not origins (for the error message: which tag is wrong). */
export function invalidOrigins(origins: string[]): string[] {
  return origins.filter((origin) => !isOrigin(origin));
}

/** Client-side checks that save a round trip; the server's 422 still has the last word. */
export function validateWidgetForm(
  values: WidgetFormValues,
): Partial<Record<WidgetFormField, WidgetFormErrorKey>> {
  const errors: Partial<Record<WidgetFormField, WidgetFormErrorKey>> = {};
  if (invalidOrigins(values.allowedOrigins).length > 0) errors.allowedOrigins = "originInvalid";
  else if (values.allowedOrigins.length > MAX_ORIGINS) errors.allowedOrigins = "tooManyOrigins";
  if (values.title.trim().length > TITLE_MAX_LENGTH) errors.title = "titleLength";
  if (values.greeting.trim().length > GREETING_MAX_LENGTH) errors.greeting = "greetingLength";
  if (!COLOR_PATTERN.test(values.color.trim())) errors.color = "color";
  return errors;
}

/**
 * Only what changed, so saving never overwrites a setting the person did not touch (and an
 * untouched form sends `{}`, which the Save button prevents). Origins compare as a set: a new
 * order alone is no change.
 */
export function widgetUpdateBody(values: WidgetFormValues, original: WidgetSettings): WidgetSettingsUpdate {
  const body: WidgetSettingsUpdate = {};
  const origins = normalizeOrigins(values.allowedOrigins);
  if (!sameSet(origins, original.allowed_origins)) body.allowed_origins = origins;
  const title = values.title.trim();
  if (title !== original.title) body.title = title;
  const greeting = values.greeting.trim();
  if (greeting !== original.greeting) body.greeting = greeting;
  const color = values.color.trim().toLowerCase();
  if (color !== original.color.toLowerCase()) body.color = color;
  if (values.position !== original.position) body.position = values.position;
  if (values.language !== original.language) body.language = values.language;
  if (values.identityRequired !== original.identity_required)
    body.identity_required = values.identityRequired;
  return body;
}

export function hasChanges(body: WidgetSettingsUpdate): boolean {
  return Object.keys(body).length > 0;
}

function sameSet(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(b);
  return a.every((item) => set.has(item));
}

const API_TO_FIELD: Record<string, WidgetFormField> = {
  allowed_origins: "allowedOrigins",
  title: "title",
  greeting: "greeting",
  color: "color",
  position: "position",
  language: "language",
  identity_required: "identityRequired",
};

export interface WidgetApiErrors {
  /** Messages at the inputs they are about. */
  fields: Partial<Record<WidgetFormField, string>>;
  /** Details the form has no input for, listed above it. */
  unplaced: Array<{ path: string; message: string }>;
}

/**
 * A 422's details (`allowed_origins.3`, `color`) → the form's inputs. An origin's error names the
 * origin it is about (`https://x.example/shop: must be an origin`), taken from the body that was
 * sent, since the tags input shows one error for all of them.
 */
export function widgetErrorsFromApi(
  fieldErrors: Record<string, string>,
  sent: WidgetSettingsUpdate,
): WidgetApiErrors {
  const out: WidgetApiErrors = { fields: {}, unplaced: [] };
  for (const [path, message] of Object.entries(fieldErrors)) {
    const [head = "", index] = path.split(".");
    const field = API_TO_FIELD[head];
    if (!field) {
      out.unplaced.push({ path, message });
      continue;
    }
    const origin =
      field === "allowedOrigins" && index !== undefined ? sent.allowed_origins?.[Number(index)] : undefined;
    const text = origin ? `${origin}: ${message}` : message;
    out.fields[field] = out.fields[field] ? `${out.fields[field]}; ${text}` : text;
  }
  return out;
}
