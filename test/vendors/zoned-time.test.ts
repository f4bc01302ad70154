import { describe, expect, it } from "vitest";
import { cutSlots, subtractBusy, workingWindows } from "../../src/vendors/google/tools/free-slots.js";
import {
  formatInZone,
  isTimeZone,
  localParts,
  parseTimeInput,
  wallTimeToInstant,
  zoneOffsetMs,
} from "../../src/vendors/google/tools/zoned-time.js";

const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

describe("zoned time (Intl)", () => {
  it("knows IANA zones and refuses others", () => {
    expect(isTimeZone("Europe/Moscow")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Base")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });

  it("offsets and local parts follow DST (Berlin: +01:00 in winter, +02:00 in summer)", () => {
    expect(zoneOffsetMs(at("2026-01-15T12:00:00Z"), "Europe/Berlin")).toBe(HOUR);
    expect(zoneOffsetMs(at("2026-07-15T12:00:00Z"), "Europe/Berlin")).toBe(2 * HOUR);
    expect(zoneOffsetMs(at("2026-07-15T12:00:00Z"), "Asia/Kathmandu")).toBe(5.75 * HOUR);
    expect(localParts(at("2026-03-29T22:30:00Z"), "Europe/Moscow")).toEqual({
      year: 2026,
      month: 3,
      day: 30,
      hour: 1,
      minute: 30,
      second: 0,
      weekday: 1,
    });
  });

  it("wall times become instants; a skipped time moves forward, a repeated one is the first", () => {
    const berlin = (day: number, month: number, hour: number, minute = 0) =>
      wallTimeToInstant({ year: 2026, month, day, hour, minute }, "Europe/Berlin");
    expect(berlin(15, 1, 9)).toBe(at("2026-01-15T08:00:00Z"));
    expect(berlin(15, 7, 9)).toBe(at("2026-07-15T07:00:00Z"));
    // 2026-03-29 02:00 → 03:00: 02:30 does not exist and is read as 03:30 CEST.
    expect(berlin(29, 3, 2, 30)).toBe(at("2026-03-29T01:30:00Z"));
    // 2026-10-25 03:00 → 02:00: 02:30 happens twice; the first is 02:30 CEST.
    expect(berlin(25, 10, 2, 30)).toBe(at("2026-10-25T00:30:00Z"));
  });

  it("formats instants as the zone's wall clock with its offset", () => {
    expect(formatInZone(at("2026-03-10T06:00:00Z"), "Europe/Moscow")).toBe("2026-03-10T09:00:00+03:00");
    expect(formatInZone(at("2026-03-10T15:00:00Z"), "America/New_York")).toBe("2026-03-10T11:00:00-04:00");
    expect(formatInZone(at("2026-03-10T06:00:00Z"), "UTC")).toBe("2026-03-10T06:00:00+00:00");
    expect(formatInZone(at("2026-03-10T06:00:00Z"), "Asia/Kathmandu")).toBe("2026-03-10T11:45:00+05:45");
  });

  it("reads dates, local date-times and date-times with offsets; refuses impossible ones", () => {
    expect(parseTimeInput("2026-03-10", "Europe/Moscow", "start")).toBe(at("2026-03-09T21:00:00Z"));
    expect(parseTimeInput("2026-03-10", "Europe/Moscow", "end")).toBe(at("2026-03-10T21:00:00Z"));
    expect(parseTimeInput("2026-03-10T14:30", "Europe/Moscow", "start")).toBe(at("2026-03-10T11:30:00Z"));
    expect(parseTimeInput("2026-03-10 14:30:15", "UTC", "start")).toBe(at("2026-03-10T14:30:15Z"));
    expect(parseTimeInput("2026-03-10T14:30:00+0500", "UTC", "start")).toBe(at("2026-03-10T09:30:00Z"));
    expect(parseTimeInput("2026-03-10T14:30:00.250Z", "Europe/Moscow", "start")).toBe(
      at("2026-03-10T14:30:00Z"),
    );
    expect(parseTimeInput("2026-02-29", "UTC", "start")).toBeUndefined();
    expect(parseTimeInput("2026-03-10T24:00", "UTC", "start")).toBeUndefined();
    expect(parseTimeInput("2026-03-10T10:00+25:00", "UTC", "start")).toBeUndefined();
    expect(parseTimeInput("next tuesday", "UTC", "start")).toBeUndefined();
  });
});

describe("free slots", () => {
  const berlinHours = {
    startMinute: 9 * 60,
    endMinute: 18 * 60,
    days: new Set([1, 2, 3, 4, 5]),
    zone: "Europe/Berlin",
  };

  it("working windows follow the zone across a DST change and skip days off", () => {
    // Friday 2026-03-27 (CET) to Monday 2026-03-30 (CEST).
    const windows = workingWindows(at("2026-03-27T00:00:00Z"), at("2026-03-31T00:00:00Z"), berlinHours);
    expect(windows).toEqual([
      { start: at("2026-03-27T08:00:00Z"), end: at("2026-03-27T17:00:00Z") },
      { start: at("2026-03-30T07:00:00Z"), end: at("2026-03-30T16:00:00Z") },
    ]);
  });

  it("windows are clipped to the range, and a working day may end at 24:00", () => {
    const allDay = { startMinute: 0, endMinute: 24 * 60, days: new Set([1, 2, 3, 4, 5, 6, 7]), zone: "UTC" };
    expect(workingWindows(at("2026-03-10T22:00:00Z"), at("2026-03-11T01:00:00Z"), allDay)).toEqual([
      { start: at("2026-03-10T22:00:00Z"), end: at("2026-03-11T00:00:00Z") },
      { start: at("2026-03-11T00:00:00Z"), end: at("2026-03-11T01:00:00Z") },
    ]);
    expect(
      workingWindows(at("2026-03-10T12:30:00Z"), at("2026-03-10T13:00:00Z"), { ...berlinHours, zone: "UTC" }),
    ).toEqual([{ start: at("2026-03-10T12:30:00Z"), end: at("2026-03-10T13:00:00Z") }]);
  });

  it("busy intervals (overlapping, unsorted, spilling over) are taken out", () => {
    const window = { start: at("2026-03-10T09:00:00Z"), end: at("2026-03-10T18:00:00Z") };
    const free = subtractBusy(
      [window],
      [
        { start: at("2026-03-10T13:00:00Z"), end: at("2026-03-10T14:00:00Z") },
        { start: at("2026-03-10T08:00:00Z"), end: at("2026-03-10T10:00:00Z") },
        { start: at("2026-03-10T13:30:00Z"), end: at("2026-03-10T15:00:00Z") },
        { start: at("2026-03-10T17:30:00Z"), end: at("2026-03-10T19:00:00Z") },
      ],
    );
    expect(free).toEqual([
      { start: at("2026-03-10T10:00:00Z"), end: at("2026-03-10T13:00:00Z") },
      { start: at("2026-03-10T15:00:00Z"), end: at("2026-03-10T17:30:00Z") },
    ]);
  });

  it("slots start on the quarter hour, run back to back, and stop at the maximum", () => {
    const free = [
      { start: at("2026-03-10T10:05:00Z"), end: at("2026-03-10T11:45:00Z") },
      { start: at("2026-03-10T15:00:00Z"), end: at("2026-03-10T15:20:00Z") },
    ];
    expect(cutSlots(free, 30 * 60_000, 10)).toEqual({
      slots: [
        { start: at("2026-03-10T10:15:00Z"), end: at("2026-03-10T10:45:00Z") },
        { start: at("2026-03-10T10:45:00Z"), end: at("2026-03-10T11:15:00Z") },
        { start: at("2026-03-10T11:15:00Z"), end: at("2026-03-10T11:45:00Z") },
      ],
      truncated: false,
    });
    expect(cutSlots(free, 30 * 60_000, 2).truncated).toBe(true);
    expect(cutSlots(free, 30 * 60_000, 3).truncated).toBe(false);
  });
});
