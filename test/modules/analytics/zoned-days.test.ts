import { describe, expect, it } from "vitest";
import {
  dateOfDay,
  dayNumber,
  isTimeZone,
  offsetMinutesAt,
  offsetSegments,
  today,
} from "../../../src/modules/analytics/zoned-days.js";

const hour = (iso: string) => Date.parse(iso) / 3_600_000;

describe("local days as UTC hours", () => {
  it("knows IANA zones and refuses others", () => {
    expect(isTimeZone("Europe/Moscow")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });

  it("dates and day numbers", () => {
    expect(dayNumber("1970-01-02")).toBe(1);
    expect(dateOfDay(dayNumber("2026-11-21"))).toBe("2026-11-21");
    expect(today("Asia/Tokyo", new Date("2026-11-21T16:00:00Z"))).toBe(dayNumber("2026-11-22"));
    expect(today("America/Los_Angeles", new Date("2026-11-21T06:00:00Z"))).toBe(dayNumber("2026-11-20"));
  });

  it("offsets follow DST and :30/:45 zones", () => {
    expect(offsetMinutesAt("Europe/Berlin", Date.parse("2026-01-15T12:00:00Z"))).toBe(60);
    expect(offsetMinutesAt("Europe/Berlin", Date.parse("2026-07-15T12:00:00Z"))).toBe(120);
    expect(offsetMinutesAt("Asia/Kathmandu", Date.parse("2026-07-15T12:00:00Z"))).toBe(345);
    expect(offsetMinutesAt("America/St_Johns", Date.parse("2026-01-15T12:00:00Z"))).toBe(-210);
  });

  it("one segment where the offset does not change", () => {
    const day = dayNumber("2026-11-21");
    expect(offsetSegments("Europe/Moscow", day, day)).toEqual([
      { fromHour: hour("2026-11-20T21:00:00Z"), toHour: hour("2026-11-21T21:00:00Z"), offsetMinutes: 180 },
    ]);
  });

  it("Berlin's spring change: a 23-hour day, split at 01:00 UTC", () => {
    const day = dayNumber("2026-03-29");
    expect(offsetSegments("Europe/Berlin", day, day)).toEqual([
      { fromHour: hour("2026-03-28T23:00:00Z"), toHour: hour("2026-03-29T01:00:00Z"), offsetMinutes: 60 },
      { fromHour: hour("2026-03-29T01:00:00Z"), toHour: hour("2026-03-29T22:00:00Z"), offsetMinutes: 120 },
    ]);
  });

  it("a year of New York: three segments, 8760 hours", () => {
    const segments = offsetSegments("America/New_York", dayNumber("2026-01-01"), dayNumber("2026-12-31"));
    expect(segments.map((s) => s.offsetMinutes)).toEqual([-300, -240, -300]);
    expect(segments.at(-1)!.toHour - segments[0]!.fromHour).toBe(8760);
    for (const [a, b] of segments.slice(1).map((s, i) => [segments[i]!, s] as const)) {
      expect(b.fromHour).toBe(a.toHour);
    }
    expect(segments[1]!.fromHour).toBe(hour("2026-03-08T07:00:00Z"));
    expect(segments[2]!.fromHour).toBe(hour("2026-11-01T06:00:00Z"));
  });

  it("Kolkata (+5:30): a day starts with the first whole UTC hour that starts in it", () => {
    const day = dayNumber("2026-03-29");
    // Local midnight is 18:30 UTC; the hour from 19:00 UTC (00:30 local) is the day's first.
    expect(offsetSegments("Asia/Kolkata", day, day)).toEqual([
      { fromHour: hour("2026-03-28T19:00:00Z"), toHour: hour("2026-03-29T19:00:00Z"), offsetMinutes: 330 },
    ]);
  });
});
