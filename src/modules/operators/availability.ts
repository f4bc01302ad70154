import type { OperatorAvailability } from "../../storage/schema-operators.js";

/** Minutes without a console request after which an operator counts as offline, unless set (docs/routing.md). */
export const DEFAULT_OFFLINE_AFTER_MINUTES = 15;

/** An operator's activity is written at most this often (docs/routing.md, "Activity"). */
export const SEEN_WRITE_INTERVAL_MS = 60_000;

/**
 * What routing sees (docs/routing.md): offline by hand stays offline; online or busy hold only
 * while the operator was seen (made a console request) within `offlineAfterMinutes`. Computed
 * on read, so no job has to switch anyone off.
 */
export function effectiveAvailability(
  member: { availability: OperatorAvailability; last_seen_at: string | null },
  now: Date,
  offlineAfterMinutes: number,
): OperatorAvailability {
  if (member.availability === "offline" || member.last_seen_at === null) return "offline";
  const idleMs = now.getTime() - Date.parse(member.last_seen_at);
  return idleMs <= offlineAfterMinutes * 60_000 ? member.availability : "offline";
}
