import { describe, expect, it } from "vitest";
import { snoozeTimes } from "./snooze-times";

describe("snoozeTimes", () => {
  it("gives an hour later, tomorrow at 9:00 and next Monday at 9:00, local time", () => {
    // A Wednesday afternoon, local time.
    const now = new Date(2026, 10, 25, 15, 30);
    const times = snoozeTimes(now);
    expect(new Date(times.hour).getTime() - now.getTime()).toBe(60 * 60 * 1000);
    expect(new Date(times.tomorrow)).toEqual(new Date(2026, 10, 26, 9, 0));
    expect(new Date(times.nextWeek)).toEqual(new Date(2026, 10, 30, 9, 0));
  });

  it("on a Monday, next week is the Monday after", () => {
    const monday = new Date(2026, 10, 30, 8, 0);
    expect(new Date(snoozeTimes(monday).nextWeek)).toEqual(new Date(2026, 11, 7, 9, 0));
  });
});
