/**
 * The text a model reads for a non-text message (docs/channels.md, "Receiving"): the kind in
 * brackets with whatever details are known, e.g. `[photo: a red bike]`, `[document: invoice.pdf]`,
 * `[location: 55.75, 37.61]`, `[voice message]`. Empty details are left out.
 */
export function placeholder(label: string, ...details: Array<string | number | undefined>): string {
  const shown = details
    .map((detail) => (typeof detail === "number" ? String(detail) : detail?.trim()))
    .filter((detail): detail is string => detail !== undefined && detail !== "");
  return shown.length > 0 ? `[${label}: ${shown.join(", ")}]` : `[${label}]`;
}
