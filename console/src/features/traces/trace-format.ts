/** Milliseconds as people read them: `850 ms`, `1.2 s`, `2 min 5 s`. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return "—";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** A 0..1 score with two decimals. */
export function formatScore(score: number): string {
  return score.toFixed(2);
}

/** Credits with at most four decimals, without trailing zeros. */
export function formatCredits(credits: number | null): string {
  if (credits === null) return "—";
  return String(Math.round(credits * 10_000) / 10_000);
}

/** A tool's arguments or result, pretty-printed JSON (a string as it is). */
export function formatValue(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value, null, 2) ?? "null";
  } catch {
    return String(value);
  }
}

/** The first line of a text, cut to `max` characters. */
export function snippet(text: string, max = 120): string {
  const line = text.split("\n").find((part) => part.trim()) ?? "";
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
