import { describe, expect, it } from "vitest";
import { reportCsv, reportFileName } from "../../../src/modules/analytics/report-csv.js";
import type { AnalyticsDay, AnalyticsReport } from "../../../src/modules/analytics/schemas.js";

const day: AnalyticsDay = {
  date: "2026-11-21",
  conversations: 2,
  resolved_conversations: 1,
  handed_off_conversations: 1,
  resolution_rate: 0.5,
  handoff_rate: 0.5,
  messages: 5,
  user_messages: 2,
  bot_messages: 2,
  operator_messages: 1,
  bot_replies: 2,
  failed_replies: 0,
  first_response: {
    bot: { count: 2, p50_ms: 1000, p90_ms: 2000 },
    people: { count: 0, p50_ms: null, p90_ms: null },
  },
  feedback: { up: 1, down: 0, score: 1 },
  cost: { credits: 0.14, per_conversation: 0.07, per_resolved_conversation: 0.14 },
};

describe("analytics CSV", () => {
  it("a header, one line per day, empty fields for nulls", () => {
    const { date: _date, ...counts } = day;
    const report = {
      from: "2026-11-21",
      to: "2026-11-21",
      time_zone: "UTC",
      bot_id: null,
      channel: null,
      totals: { ...counts, handoff_reasons: [], failed_replies_by_code: [], tool_calls: [] },
      days: [day],
    } as AnalyticsReport;
    const [header, line, end] = reportCsv(report).split("\r\n");
    expect(end).toBe("");
    expect(header!.split(",")).toHaveLength(24);
    expect(header).toMatch(/^date,conversations,resolved_conversations,/);
    expect(line).toBe("2026-11-21,2,1,1,0.5,0.5,5,2,2,1,2,0,2,1000,2000,0,,,1,0,1,0.14,0.07,0.14");
    expect(reportFileName(report)).toBe("parley-analytics_2026-11-21_2026-11-21.csv");
  });

  it("file names keep to safe characters", () => {
    const report = {
      from: "2026-11-01",
      to: "2026-11-02",
      bot_id: 'bot "x"/y',
      channel: "api",
    } as AnalyticsReport;
    expect(reportFileName(report)).toBe("parley-analytics_2026-11-01_2026-11-02_bot--x--y_api.csv");
  });
});
