import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ToolRefusal } from "../../src/tools/tool-refusal.js";
import { ChannelError } from "../../src/vendors/contract/channel-error.js";
import { google as googleVendor } from "../../src/vendors/google/index.js";
import { googleCalendarCreateEventTool } from "../../src/vendors/google/tools/create-event.js";
import { googleCalendarFindFreeSlotsTool } from "../../src/vendors/google/tools/find-free-slots.js";
import { GoogleCalendarFake } from "./fakes/google-calendar-fake.js";
import { failureOf, oauthToolContext, runTool } from "./oauth-tool-context.js";

let fake: GoogleCalendarFake;
beforeEach(async () => {
  fake = await GoogleCalendarFake.start();
});
afterEach(async () => {
  await fake.close();
});

const contextWith = (settings: Record<string, unknown> = {}, token = fake.token) =>
  oauthToolContext({ token, apiBase: fake.baseUrl, settings });

/** A Monday at least a week ahead, as a Moscow date (Moscow keeps +03:00 all year). */
function futureMonday(): string {
  const moscow = new Date(Date.now() + 3 * 3_600_000);
  const toMonday = (8 - moscow.getUTCDay()) % 7 || 7;
  return new Date(Date.UTC(moscow.getUTCFullYear(), moscow.getUTCMonth(), moscow.getUTCDate() + toMonday + 7))
    .toISOString()
    .slice(0, 10);
}
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const monday = futureMonday();
const msk = (date: string, time: string) => `${date}T${time}:00+03:00`;

