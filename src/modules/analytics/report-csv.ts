import type { AnalyticsDay, AnalyticsReport } from "./schemas.js";

/** The CSV's columns, one row per day (docs/quality.md, "Analytics"). */
const COLUMNS: Array<[string, (day: AnalyticsDay) => number | string | null]> = [
  ["date", (d) => d.date],
  ["conversations", (d) => d.conversations],
  ["resolved_conversations", (d) => d.resolved_conversations],
  ["handed_off_conversations", (d) => d.handed_off_conversations],
  ["resolution_rate", (d) => d.resolution_rate],
  ["handoff_rate", (d) => d.handoff_rate],
  ["messages", (d) => d.messages],
  ["user_messages", (d) => d.user_messages],
  ["bot_messages", (d) => d.bot_messages],
  ["operator_messages", (d) => d.operator_messages],
  ["bot_replies", (d) => d.bot_replies],
  ["failed_replies", (d) => d.failed_replies],
  ["first_response_bot_count", (d) => d.first_response.bot.count],
  ["first_response_bot_p50_ms", (d) => d.first_response.bot.p50_ms],
  ["first_response_bot_p90_ms", (d) => d.first_response.bot.p90_ms],
  ["first_response_people_count", (d) => d.first_response.people.count],
  ["first_response_people_p50_ms", (d) => d.first_response.people.p50_ms],
  ["first_response_people_p90_ms", (d) => d.first_response.people.p90_ms],
  ["feedback_up", (d) => d.feedback.up],
  ["feedback_down", (d) => d.feedback.down],
  ["feedback_score", (d) => d.feedback.score],
  ["cost_credits", (d) => d.cost.credits],
  ["cost_per_conversation", (d) => d.cost.per_conversation],
  ["cost_per_resolved_conversation", (d) => d.cost.per_resolved_conversation],
];

/** A value as a CSV field (RFC 4180): empty for null, quoted when it holds a comma, quote or line break. */
function field(value: number | string | null): string {
  if (value === null) return "";
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The report's days as CSV: a header, then one line per day, CRLF line ends. */
export function reportCsv(report: AnalyticsReport): string {
  const lines = [COLUMNS.map(([name]) => name).join(",")];
  for (const day of report.days) lines.push(COLUMNS.map(([, value]) => field(value(day))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** The download's file name: the range and, when filtered, the bot and channel. */
export function reportFileName(report: AnalyticsReport): string {
  const parts = ["parley-analytics", report.from, report.to, report.bot_id, report.channel].filter(
    (part): part is string => part !== null,
  );
  return `${parts.join("_").replace(/[^A-Za-z0-9._-]/g, "-")}.csv`;
}
