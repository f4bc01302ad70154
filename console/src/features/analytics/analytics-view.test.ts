import { describe, expect, it } from "vitest";
import {
  addDays,
  channelChoices,
  chartRows,
  formatCredits,
  formatDuration,
  formatRate,
  presetRange,
  responseAxis,
  timeZones,
  todayIn,
} from "./analytics-view";
import type { AnalyticsDay, AnalyticsReport } from "./api";

const day = (date: string, overrides: Partial<AnalyticsDay> = {}): AnalyticsDay => ({
  date,
  conversations: 10,
  resolved_conversations: 6,
  handed_off_conversations: 3,
  resolution_rate: 0.6,
  handoff_rate: 0.3,
  messages: 40,
  user_messages: 20,
  bot_messages: 18,
  operator_messages: 2,
  bot_replies: 18,
  failed_replies: 1,
  first_response: {
    bot: { count: 18, p50_ms: 1500, p90_ms: 4200 },
    people: { count: 0, p50_ms: null, p90_ms: null },
  },
  feedback: { up: 3, down: 1, score: 0.75 },
  cost: { credits: 1.26, per_conversation: 0.126, per_resolved_conversation: 0.21 },
  ...overrides,
});

describe("the analytics dashboard's logic", () => {
  it("ranges: today in a zone, presets ending today", () => {
    const now = new Date("2026-11-21T22:30:00Z");
    expect(todayIn("UTC", now)).toBe("2026-11-21");
    expect(todayIn("Europe/Moscow", now)).toBe("2026-11-22");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(presetRange(7, "2026-11-21")).toEqual({ from: "2026-11-15", to: "2026-11-21" });
    expect(presetRange(365, "2026-11-21")).toEqual({ from: "2025-11-22", to: "2026-11-21" });
  });

  it("zones and channels to choose from", () => {
    const zones = timeZones("Europe/Moscow");
    expect(zones[0]).toBe("UTC");
    expect(zones).toContain("Europe/Moscow");
    expect(new Set(zones).size).toBe(zones.length);
    expect(channelChoices([{ vendor: "telegram" }, { vendor: "parley" }, { vendor: "telegram" }])).toEqual([
      "api",
      "parley",
      "telegram",
    ]);
  });

  it("chart rows: the other conversations, rates in percent, times in seconds", () => {
    const report = {
      days: [
        day("2026-11-21"),
        day("2026-11-22", {
          conversations: 0,
          resolved_conversations: 0,
          handed_off_conversations: 0,
          resolution_rate: null,
          handoff_rate: null,
        }),
      ],
    } as AnalyticsReport;
    const [first, second] = chartRows(report, "en");
    expect(first).toEqual({
      date: "2026-11-21",
      label: "Nov 21",
      resolved: 6,
      handedOff: 3,
      other: 1,
      resolutionRate: 60,
      handoffRate: 30,
      botP50: 1.5,
      botP90: 4.2,
      peopleP50: null,
      peopleP90: null,
      cost: 1.26,
    });
    expect(second).toMatchObject({ other: 0, resolutionRate: null });
    expect(chartRows(report, "ru")[0]!.label).toBe("21 нояб.");
  });

  it("the response-time axis: round ticks around the values", () => {
    const rows = chartRows({ days: [day("2026-11-21")] } as AnalyticsReport, "en");
    expect(responseAxis(rows)).toEqual({ domain: [1, 10], ticks: [1, 10] });
    const slow = chartRows(
      {
        days: [
          day("2026-11-21", {
            first_response: {
              bot: { count: 1, p50_ms: 250, p90_ms: 900 },
              people: { count: 1, p50_ms: 240_000, p90_ms: 500_000 },
            },
          }),
        ],
      } as AnalyticsReport,
      "en",
    );
    expect(responseAxis(slow)).toEqual({ domain: [0.1, 600], ticks: [0.1, 1, 10, 60, 600] });
    expect(responseAxis([])).toEqual({ domain: [0.1, 10], ticks: [0.1, 1, 10] });
  });

  it("durations, rates and credits read naturally", () => {
    expect(formatDuration(850, "en")).toBe("850 ms");
    expect(formatDuration(4_200, "en")).toBe("4.2 sec");
    expect(formatDuration(12 * 60_000, "en")).toBe("12 min");
    expect(formatDuration(3.5 * 3_600_000, "en")).toBe("3.5 hr");
    expect(formatDuration(2 * 86_400_000, "en")).toBe("2 days");
    expect(formatDuration(null, "en")).toBe("—");
    expect(formatDuration(4_200, "ru")).toBe("4,2 с");
    expect(formatRate(0.425, "en")).toBe("42.5%");
    expect(formatRate(null, "en")).toBe("—");
    expect(formatCredits(0.084, "en")).toBe("0.084");
    expect(formatCredits(1234.5, "ru").replace(/\s/g, " ")).toBe("1 234,5");
  });
});
