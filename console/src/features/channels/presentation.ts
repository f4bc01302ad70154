/**
 * How statuses and vendors look in the console: colours here, words in locales/<lang>/channels.json.
 */
import type { ChatStatus, ConnectionStatus, IntegrationStatus } from "./api";

export const integrationStatusColor: Record<IntegrationStatus, string> = {
  active: "green",
  disabled: "gray",
  error: "red",
};

export const chatStatusColor: Record<ChatStatus, string> = {
  active: "green",
  disabled: "gray",
  error: "red",
};

export const connectionStatusColor: Record<ConnectionStatus, string> = {
  pending: "yellow",
  connected: "green",
  failed: "red",
  manual: "blue",
};

/** A colour for a status the console does not know yet (the API may add one). */
export function colorOf(colors: Record<string, string>, status: string): string {
  return colors[status] ?? "gray";
}

/**
 * A translation, or `fallback` when the key is missing (the lookup answers `namespace:key`):
 * vendors and statuses come from the API and may be newer than the console's strings.
 */
export function translatedOr(text: string, key: string, fallback: string): string {
  return text.endsWith(`:${key}`) ? fallback : text;
}

/** Schema descriptions use Markdown code spans (`<bot id>:<secret>`): split them out to show as code. */
export function splitCodeSpans(text: string): Array<{ text: string; code: boolean }> {
  return text
    .split(/(`[^`]+`)/)
    .filter((part) => part !== "")
    .map((part) =>
      part.length > 2 && part.startsWith("`") && part.endsWith("`")
        ? { text: part.slice(1, -1), code: true }
        : { text: part, code: false },
    );
}
