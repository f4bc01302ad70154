import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ThreadEvent } from "../../../src/events/thread-event.js";
import { createRepos } from "../../../src/storage/repos/index.js";
import { activeChat, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { WebhookReceiver } from "../../helpers/webhook-receiver.js";

/**
 * Credits hold under concurrency (docs/billing.md, "When credits run out"): every reply of the
 * mock model costs 70 millicredits (10 input and 5 output tokens at $2 and $10 per million,
 * 1000 credits per dollar); a project with 0.21 credits pays for exactly three. Forty turns at
 * once produce at most one reply beyond that, and every other turn fails visibly.
 */
const TURNS = 40;
const ENV = {
  PARLEY_MODELS: JSON.stringify([{ id: "openai/gpt-5", input_price: 2, output_price: 10 }]),
  PARLEY_CREDITS_PER_USD: "1000",
  PARLEY_BILLING_WELCOME_BONUS: "0.21",
  // No payment provider here: enforcement is asked for explicitly (docs/billing.md, "Enforcement").
  PARLEY_BILLING_ENFORCE: "true",
  PARLEY_WEBHOOKS_ALLOW_PRIVATE: "true",
};

for (const dialect of DIALECTS) {
  describe.skipIf(shouldSkip(dialect))(`credit enforcement under concurrency on ${dialect}`, () => {
    let t: TestApp;
    let receiver: WebhookReceiver;
    // Each call takes a little while, so the turns overlap.
    const model = scriptedModel(() => ({ text: "Here you are.", delayMs: 30 }));

    beforeAll(async () => {
      receiver = await WebhookReceiver.start();
      t = await createTestApp({ dialect, env: ENV, modelOverride: () => model.model });
      await t.call("POST", "/v1/webhook-endpoints", { body: { url: receiver.url } });
    });
    afterAll(async () => {
      await t?.close();
      await receiver?.close();
    });

    it(`${TURNS} concurrent turns on credit for 3: at most 4 replies, the others fail with insufficient_credits`, async () => {
      const { chat } = await activeChat(t);
      const threads = Array.from({ length: TURNS }, (_, i) => `cc-${i}`);
      const turns = await Promise.all(threads.map((id) => streamTurn(t, chat.id, id, "Hello")));

      const replied = threads.filter((_, i) => turns[i]!.events.at(-1)?.type === "finish");
      const refused = threads.filter((_, i) => {
        const last = turns[i]!.events.at(-1);
        return last?.type === "error" && last.code === "insufficient_credits";
      });
      expect(replied.length).toBeGreaterThanOrEqual(1);
      expect(replied.length).toBeLessThanOrEqual(4);
      expect(replied.length + refused.length).toBe(TURNS);
      // Holds kept most turns from calling the model at all.
      expect(model.calls.length).toBeLessThan(TURNS);

      const balance = (await t.call("GET", "/v1/billing/balance")).json();
      expect(balance.credits + balance.bonus).toBeGreaterThanOrEqual(0);
      const charges = (await t.call("GET", "/v1/billing/transactions?limit=100"))
        .json()
        .data.filter((txn: { type: string }) => txn.type === "charge");
      expect(charges).toHaveLength(replied.length);
      const uncollected = charges.filter((txn: { description: string }) =>
        txn.description.includes("could not be collected"),
      );
      expect(uncollected.length).toBeLessThanOrEqual(1);

      // Every refused turn failed visibly: its thread says why, with one event and one webhook.
      for (const id of refused) {
        const thread = (await t.call("GET", `/v1/threads/${id}`)).json();
        expect(thread.reply_failure).toMatchObject({ code: "insufficient_credits" });
        expect(thread.pending_count).toBe(1);
        const events = await createRepos(t.storage.db).threadEvents.replay<ThreadEvent>({
          projectId: t.projectId,
          threadId: id,
          afterSeq: 0,
          limit: 100,
        });
        expect(events.filter((logged) => logged.event.type === "reply_failed")).toHaveLength(1);
      }
      for (const id of replied) {
        expect((await t.call("GET", `/v1/threads/${id}`)).json().reply_failure).toBeNull();
      }
      const failedHooks = () => receiver.accepted.filter((r) => r.body.type === "thread.reply.failed");
      await receiver.waitFor(() => failedHooks().length === refused.length);
      expect(failedHooks().every((r) => r.body.data.code === "insufficient_credits")).toBe(true);
      expect(new Set(failedHooks().map((r) => r.body.data.thread_id))).toEqual(new Set(refused));
    });
  });
}
