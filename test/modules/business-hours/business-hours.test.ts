import { afterEach, describe, expect, it } from "vitest";
import type { ThreadEvent } from "../../../src/events/thread-event.js";
import { createRepos } from "../../../src/storage/repos/index.js";
import { signIn } from "../../helpers/console-session.js";
import { activeChat, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { ManualClock } from "../../helpers/manual-clock.js";
import { type ScriptedReply, scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

/** Sunday 2026-11-29 11:00 in Berlin: closed until Monday 09:00 (08:00 UTC). */
const SUNDAY = "2026-11-29T10:00:00.000Z";
const MONDAY_OPEN = "2026-11-30T08:00:00.000Z";
/** Monday 2026-11-30 11:00 in Berlin: open until 18:00. */
const MONDAY_MORNING_MS = Date.parse("2026-11-30T10:00:00.000Z");

const day = [{ from: "09:00", to: "18:00" }];
const HOURS = {
  enabled: true,
  timezone: "Europe/Berlin",
  weekly: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: [], sun: [] },
  holidays: [{ date: "2026-12-31", name: "New Year's Eve" }],
  out_of_hours_message: {
    default: "We are out of the office. We are back {{next_open}}.",
    ru: "Сейчас мы не на связи. Вернёмся {{next_open}} ({{timezone}}).",
  },
};

const systemOf = (call: { prompt: Array<{ role: string; content: unknown }> }) =>
  String(call.prompt.find((m) => m.role === "system")?.content ?? "");

const handoffScript = (_options: unknown, call: number): ScriptedReply =>
  call % 2 === 0
    ? { toolCall: { name: "handoff_to_operator", input: { reason: "asks for a person" } } }
    : { text: "A colleague will take over." };

describe.each(DIALECTS)("business hours on %s", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  async function setup(script: (options: never, call: number) => ScriptedReply = () => ({ text: "ok" })) {
    const clock = new ManualClock(SUNDAY);
    const mock = scriptedModel(script as Parameters<typeof scriptedModel>[0]);
    t = await createTestApp({ dialect, clock, modelOverride: () => mock.model });
    const fixture = await activeChat(t);
    return { t, clock, mock, ...fixture };
  }
  /** The thread's messages as people read them (tool steps aside). */
  const messagesOf = async (app: TestApp, threadId: string) =>
    (
      (await app.call("GET", `/v1/threads/${threadId}/messages`)).json() as Array<{
        role: string;
        author: string;
        content: string;
      }>
    ).filter((m) => m.role !== "tool" && m.content !== "");

  it_("defaults, replace, read back, and the status at a given moment", async () => {
    const { t } = await setup();
    const initial = (await t.call("GET", "/v1/business_hours")).json();
    expect(initial).toMatchObject({ enabled: false, timezone: "UTC", holidays: [], updated_at: null });
    expect(initial.weekly.mon).toEqual([]);
    // Off: always open.
    expect((await t.call("GET", "/v1/business_hours/status")).json()).toMatchObject({
      enabled: false,
      open: true,
      next_open_at: null,
      next_close_at: null,
    });

    const saved = await t.call("POST", "/v1/business_hours", { body: HOURS });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ...HOURS, updated_at: SUNDAY });
    expect((await t.call("GET", "/v1/business_hours")).json()).toEqual(saved.json());

    const now = (await t.call("GET", "/v1/business_hours/status")).json();
    expect(now).toEqual({
      enabled: true,
      open: false,
      at: SUNDAY,
      next_open_at: MONDAY_OPEN,
      next_close_at: "2026-11-30T17:00:00.000Z",
      timezone: "Europe/Berlin",
    });
    const during = await t.call("GET", "/v1/business_hours/status?at=2026-12-01T12:00:00%2B01:00");
    expect(during.json()).toMatchObject({
      open: true,
      next_close_at: "2026-12-01T17:00:00.000Z",
      next_open_at: "2026-12-02T08:00:00.000Z",
    });
    // The holiday, a Thursday.
    const holiday = await t.call("GET", "/v1/business_hours/status?at=2026-12-31T10:00:00Z");
    expect(holiday.json()).toMatchObject({ open: false, next_open_at: "2027-01-01T08:00:00.000Z" });

    // Other projects keep their own (the defaults).
    const other = await t.otherProject();
    expect((await t.call("GET", "/v1/business_hours", { key: other.key })).json().enabled).toBe(false);
  });

  it_("bad input is a 422 naming the field, and nothing is stored", async () => {
    const { t } = await setup();
    const cases: Array<[unknown, string]> = [
      [{ ...HOURS, timezone: "Mars/Olympus" }, "timezone"],
      [{ ...HOURS, weekly: { ...HOURS.weekly, mon: [{ from: "9:00", to: "18:00" }] } }, "weekly.mon.0.from"],
      [{ ...HOURS, weekly: { ...HOURS.weekly, tue: [{ from: "09:00", to: "24:30" }] } }, "weekly.tue.0.to"],
      [{ ...HOURS, weekly: { ...HOURS.weekly, wed: [{ from: "18:00", to: "09:00" }] } }, "weekly.wed.0.to"],
      [
        {
          ...HOURS,
          weekly: {
            ...HOURS.weekly,
            thu: [
              { from: "13:00", to: "18:00" },
              { from: "09:00", to: "14:00" },
            ],
          },
        },
        "weekly.thu.0.from",
      ],
      [{ ...HOURS, weekly: { ...HOURS.weekly, someday: [] } }, "weekly"],
      [{ ...HOURS, holidays: [{ date: "2026-02-30" }] }, "holidays.0.date"],
      [{ ...HOURS, holidays: [{ date: "2026-12-31", to: "2026-12-01" }] }, "holidays.0.to"],
      [{ ...HOURS, out_of_hours_message: { ru: "Нет" } }, "out_of_hours_message.default"],
      [{ ...HOURS, out_of_hours_message: { default: "x", "Not a language": "y" } }, "out_of_hours_message"],
    ];
    for (const [body, path] of cases) {
      const response = await t.call("POST", "/v1/business_hours", { body });
      expect(response.statusCode, `${path}: ${response.body}`).toBe(422);
      expect(response.json().code).toBe("validation_failed");
      expect(
        response
          .json()
          .details.map((d: { path: string }) => d.path)
          .join(" "),
      ).toContain(path);
    }
    const badAt = await t.call("GET", "/v1/business_hours/status?at=yesterday");
    expect(badAt.statusCode).toBe(422);
    expect(badAt.json().details[0].path).toContain("at");
    expect((await t.call("GET", "/v1/business_hours")).json().updated_at).toBeNull();
  });

  it_("parallel replacements: each answers 200 and one of them is stored whole", async () => {
    const { t } = await setup();
    const zones = ["Europe/Berlin", "America/New_York", "Asia/Tokyo", "UTC", "Europe/Moscow"];
    const responses = await Promise.all(
      zones.map((timezone) => t.call("POST", "/v1/business_hours", { body: { ...HOURS, timezone } })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(zones.map(() => 200));
    const stored = (await t.call("GET", "/v1/business_hours")).json();
    expect(zones).toContain(stored.timezone);
    expect(stored.weekly).toEqual(HOURS.weekly);
  });

  it_("operators may read and change them from the console", async () => {
    const { t } = await setup();
    const admin = await signIn(t);
    const added = await admin.call("POST", "/v1/operators", {
      email: "olga@example.com",
      name: "Olga",
      password: "operator-password",
      role: "operator",
    });
    expect(added.statusCode, added.body).toBe(200);
    const olga = await signIn(t, "olga@example.com", "operator-password");
    const saved = await olga.call("POST", "/v1/business_hours", HOURS);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await olga.call("GET", "/v1/business_hours")).json().timezone).toBe("Europe/Berlin");
    expect((await olga.call("GET", "/v1/business_hours/status")).json().open).toBe(false);
  });

  it_(
    "a hand-off out of hours tells the customer when people are back, in their language, once",
    async () => {
      const { t, bot, chat, clock } = await setup(handoffScript);
      await t.call("POST", `/v1/bots/${bot.id}/settings`, {
        body: { ai: { tools: { handoff_to_operator: "auto" } } },
      });
      await t.call("POST", "/v1/business_hours", { body: HOURS });

      await streamTurn(t, chat.id, "ru-1", "Позовите, пожалуйста, человека");
      expect((await t.call("GET", "/v1/threads/ru-1")).json().mode).toBe("manual");
      const russian = await messagesOf(t, "ru-1");
      const notices = russian.filter((m) => m.content.startsWith("Сейчас мы не на связи"));
      expect(notices).toEqual([
        expect.objectContaining({
          role: "assistant",
          author: "bot",
          content: "Сейчас мы не на связи. Вернёмся понедельник, 30 ноября в 09:00 (Europe/Berlin).",
        }),
      ]);
      // The customer writes again while people are out: no second notice (no new hand-off).
      await streamTurn(t, chat.id, "ru-1", "Алло?");
      expect((await messagesOf(t, "ru-1")).filter((m) => m.content.startsWith("Сейчас"))).toHaveLength(1);

      await streamTurn(t, chat.id, "en-1", "I want to talk to a person");
      // Sent at the hand-off itself, before the bot's own last words of that turn.
      expect((await messagesOf(t, "en-1")).map((m) => [m.author, m.content])).toEqual([
        ["user", "I want to talk to a person"],
        ["bot", "We are out of the office. We are back Monday, November 30 at 09:00."],
        ["bot", "A colleague will take over."],
      ]);

      // In hours, the hand-off goes without it.
      clock.advance(MONDAY_MORNING_MS - Date.parse(SUNDAY));
      await streamTurn(t, chat.id, "en-2", "I want to talk to a person");
      expect((await t.call("GET", "/v1/threads/en-2")).json().mode).toBe("manual");
      expect((await messagesOf(t, "en-2")).map((m) => m.content)).toEqual([
        "I want to talk to a person",
        "A colleague will take over.",
      ]);
    },
  );

  it_("business hours off, or no message: a hand-off sends nothing more", async () => {
    const { t, bot, chat } = await setup(handoffScript);
    await t.call("POST", `/v1/bots/${bot.id}/settings`, {
      body: { ai: { tools: { handoff_to_operator: "auto" } } },
    });
    await t.call("POST", "/v1/business_hours", { body: { ...HOURS, enabled: false } });
    await streamTurn(t, chat.id, "off-1", "I want to talk to a person");
    expect((await messagesOf(t, "off-1")).map((m) => m.content)).toEqual([
      "I want to talk to a person",
      "A colleague will take over.",
    ]);
    await t.call("POST", "/v1/business_hours", { body: { ...HOURS, out_of_hours_message: null } });
    await streamTurn(t, chat.id, "off-2", "I want to talk to a person");
    expect(await messagesOf(t, "off-2")).toHaveLength(2);
  });

  it_("a failed reply's hand-off out of hours sends the message too", async () => {
    const { t, bot, chat } = await setup(() => ({ error: new Error("invalid request") }));
    await t.call("POST", `/v1/bots/${bot.id}/settings`, { body: { ai: { failure: { handoff: true } } } });
    await t.call("POST", "/v1/business_hours", { body: HOURS });
    await streamTurn(t, chat.id, "fail-1", "Where is my parcel?");
    expect((await t.call("GET", "/v1/threads/fail-1")).json().mode).toBe("manual");
    const notices = (await messagesOf(t, "fail-1")).filter((m) => m.author === "bot");
    expect(notices.map((m) => m.content)).toEqual([
      "We are out of the office. We are back Monday, November 30 at 09:00.",
    ]);
    // Streamed (and so delivered and hooked) like any bot message, after the hand-off.
    const events = (
      await createRepos(t.storage.db).threadEvents.replay<ThreadEvent>({
        projectId: t.projectId,
        threadId: "fail-1",
        afterSeq: 0,
        limit: 100,
      })
    ).map((logged) => logged.event);
    const kinds = events.map((event) =>
      event.type === "message_created" ? `${event.type}:${event.message.author}` : event.type,
    );
    expect(kinds.indexOf("message_created:bot")).toBeGreaterThan(kinds.indexOf("mode_changed"));
  });

  it_("the bot knows: prompt variables and a business hours section reach the model", async () => {
    const { t, bot, chat, clock, mock } = await setup();
    await t.call("POST", `/v1/bots/${bot.id}/settings`, {
      body: {
        ai: {
          instruction:
            "You help. Open now: {{business_hours.open}}. Back: {{ business_hours.next_open }}. {{unknown.name}}",
        },
      },
    });
    // Off: open, nothing to come back to, no section.
    await streamTurn(t, chat.id, "prompt-0", "hi");
    expect(systemOf(mock.calls[0]!)).toBe("You help. Open now: true. Back: . {{unknown.name}}");

    await t.call("POST", "/v1/business_hours", { body: HOURS });
    await streamTurn(t, chat.id, "prompt-1", "hi");
    const closed = systemOf(mock.calls[1]!);
    expect(closed).toContain(
      "You help. Open now: false. Back: Monday, November 30 at 09:00 (Europe/Berlin). {{unknown.name}}",
    );
    expect(closed).toContain("## Business hours");
    expect(closed).toContain("people are back Monday, November 30 at 09:00 (Europe/Berlin)");

    clock.advance(MONDAY_MORNING_MS - Date.parse(SUNDAY));
    await streamTurn(t, chat.id, "prompt-2", "hi");
    const open = systemOf(mock.calls[2]!);
    expect(open).toContain("Open now: true. Back: .");
    expect(open).toContain("The support team is in now, until Monday, November 30 at 18:00 (Europe/Berlin).");
  });
});