describe("google_calendar_find_free_slots", () => {
  it("the adapter offers both calendar tools under their documented names", () => {
    expect(googleVendor.tools.map((tool) => tool.name)).toEqual([
      "google_calendar_find_free_slots",
      "google_calendar_create_event",
    ]);
  });

  it("answers the free slots within working hours in the calendar's own time zone", async () => {
    fake.primary.busy.push(
      { start: msk(monday, "10:00"), end: msk(monday, "11:20") },
      { start: msk(monday, "13:00"), end: msk(monday, "17:30") },
    );
    const result = await runTool(googleCalendarFindFreeSlotsTool, contextWith(), {
      from: monday,
      to: monday,
      duration_minutes: 60,
    });
    expect(result).toEqual({
      calendar_id: "primary",
      time_zone: "Europe/Moscow",
      duration_minutes: 60,
      working_hours: "09:00–18:00 Mon, Tue, Wed, Thu, Fri (Europe/Moscow)",
      slots: [
        { start: msk(monday, "09:00"), end: msk(monday, "10:00") },
        { start: msk(monday, "11:30"), end: msk(monday, "12:30") },
      ],
      more_available: false,
    });
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /calendar/v3/calendars/primary",
      "POST /calendar/v3/freeBusy",
    ]);
    expect(fake.requests[1]!.body).toEqual({
      timeMin: new Date(msk(monday, "00:00")).toISOString(),
      timeMax: new Date(msk(plusDays(monday, 1), "00:00")).toISOString(),
      items: [{ id: "primary" }],
    });
    expect(fake.requests[1]!.headers.authorization).toBe(`Bearer ${fake.token}`);
  });

  it("reads and shows times in the user's time zone when given, and stops at 10 slots", async () => {
    const result = await runTool(googleCalendarFindFreeSlotsTool, contextWith(), {
      from: `${monday}T11:00`,
      to: plusDays(monday, 2),
      duration_minutes: 30,
      time_zone: "Asia/Yekaterinburg",
    });
    const slots = result.slots as Array<{ start: string; end: string }>;
    expect(result.time_zone).toBe("Asia/Yekaterinburg");
    expect(slots).toHaveLength(10);
    // 11:00 in Yekaterinburg is 09:00 in Moscow: the first working minute.
    expect(slots[0]).toEqual({ start: `${monday}T11:00:00+05:00`, end: `${monday}T11:30:00+05:00` });
    expect(slots[9]).toEqual({ start: `${monday}T15:30:00+05:00`, end: `${monday}T16:00:00+05:00` });
    expect(result.more_available).toBe(true);
  });

  it("uses the configured working hours, days and time zone (no calendar lookup then)", async () => {
    const saturday = plusDays(monday, 5);
    const result = await runTool(
      googleCalendarFindFreeSlotsTool,
      contextWith({
        time_zone: "UTC",
        working_hours_start: "10:00",
        working_hours_end: "11:30",
        working_days: [6],
      }),
      { from: monday, to: plusDays(monday, 6), duration_minutes: 45 },
    );
    expect(result.working_hours).toBe("10:00–11:30 Sat (UTC)");
    expect(result.slots).toEqual([
      { start: `${saturday}T10:00:00+00:00`, end: `${saturday}T10:45:00+00:00` },
      { start: `${saturday}T10:45:00+00:00`, end: `${saturday}T11:30:00+00:00` },
    ]);
    expect(fake.requests.map((r) => r.path)).toEqual(["/calendar/v3/freeBusy"]);
  });

  it("a range outside working hours answers no slots without asking Google", async () => {
    const sunday = plusDays(monday, 6);
    const result = await runTool(
      googleCalendarFindFreeSlotsTool,
      contextWith({ time_zone: "Europe/Moscow" }),
      {
        from: sunday,
        to: sunday,
        duration_minutes: 30,
      },
    );
    expect(result.slots).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it("malformed settings are refusals naming the key, before any call to Google", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ working_hours_start: "9am" }, "settings.working_hours_start"],
      [{ working_hours_start: "18:00", working_hours_end: "09:00" }, "settings.working_hours_end"],
      [{ working_days: [0, 8] }, "settings.working_days"],
      [{ time_zone: "Mars/Base" }, "settings.time_zone"],
      [{ calendar_id: "has space" }, "settings.calendar_id"],
    ];
    for (const [settings, key] of cases) {
      const error = await failureOf(
        runTool(googleCalendarFindFreeSlotsTool, contextWith(settings), {
          from: monday,
          to: monday,
          duration_minutes: 30,
        }),
      );
      expect(error).toBeInstanceOf(ToolRefusal);
      expect(error.message).toContain(key);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it("impossible, reversed, past and too long ranges are refused with a reason", async () => {
    const run = (from: string, to: string) =>
      failureOf(
        runTool(googleCalendarFindFreeSlotsTool, contextWith({ time_zone: "UTC" }), {
          from,
          to,
          duration_minutes: 30,
        }),
      );
    expect((await run("2031-02-30", "2031-03-02")).message).toBe(
      "from '2031-02-30' is not a real date or time",
    );
    expect((await run(plusDays(monday, 1), monday)).message).toBe("`to` must be after `from`");
    expect((await run("2020-01-01", "2020-01-02")).message).toMatch(/^that range is in the past/);
    expect((await run(monday, plusDays(monday, 40))).message).toBe(
      "the range may span at most 31 days; give a shorter one",
    );
    expect(() =>
      googleCalendarFindFreeSlotsTool.inputSchema.parse({
        from: "tomorrow",
        to: monday,
        duration_minutes: 30,
      }),
    ).toThrow(/must be ISO 8601/);
    expect(() =>
      googleCalendarFindFreeSlotsTool.inputSchema.parse({
        from: monday,
        to: monday,
        duration_minutes: 30,
        time_zone: "Nowhere",
      }),
    ).toThrow(/IANA/);
  });

  it("a calendar Google cannot read is a refusal with Google's reason", async () => {
    const viaFreeBusy = await failureOf(
      runTool(
        googleCalendarFindFreeSlotsTool,
        contextWith({ calendar_id: "nobody@example.com", time_zone: "UTC" }),
        {
          from: monday,
          to: monday,
          duration_minutes: 30,
        },
      ),
    );
    expect(viaFreeBusy).toBeInstanceOf(ToolRefusal);
    expect(viaFreeBusy.message).toBe(
      'Google Calendar cannot read the calendar "nobody@example.com": notFound.',
    );
    const viaLookup = await failureOf(
      runTool(googleCalendarFindFreeSlotsTool, contextWith({ calendar_id: "nobody@example.com" }), {
        from: monday,
        to: monday,
        duration_minutes: 30,
      }),
    );
    expect(viaLookup.message).toBe(
      'Google Calendar refused reading the calendar "nobody@example.com" (HTTP 404): Not Found',
    );
  });

  it("Google's rate limit (403 rateLimitExceeded) is a refusal saying to try later", async () => {
    fake.rateLimited = true;
    const error = await failureOf(
      runTool(googleCalendarFindFreeSlotsTool, contextWith(), {
        from: monday,
        to: monday,
        duration_minutes: 30,
      }),
    );
    expect(error).toBeInstanceOf(ToolRefusal);
    expect(error.message).toBe("Google Calendar is limiting requests right now; try again later.");
  });

  it("a refused token is ChannelError credentials_rejected without the token in it", async () => {
    const stale = "ya29.stale-token-value";
    const error = await failureOf(
      runTool(googleCalendarFindFreeSlotsTool, contextWith({}, stale), {
        from: monday,
        to: monday,
        duration_minutes: 30,
      }),
    );
    expect(error).toBeInstanceOf(ChannelError);
    expect((error as ChannelError).kind).toBe("credentials_rejected");
    expect(error.message).not.toContain(stale);
  });
});

