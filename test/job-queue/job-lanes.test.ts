import { afterEach, describe, expect, it } from "vitest";
import { eventually } from "../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../helpers/dialects.js";
import { lastUserText, type ScriptedReply, scriptedModel } from "../helpers/mock-model.js";
import { startTelegramBot, type TelegramBot } from "../vendors/telegram-bot.js";

/**
 * Job lanes (docs/operations.md, "Job worker"): with every slot of the default worker held by
 * turns waiting on their model, a reply that is already written still goes out to the vendor,
 * because sends run in a lane of their own.
 */
describe.each(DIALECTS)("job lanes on %s", (dialect) => {
  let bot: TelegramBot | undefined;
  afterEach(async () => {
    await bot?.close();
    bot = undefined;
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  it_("an operator's message is delivered while every reply slot waits on the model", async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const model = scriptedModel((options): ScriptedReply => {
      const text = lastUserText(options);
      return text.startsWith("slow") ? { text: `Answer to ${text}`, until: gate } : { text: "ok" };
    });
    bot = await startTelegramBot({ model: model.model, dialect, env: { PARLEY_WORKER_CONCURRENCY: "2" } });
    const { fake, t, hookUrl } = bot;

    // Two turns take both slots of the default lane and wait for the model.
    await fake.deliverText({ hookUrl, userId: "501", text: "slow one" });
    await fake.deliverText({ hookUrl, userId: "502", text: "slow two" });
    const running = await eventually(
      () =>
        t.storage.db
          .selectFrom("jobs")
          .select("id")
          .where("type", "=", "thread.reply")
          .where("status", "=", "running")
          .execute(),
      (rows) => rows.length === 2,
    );
    expect(running).toHaveLength(2);

    // A third customer; an operator takes the conversation over and answers.
    const third = await fake.deliverText({ hookUrl, userId: "503", text: "I need a person" });
    const thread = await eventually(
      () =>
        t.storage.db
          .selectFrom("threads")
          .select("id")
          .where("external_conversation_id", "=", third.conversationId)
          .executeTakeFirst(),
      (row) => row !== undefined,
    );
    expect(
      (await t.call("POST", `/v1/threads/${thread!.id}/mode`, { body: { mode: "manual" } })).statusCode,
    ).toBe(200);
    const sent = await t.call("POST", `/v1/threads/${thread!.id}/send`, { body: { text: "A person here" } });
    expect(sent.statusCode, sent.body).toBe(200);

    const delivered = await eventually(
      async () => fake.sent.map((message) => message.text),
      (texts) => texts.includes("A person here"),
    );
    expect(delivered).toContain("A person here");
    // The slow turns still hold their slots: the send did not wait for them.
    expect(delivered.some((text) => text.startsWith("Answer to slow"))).toBe(false);

    open();
    const all = await eventually(
      async () => fake.sent.map((message) => message.text),
      (texts) => texts.filter((text) => text.startsWith("Answer to slow")).length === 2,
    );
    expect(all.filter((text) => text.startsWith("Answer to slow")).sort()).toEqual([
      "Answer to slow one",
      "Answer to slow two",
    ]);
  });
});
