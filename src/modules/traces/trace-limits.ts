/** A tool's arguments or result, or an error, is kept up to this many characters of JSON. */
export const MAX_VALUE_CHARS = 8_192;

/**
 * A value as a trace keeps it: as it is when its JSON fits in MAX_VALUE_CHARS, otherwise the
 * start of its JSON, marked as cut (docs/quality.md, "Traces").
 */
export function boundedValue(value: unknown): { value: unknown; cut: boolean } {
  if (value === undefined) return { value: null, cut: false };
  if (typeof value === "string") {
    return value.length <= MAX_VALUE_CHARS
      ? { value, cut: false }
      : { value: `${value.slice(0, MAX_VALUE_CHARS)}…`, cut: true };
  }
  let json: string;
  try {
    json = JSON.stringify(value) ?? "null";
  } catch {
    return { value: "[not serialisable]", cut: true };
  }
  if (json.length <= MAX_VALUE_CHARS) return { value, cut: false };
  return { value: { truncated: true, json_prefix: json.slice(0, MAX_VALUE_CHARS) }, cut: true };
}
