/**
 * The snooze menu's times, in the operator's own time zone: in an hour, tomorrow at 9:00, and
 * next Monday at 9:00 (ISO 8601, for `snoozed_until`).
 */
export function snoozeTimes(now: Date): { hour: string; tomorrow: string; nextWeek: string } {
  const hour = new Date(now.getTime() + 60 * 60 * 1000);
  const tomorrow = new Date(now);
  tomorrow.setDate(tomorrow.getDate() + 1);
  tomorrow.setHours(9, 0, 0, 0);
  const nextWeek = new Date(now);
  // Days to the next Monday: 1..7 (a Monday goes to the one after).
  nextWeek.setDate(nextWeek.getDate() + ((8 - nextWeek.getDay()) % 7 || 7));
  nextWeek.setHours(9, 0, 0, 0);
  return { hour: hour.toISOString(), tomorrow: tomorrow.toISOString(), nextWeek: nextWeek.toISOString() };
}
