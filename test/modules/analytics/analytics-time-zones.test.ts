import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnalyticsReport } from "../../../src/modules/analytics/schemas.js";
import { activeChat, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { ManualClock } from "../../helpers/manual-clock.js";
import { scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { keywordScript, PRICED_ENV } from "./analytics-fixtures.js";

/**
 * Days of a time zone are sums of UTC hours (docs/quality.md, "Analytics"): across both of
 * Berlin's 2026 clock changes (29 March, 25 October: a 23-hour and a 25-hour day), in New York,
 * and in Kolkata, whose :30 offset puts an hour into the day its start falls in.
 */
const STARTS = [
  "2026-03-28T18:10:00Z", // Berlin 19:10 (28th); Kolkata 23:40 (28th)
  "2026-03-28T18:40:00Z", // Berlin 19:40 (28th); Kolkata 00:10 (29th), but its hour starts at 23:30 (28th)
  "2026-03-28T22:30:00Z", // Berlin 23:30 CET (28th)
  "2026-03-28T23:30:00Z", // Berlin 00:30 CET (29th)
  "2026-03-29T01:30:00Z", // Berlin 03:30 CEST (29th), after the change at 01:00 UTC; New York 21:30 (28th)
  "2026-03-29T21:30:00Z", // Berlin 23:30 CEST (29th)
  "2026-03-29T22:30:00Z", // Berlin 00:30 CEST (30th)
  "2026-10-24T21:30:00Z", // Berlin 23:30 CEST (24th)
  "2026-10-24T22:30:00Z", // Berlin 00:30 CEST (25th)
  "2026-10-25T22:30:00Z", // Berlin 23:30 CET (25th), after the change at 01:00 UTC
  "2026-10-25T23:30:00Z", // Berlin 00:30 CET (26th)
];

for (const dialect of DIALECTS) {
  describe.skipIf(shouldSkip(dialect))(`analytics days in time zones on ${dialect}`, () => {
    let t: TestApp;
    const clock = new ManualClock(STARTS[0]);
    const model = scriptedModel(keywordScript());

    const conversationsByDay = async (query: string) => {
      const response = await t.call("GET", `/v1/analytics?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const report = response.json() as AnalyticsReport;
      return Object.fromEntries(report.days.map((day) => [day.date, day.conversations]));
    };

    beforeAll(async () => {
      t = await createTestApp({ dialect, env: PRICED_ENV, clock, modelOverride: () => model.model });
      const { chat } = await activeChat(t);
      for (const [i, start] of STARTS.entries()) {
        clock.advance(Date.parse(start) - clock.now().getTime());
        await streamTurn(t, chat.id, `tz-${i}`, "hello");
      }
    });
    afterAll(async () => {
      await t?.close();
    });

    it("UTC", async () => {
      expect(await conversationsByDay("from=2026-03-28&to=2026-03-29")).toEqual({
        "2026-03-28": 4,
        "2026-03-29": 3,
      });
    });

    it("Berlin in spring: the 29th has 23 hours", async () => {
      expect(await conversationsByDay("from=2026-03-28&to=2026-03-30&time_zone=Europe/Berlin")).toEqual({
        "2026-03-28": 3,
        "2026-03-29": 3,
        "2026-03-30": 1,
      });
    });

    it("Berlin in autumn: the 25th has 25 hours", async () => {
      expect(await conversationsByDay("from=2026-10-24&to=2026-10-26&time_zone=Europe/Berlin")).toEqual({
        "2026-10-24": 1,
        "2026-10-25": 2,
        "2026-10-26": 1,
      });
    });

    it("Berlin over both changes: every conversation on its day, once", async () => {
      const days = await conversationsByDay("from=2026-03-28&to=2026-10-26&time_zone=Europe/Berlin");
      expect(Object.keys(days)).toHaveLength(213);
      expect(Object.values(days).reduce((sum, n) => sum + n, 0)).toBe(STARTS.length);
      expect(days).toMatchObject({ "2026-03-28": 3, "2026-03-29": 3, "2026-10-25": 2, "2026-10-26": 1 });
    });

    it("New York (UTC-4 in summer time)", async () => {
      expect(await conversationsByDay("from=2026-03-28&to=2026-03-29&time_zone=America/New_York")).toEqual({
        "2026-03-28": 5,
        "2026-03-29": 2,
      });
    });

    it("Kolkata (UTC+5:30): an hour counts on the day it starts in", async () => {
      expect(await conversationsByDay("from=2026-03-28&to=2026-03-30&time_zone=Asia/Kolkata")).toEqual({
        "2026-03-28": 2,
        "2026-03-29": 3,
        "2026-03-30": 2,
      });
    });
  });
}
