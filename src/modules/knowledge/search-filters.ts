import type { AttributeValue, SearchFilter } from "./knowledge-api.js";

/** Whether a file's attributes pass OpenAI's comparison and compound filters. */
export function matchesFilter(attributes: Record<string, AttributeValue>, filter: SearchFilter): boolean {
  switch (filter.type) {
    case "and":
      return filter.filters.every((inner) => matchesFilter(attributes, inner));
    case "or":
      return filter.filters.some((inner) => matchesFilter(attributes, inner));
    case "in":
    case "nin": {
      const value = attributes[filter.key];
      const found = value !== undefined && filter.value.includes(value);
      return filter.type === "in" ? found : !found;
    }
    default: {
      const value = attributes[filter.key];
      if (value === undefined) return filter.type === "ne";
      if (filter.type === "eq") return value === filter.value;
      if (filter.type === "ne") return value !== filter.value;
      if (typeof value !== typeof filter.value || typeof value === "boolean") return false;
      const [a, b] = [value, filter.value] as [number | string, number | string];
      if (filter.type === "gt") return a > b;
      if (filter.type === "gte") return a >= b;
      if (filter.type === "lt") return a < b;
      return a <= b;
    }
  }
}
