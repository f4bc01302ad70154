import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnalyticsReport } from "../../../src/modules/analytics/schemas.js";
import { activeChat, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { COST_PER_CALL, feedbackEvent, PRICED_ENV, recordThroughListener } from "./analytics-fixtures.js";

/**
 * Rollups under concurrency (docs/quality.md, "Analytics"): turns in parallel all add to the
 * same hourly row, each in its own transaction, and the sums are exact on both dialects.
 */
const TURNS = 24;

for (const dialect of DIALECTS) {
  describe.skipIf(shouldSkip(dialect))(`analytics under parallel requests on ${dialect}`, () => {
    let t: TestApp;
    // Each reply takes a little while, so the turns overlap.
    const model = scriptedModel(() => ({ text: "Here you are.", delayMs: 20 }));

    beforeAll(async () => {
      t = await createTestApp({ dialect, env: PRICED_ENV, modelOverride: () => model.model });
    });
    afterAll(async () => {
      await t?.close();
    });

    it(`${TURNS} turns and ${TURNS} ratings at once: exact counts`, async () => {
      const { chat } = await activeChat(t);
      const threads = Array.from({ length: TURNS }, (_, i) => `par-${i}`);
      const turns = await Promise.all(threads.map((id) => streamTurn(t, chat.id, id, "Hello")));
      expect(turns.every((turn) => turn.events.at(-1)?.type === "finish")).toBe(true);

      const replies = await Promise.all(
        threads.map(async (id) => {
          const messages = (await t.call("GET", `/v1/threads/${id}/messages`)).json() as Array<{
            id: string;
            author: string;
          }>;
          return { id: messages.find((m) => m.author === "bot")!.id, thread_id: id, chat_id: chat.id };
        }),
      );
      await Promise.all(replies.map((reply) => recordThroughListener(t, [feedbackEvent(reply, "up", null)])));

      const now = new Date();
      const day = (offset: number) =>
        new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
      const response = await t.call("GET", `/v1/analytics?from=${day(-1)}&to=${day(1)}`);
      const { totals } = response.json() as AnalyticsReport;
      expect(totals).toMatchObject({
        conversations: TURNS,
        resolved_conversations: TURNS,
        handed_off_conversations: 0,
        messages: 2 * TURNS,
        user_messages: TURNS,
        bot_messages: TURNS,
        bot_replies: TURNS,
        failed_replies: 0,
        first_response: { bot: { count: TURNS } },
        feedback: { up: TURNS, down: 0, score: 1 },
        cost: { credits: (TURNS * COST_PER_CALL) / 1000 },
      });
    });
  });
}
