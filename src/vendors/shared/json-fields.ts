/**
 * Readers for untrusted JSON (inbound webhooks, API answers): a value of the wrong type reads
 * as `undefined` (or an empty list), so an unexpected shape never throws.
 */
export type JsonRecord = Record<string, unknown>;

export function asRecord(value: unknown): JsonRecord | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as JsonRecord)
    : undefined;
}

export function asString(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** A finite number, or a string of digits (ids arrive as either). */
export function asNumber(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "string" && /^-?\d{1,16}$/.test(value)) return Number(value);
  return undefined;
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The body parsed as a JSON object, or undefined when it is not valid JSON or not an object. */
export function parseJsonObject(text: string): JsonRecord | undefined {
  try {
    return asRecord(JSON.parse(text));
  } catch {
    return undefined;
  }
}
