import { describe, expect, it } from "vitest";
import { formatActivity } from "./activity-time";
import { isSendShortcut, minScheduleValue, scheduleToIso, sendErrorKey } from "./composer";
import { canReply, modeActions } from "./modes";

describe("composer rules", () => {
  it("sends on Ctrl+Enter or Cmd+Enter only", () => {
    expect(isSendShortcut({ key: "Enter", ctrlKey: true, metaKey: false })).toBe(true);
    expect(isSendShortcut({ key: "Enter", ctrlKey: false, metaKey: true })).toBe(true);
    expect(isSendShortcut({ key: "Enter", ctrlKey: false, metaKey: false })).toBe(false);
    expect(isSendShortcut({ key: "a", ctrlKey: true, metaKey: false })).toBe(false);
  });

  it("turns a local date-time into a future ISO instant", () => {
    const now = new Date(2026, 0, 1, 12, 0);
    const later = scheduleToIso("2026-01-01T12:30", now);
    expect(later).toEqual({ ok: true, iso: new Date(2026, 0, 1, 12, 30).toISOString() });
    expect(scheduleToIso("2026-01-01T11:59", now)).toEqual({ ok: false, reason: "past" });
    expect(scheduleToIso("", now)).toEqual({ ok: false, reason: "invalid" });
    expect(scheduleToIso("2026-13-45T99:99", now)).toEqual({ ok: false, reason: "invalid" });
  });

  it("offers the next minute as the earliest schedule", () => {
    expect(minScheduleValue(new Date(2026, 11, 31, 23, 59, 30))).toBe("2027-01-01T00:00");
  });

  it("explains the send errors it knows", () => {
    expect(sendErrorKey("thread_not_manual")).toBe("composer.errors.thread_not_manual");
    expect(sendErrorKey("validation_failed")).toBeNull();
    expect(sendErrorKey(undefined)).toBeNull();
  });
});

describe("modes", () => {
  it("lets operators reply only while a person handles the thread", () => {
    expect(canReply("manual")).toBe(true);
    expect(canReply("operator")).toBe(false);
    expect(canReply("auto")).toBe(false);
    expect(canReply("blocked")).toBe(false);
  });

  it("offers the mode changes that make sense", () => {
    expect(modeActions("auto")).toEqual({ takeOver: true, handBack: false, block: true });
    expect(modeActions("manual")).toEqual({ takeOver: false, handBack: true, block: true });
    expect(modeActions("operator")).toEqual({ takeOver: true, handBack: true, block: true });
    expect(modeActions("blocked")).toEqual({ takeOver: true, handBack: true, block: false });
  });
});

describe("formatActivity", () => {
  const now = new Date(2026, 5, 15, 18, 0);
  it("shows the time today, the day this year, the full date before", () => {
    expect(formatActivity(new Date(2026, 5, 15, 9, 5).toISOString(), now, "en")).toMatch(/09:05|9:05/);
    expect(formatActivity(new Date(2026, 2, 3, 9, 5).toISOString(), now, "en")).toBe("Mar 3");
    expect(formatActivity(new Date(2025, 2, 3).toISOString(), now, "en")).toBe("Mar 3, 2025");
    expect(formatActivity(null, now, "en")).toBe("");
    expect(formatActivity("garbage", now, "en")).toBe("");
  });
});
