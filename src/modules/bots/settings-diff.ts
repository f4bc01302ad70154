/** One difference between two settings documents (docs/quality.md, "Versions"). */
export interface SettingsChange {
  /** Dot-separated, e.g. `ai.model.temperature`, `ai.tools.handoff_to_operator`. */
  path: string;
  change: "added" | "removed" | "changed";
  from?: unknown;
  to?: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * What changed from one settings document to another: objects are walked key by key, every
 * other value (text, numbers, arrays such as the vector store ids) is compared whole. Keys are
 * listed in the order of `to`, then those only `from` had.
 */
export function diffSettings(from: unknown, to: unknown, path = ""): SettingsChange[] {
  if (isObject(from) && isObject(to)) {
    const changes: SettingsChange[] = [];
    const keys = [...Object.keys(to), ...Object.keys(from).filter((key) => !(key in to))];
    for (const key of keys) {
      const at = path ? `${path}.${key}` : key;
      if (!(key in from)) changes.push({ path: at, change: "added", to: to[key] });
      else if (!(key in to)) changes.push({ path: at, change: "removed", from: from[key] });
      else changes.push(...diffSettings(from[key], to[key], at));
    }
    return changes;
  }
  return JSON.stringify(from) === JSON.stringify(to) ? [] : [{ path, change: "changed", from, to }];
}
