/**
 * A compact time for lists and bubbles: the time of day for today, the day and month this
 * year, the full date before that (in the console's language and the browser's time zone).
 */
export function formatActivity(iso: string | null, now: Date, language: string): string {
  if (!iso) return "";
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  const sameYear = at.getFullYear() === now.getFullYear();
  const sameDay = sameYear && at.getMonth() === now.getMonth() && at.getDate() === now.getDate();
  const options: Intl.DateTimeFormatOptions = sameDay
    ? { hour: "2-digit", minute: "2-digit" }
    : sameYear
      ? { day: "numeric", month: "short" }
      : { day: "numeric", month: "short", year: "numeric" };
  return new Intl.DateTimeFormat(language, options).format(at);
}
