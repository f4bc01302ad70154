import { describe, expect, it } from "vitest";
import type { BusinessHours } from "./api";
import { formOf, inputOf, timeZones } from "./business-hours-form";

const stored: BusinessHours = {
  enabled: true,
  timezone: "Europe/Berlin",
  weekly: {
    mon: [{ from: "09:00", to: "18:00" }],
    tue: [],
    wed: [],
    thu: [],
    fri: [],
    sat: [],
    sun: [],
  },
  holidays: [{ date: "2026-12-31", name: "New Year's Eve" }],
  out_of_hours_message: { ru: "Вернёмся {{next_open}}", default: "Back {{next_open}}" },
  updated_at: "2026-11-29T10:00:00.000Z",
};

describe("business hours form", () => {
  it("round-trips the stored setting, the default message first", () => {
    const form = formOf(stored);
    expect(form.messages[0]).toEqual({ language: "default", text: "Back {{next_open}}" });
    const { updated_at: _, ...input } = stored;
    expect(inputOf(form)).toEqual(input);
  });

  it("drops empty messages, names and ranges", () => {
    const form = formOf({ ...stored, out_of_hours_message: null });
    expect(form.messages).toEqual([{ language: "default", text: "" }]);
    form.holidays = [{ date: "2027-01-01", to: "", name: "  " }];
    const input = inputOf(form);
    expect(input.out_of_hours_message).toBeNull();
    expect(input.holidays).toEqual([{ date: "2027-01-01" }]);
  });

  it("offers the browser's zones and keeps the current one", () => {
    const zones = timeZones("Mars/Olympus");
    expect(zones).toContain("UTC");
    expect(zones).toContain("Mars/Olympus");
  });
});