describe("google_calendar_create_event", () => {
  it("creates the event at the calendar's local time and invites the attendee; the slot is then busy", async () => {
    const result = await runTool(googleCalendarCreateEventTool, contextWith(), {
      summary: "Demo call with Anna",
      start: `${monday}T11:30`,
      end: `${monday}T12:30`,
      description: "Phone: +7 900 000-00-00",
      attendee_email: "anna@example.org",
    });
    expect(result).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{26}$/),
      url: expect.stringMatching(/^https:\/\/www\.google\.com\/calendar\/event\?eid=/),
      status: "confirmed",
      summary: "Demo call with Anna",
      start: msk(monday, "11:30"),
      end: msk(monday, "12:30"),
      time_zone: "Europe/Moscow",
      invited: "anna@example.org",
    });
    const insert = fake.requests.find((r) => r.method === "POST")!;
    expect(insert.path).toBe("/calendar/v3/calendars/primary/events");
    expect(insert.query).toEqual({ sendUpdates: "all" });
    expect(insert.body).toEqual({
      summary: "Demo call with Anna",
      description: "Phone: +7 900 000-00-00",
      start: { dateTime: msk(monday, "11:30"), timeZone: "Europe/Moscow" },
      end: { dateTime: msk(monday, "12:30"), timeZone: "Europe/Moscow" },
      attendees: [{ email: "anna@example.org" }],
    });

    const slots = await runTool(googleCalendarFindFreeSlotsTool, contextWith(), {
      from: `${monday}T11:00`,
      to: `${monday}T13:00`,
      duration_minutes: 30,
    });
    expect(slots.slots).toEqual([
      { start: msk(monday, "11:00"), end: msk(monday, "11:30") },
      { start: msk(monday, "12:30"), end: msk(monday, "13:00") },
    ]);
  });

  it("an event in a configured calendar with explicit offsets, without attendee, notifies nobody", async () => {
    fake.calendars.set("team@group.calendar.google.com", {
      id: "team@group.calendar.google.com",
      timeZone: "UTC",
      busy: [],
      events: [],
    });
    const result = await runTool(
      googleCalendarCreateEventTool,
      contextWith({ calendar_id: "team@group.calendar.google.com", time_zone: "Europe/Berlin" }),
      { summary: "Call", start: `${monday}T10:00:00Z`, end: `${monday}T10:30:00Z` },
    );
    expect(result.invited).toBeNull();
    const insert = fake.requests.at(-1)!;
    expect(insert.path).toBe("/calendar/v3/calendars/team%40group.calendar.google.com/events");
    expect(insert.query).toEqual({ sendUpdates: "none" });
    expect(insert.body).toMatchObject({ start: { timeZone: "Europe/Berlin" } });
    expect(Date.parse((insert.body as { start: { dateTime: string } }).start.dateTime)).toBe(
      Date.parse(`${monday}T10:00:00Z`),
    );
    expect(fake.calendars.get("team@group.calendar.google.com")!.events).toHaveLength(1);
  });

  it("refuses an end before the start and a start in the past without calling Google", async () => {
    const context = contextWith({ time_zone: "UTC" });
    const reversed = await failureOf(
      runTool(googleCalendarCreateEventTool, context, {
        summary: "x",
        start: `${monday}T12:00`,
        end: `${monday}T11:00`,
      }),
    );
    expect(reversed.message).toBe("`end` must be after `start`");
    const past = await failureOf(
      runTool(googleCalendarCreateEventTool, context, {
        summary: "x",
        start: "2020-01-01T10:00",
        end: "2020-01-01T11:00",
      }),
    );
    expect(past.message).toMatch(/^start is in the past/);
    expect(() =>
      googleCalendarCreateEventTool.inputSchema.parse({ summary: "x", start: monday, end: monday }),
    ).toThrow(/must include a time/);
    expect(() =>
      googleCalendarCreateEventTool.inputSchema.parse({
        summary: "x",
        start: `${monday}T10:00`,
        end: `${monday}T11:00`,
        attendee_email: "not an email",
      }),
    ).toThrow(/email/);
    expect(fake.requests).toHaveLength(0);
  });

  it("Google's refusal reaches the model with Google's words", async () => {
    const error = await failureOf(
      runTool(
        googleCalendarCreateEventTool,
        contextWith({ calendar_id: "gone@example.com", time_zone: "UTC" }),
        {
          summary: "x",
          start: `${monday}T10:00`,
          end: `${monday}T11:00`,
        },
      ),
    );
    expect(error).toBeInstanceOf(ToolRefusal);
    expect(error.message).toBe("Google Calendar refused creating the event (HTTP 404): Not Found");
  });
});
