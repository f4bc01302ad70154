import { describe, expect, it } from "vitest";
import {
  formatLocalTime,
  isTimeZone,
  type Schedule,
  scheduleStatus,
  type Weekday,
} from "../../../src/modules/business-hours/schedule.js";

const closedWeek: Record<Weekday, Array<{ from: string; to: string }>> = {
  mon: [],
  tue: [],
  wed: [],
  thu: [],
  fri: [],
  sat: [],
  sun: [],
};

function weekdays(from: string, to: string, zone: string, holidays: Schedule["holidays"] = []): Schedule {
  const day = [{ from, to }];
  return {
    timezone: zone,
    weekly: { ...closedWeek, mon: day, tue: day, wed: day, thu: day, fri: day },
    holidays,
  };
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

describe("business hours schedule", () => {
  it("knows IANA zones and refuses others", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });

  it("is open inside the hours and closed outside them, in the project's zone", () => {
    const berlin = weekdays("09:00", "18:00", "Europe/Berlin");
    // Wednesday 2026-11-25 10:00 UTC is 11:00 in Berlin (CET, +1).
    const open = scheduleStatus(berlin, new Date("2026-11-25T10:00:00Z"));
    expect(open.open).toBe(true);
    expect(iso(open.nextCloseAt)).toBe("2026-11-25T17:00:00.000Z");
    expect(iso(open.nextOpenAt)).toBe("2026-11-26T08:00:00.000Z");
    // Friday 18:30 Berlin: closed until Monday 09:00.
    const closed = scheduleStatus(berlin, new Date("2026-11-27T17:30:00Z"));
    expect(closed.open).toBe(false);
    expect(iso(closed.nextOpenAt)).toBe("2026-11-30T08:00:00.000Z");
    expect(iso(closed.nextCloseAt)).toBe("2026-11-30T17:00:00.000Z");
  });

  it("keeps wall times across Berlin's spring-forward and fall-back", () => {
    const berlin = weekdays("09:00", "18:00", "Europe/Berlin");
    // Clocks go forward on Sunday 2026-03-29: Friday's 09:00 is 08:00 UTC, Monday's 07:00 UTC.
    const beforeSpring = scheduleStatus(berlin, new Date("2026-03-27T20:00:00Z"));
    expect(beforeSpring.open).toBe(false);
    expect(iso(beforeSpring.nextOpenAt)).toBe("2026-03-30T07:00:00.000Z");
    expect(iso(beforeSpring.nextCloseAt)).toBe("2026-03-30T16:00:00.000Z");
    // Clocks go back on Sunday 2026-10-25: Monday's 09:00 is 08:00 UTC again.
    const beforeFall = scheduleStatus(berlin, new Date("2026-10-23T20:00:00Z"));
    expect(iso(beforeFall.nextOpenAt)).toBe("2026-10-26T08:00:00.000Z");
    // 16:30 UTC on Friday 2026-10-23 is 18:30 CEST: closed; 15:30 UTC is 17:30: open.
    expect(scheduleStatus(berlin, new Date("2026-10-23T16:30:00Z")).open).toBe(false);
    expect(scheduleStatus(berlin, new Date("2026-10-23T15:30:00Z")).open).toBe(true);
  });

  it("counts the hours that exist on the day clocks change", () => {
    const everyDay = [{ from: "01:00", to: "04:00" }];
    const berlin: Schedule = {
      timezone: "Europe/Berlin",
      weekly: { ...closedWeek, sun: everyDay },
      holidays: [],
    };
    // Sunday 2026-03-29: 01:00 CET is 00:00 UTC; 04:00 CEST is 02:00 UTC (two real hours).
    const spring = scheduleStatus(berlin, new Date("2026-03-28T12:00:00Z"));
    expect(iso(spring.nextOpenAt)).toBe("2026-03-29T00:00:00.000Z");
    expect(iso(spring.nextCloseAt)).toBe("2026-03-29T02:00:00.000Z");
    // Sunday 2026-10-25: 01:00 CEST is 23:00 UTC the day before; 04:00 CET is 03:00 UTC.
    const fall = scheduleStatus(berlin, new Date("2026-10-24T12:00:00Z"));
    expect(iso(fall.nextOpenAt)).toBe("2026-10-24T23:00:00.000Z");
    expect(iso(fall.nextCloseAt)).toBe("2026-10-25T03:00:00.000Z");
  });

  it("follows New York's own daylight saving dates", () => {
    const newYork = weekdays("09:00", "17:00", "America/New_York");
    // Clocks go forward there on Sunday 2026-03-08 (EST -5 → EDT -4).
    const before = scheduleStatus(newYork, new Date("2026-03-06T23:00:00Z"));
    expect(before.open).toBe(false);
    expect(iso(before.nextOpenAt)).toBe("2026-03-09T13:00:00.000Z");
    // Before the change, 09:00 was 14:00 UTC.
    expect(scheduleStatus(newYork, new Date("2026-03-06T14:30:00Z")).open).toBe(true);
    expect(scheduleStatus(newYork, new Date("2026-03-06T13:30:00Z")).open).toBe(false);
    // After it, 13:30 UTC is 09:30 EDT: open.
    expect(scheduleStatus(newYork, new Date("2026-03-09T13:30:00Z")).open).toBe(true);
  });

  it("stays closed on a holiday that falls on a weekday, and on each day of a range", () => {
    const berlin = weekdays("09:00", "18:00", "Europe/Berlin", [
      { date: "2026-12-31", name: "New Year's Eve" },
      { date: "2027-01-01", to: "2027-01-04" },
    ]);
    // Thursday 2026-12-31 11:00 Berlin: a holiday.
    const status = scheduleStatus(berlin, new Date("2026-12-31T10:00:00Z"));
    expect(status.open).toBe(false);
    // Friday Jan 1 and Monday Jan 4 are closed too: Tuesday Jan 5 at 09:00.
    expect(iso(status.nextOpenAt)).toBe("2027-01-05T08:00:00.000Z");
  });

  it("joins an overnight stretch across midnight", () => {
    const night = [
      { from: "00:00", to: "02:00" },
      { from: "22:00", to: "24:00" },
    ];
    const schedule: Schedule = {
      timezone: "UTC",
      weekly: { mon: night, tue: night, wed: night, thu: night, fri: night, sat: night, sun: night },
      holidays: [],
    };
    const late = scheduleStatus(schedule, new Date("2026-11-25T23:30:00Z"));
    expect(late.open).toBe(true);
    // Open through midnight: it closes at 02:00, not at 24:00.
    expect(iso(late.nextCloseAt)).toBe("2026-11-26T02:00:00.000Z");
    expect(iso(late.nextOpenAt)).toBe("2026-11-26T22:00:00.000Z");
    const early = scheduleStatus(schedule, new Date("2026-11-26T01:00:00Z"));
    expect(early.open).toBe(true);
    expect(scheduleStatus(schedule, new Date("2026-11-26T03:00:00Z")).open).toBe(false);
  });

  it("never opens in a fully closed week and never closes around the clock", () => {
    const closed = scheduleStatus(
      { timezone: "Europe/Berlin", weekly: closedWeek, holidays: [] },
      new Date("2026-11-25T10:00:00Z"),
    );
    expect(closed).toEqual({ open: false, nextOpenAt: null, nextCloseAt: null });
    const all = [{ from: "00:00", to: "24:00" }];
    const always = scheduleStatus(
      {
        timezone: "Europe/Berlin",
        weekly: { mon: all, tue: all, wed: all, thu: all, fri: all, sat: all, sun: all },
        holidays: [],
      },
      new Date("2026-11-25T10:00:00Z"),
    );
    expect(always).toEqual({ open: true, nextOpenAt: null, nextCloseAt: null });
  });

  it("formats the next opening in the customer's language and the project's zone", () => {
    const at = new Date("2026-11-30T08:00:00Z");
    expect(formatLocalTime(at, "Europe/Berlin", "en")).toContain("09:00");
    expect(formatLocalTime(at, "Europe/Berlin", "en")).toContain("Monday");
    expect(formatLocalTime(at, "Europe/Berlin", "ru")).toContain("понедельник");
    expect(formatLocalTime(at, "America/New_York", "en")).toContain("03:00");
  });
});
