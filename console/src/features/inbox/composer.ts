/** Pure rules of the reply composer. */

/** Ctrl+Enter (Cmd+Enter on a Mac) sends; plain Enter is a new line. */
export function isSendShortcut(event: { key: string; ctrlKey: boolean; metaKey: boolean }): boolean {
  return event.key === "Enter" && (event.ctrlKey || event.metaKey);
}

export type ScheduleResult = { ok: true; iso: string } | { ok: false; reason: "invalid" | "past" };

/**
 * The value of a datetime-local input ("2026-05-01T14:30", the browser's local time) as the
 * ISO instant `scheduledAt` wants; it must lie in the future.
 */
export function scheduleToIso(localValue: string, now: Date): ScheduleResult {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(localValue)) return { ok: false, reason: "invalid" };
  const at = new Date(localValue);
  if (Number.isNaN(at.getTime())) return { ok: false, reason: "invalid" };
  if (at.getTime() <= now.getTime()) return { ok: false, reason: "past" };
  return { ok: true, iso: at.toISOString() };
}

/** The earliest value to offer in the schedule input: the next minute, local time. */
export function minScheduleValue(now: Date): string {
  const next = new Date(now.getTime() + 60_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${next.getFullYear()}-${pad(next.getMonth() + 1)}-${pad(next.getDate())}T${pad(next.getHours())}:${pad(next.getMinutes())}`;
}

/** Error codes of POST …/send the console explains in its own words (inbox.json composer.errors). */
const KNOWN_SEND_ERRORS = ["thread_not_manual", "thread_not_found"] as const;

export function sendErrorKey(code: string | undefined): string | null {
  return code && (KNOWN_SEND_ERRORS as readonly string[]).includes(code) ? `composer.errors.${code}` : null;
}
