import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../helpers/conversation-fixtures.js";
import { ManualClock } from "../../helpers/manual-clock.js";
import { lastUserText, scriptedModel } from "../../helpers/mock-model.js";
import type { TelegramFake } from "../../vendors/fakes/telegram-fake.js";
import { startTelegramBot, type TelegramBot } from "../../vendors/telegram-bot.js";

/**
 * A customer who writes again while the bot is still answering (measured under load: 12 of
 * 2,800 channel messages were never answered). The clock stands still, so every reply job is
 * due at the same instant: the second message's job must not be taken for the running one.
 */
describe("a channel message that arrives while the bot answers the previous one", () => {
  let bot: TelegramBot;
  let fake: TelegramFake;
  let hookUrl: string;
  const scriptedModelDelay = { next: 300 };
  const model = scriptedModel((options) => {
    const delayMs = scriptedModelDelay.next;
    scriptedModelDelay.next = 0;
    return { text: `Echo: ${lastUserText(options)}`, delayMs };
  });

  beforeAll(async () => {
    // A window of one message: what the turn must see is every unanswered message anyway.
    bot = await startTelegramBot({
      model: model.model,
      clock: new ManualClock(),
      settings: { ai: { memory: { lastMessages: 1 } } },
    });
    ({ fake, hookUrl } = bot);
  });

  afterAll(async () => {
    await bot?.close();
  });

  it("is answered too, once", async () => {
    await fake.deliverText({ hookUrl, userId: "900", text: "first" });
    await eventually(
      async () => model.calls.length,
      (n) => n >= 1,
    );
    await fake.deliverText({ hookUrl, userId: "900", text: "second" });
    const texts = await eventually(
      async () => fake.sent.map((m) => m.text),
      (sent) => sent.includes("Echo: second"),
    );
    expect(texts).toEqual(["Echo: first", "Echo: second"]);
  });

  it("shows the model every message that waited, even with replies stored between them", async () => {
    const before = model.calls.length;
    const sent = fake.sent.length;
    const slow = scriptedModelDelay;
    slow.next = 300;
    await fake.deliverText({ hookUrl, userId: "901", text: "alpha" });
    await eventually(
      async () => model.calls.length,
      (n) => n > before,
    );
    await fake.deliverText({ hookUrl, userId: "901", text: "bravo" });
    await fake.deliverText({ hookUrl, userId: "901", text: "charlie" });
    await eventually(
      async () => fake.sent.length - sent,
      (n) => n >= 2,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const prompts = model.calls.slice(before).map((call) => JSON.stringify(call.prompt));
    expect(prompts.some((prompt) => prompt.includes("bravo"))).toBe(true);
    expect(prompts.some((prompt) => prompt.includes("charlie"))).toBe(true);
    // Each prompt ends with what the customer said, not with the bot's earlier reply.
    for (const call of model.calls.slice(before)) expect(call.prompt.at(-1)?.role).toBe("user");
  });
});
