/**
 * Reading vendor JSON that nothing vouches for the shape of: every accessor answers `undefined`
 * (or an empty list) for a value of the wrong type instead of throwing, so an unknown or
 * malformed event from a verified sender is dropped, never a 500 (docs/channels.md, "Receiving").
 */
export type JsonObject = Record<string, unknown>;

/** The body as a JSON object, or `undefined` when it is not JSON or not an object. */
export function parseJsonObject(raw: string): JsonObject | undefined {
  try {
    return asObject(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

export function asObject(value: unknown): JsonObject | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as JsonObject)
    : undefined;
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A non-empty string. */
export function asString(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** A Graph id: Meta sends ids as strings (they exceed 2^53); an integer is accepted as well. */
export function asId(value: unknown): string | undefined {
  if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
  return asString(value);
}

/** A finite number, also from its string form (WhatsApp timestamps are strings of seconds). */
export function asNumber(value: unknown): number | undefined {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof number === "number" && Number.isFinite(number) ? number : undefined;
}
