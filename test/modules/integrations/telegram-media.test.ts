import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../helpers/conversation-fixtures.js";
import { lastUserText, scriptedModel } from "../../helpers/mock-model.js";
import type { TestApp } from "../../helpers/test-app.js";
import type { TelegramFake } from "../../vendors/fakes/telegram-fake.js";
import { startTelegramBot, type TelegramBot } from "../../vendors/telegram-bot.js";

/** Bytes that stand for a JPEG (the fake serves them; the model receives them). */
const PHOTO = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, ...Array.from({ length: 64 }, (_, i) => i)]);

/**
 * Files on a channel (docs/channels.md, "Non-text messages" and "Profile"): a customer's photo
 * is stored as a placeholder with its attachment and reaches a model that reads images; the
 * bot's avatar, whose Telegram URL embeds the token, is served through Parley's signed link.
 */
describe("telegram photos and avatars", () => {
  let bot: TelegramBot;
  let fake: TelegramFake;
  let t: TestApp;
  let origin: string;
  let hookUrl: string;
  let integrationId: string;
  const model = scriptedModel((options) => ({ text: `Seen: ${lastUserText(options)}` }));

  beforeAll(async () => {
    bot = await startTelegramBot({ model: model.model });
    ({ fake, t, origin, hookUrl, integrationId } = bot);
  });

  afterAll(async () => {
    await bot?.close();
  });

  it("a photo is stored with its attachment and given to a model that reads images", async () => {
    const small = fake.addFile("photos/file_0.jpg", PHOTO.subarray(0, 8), "image/jpeg");
    const large = fake.addFile("photos/file_1.jpg", PHOTO, "image/jpeg");
    const update = {
      update_id: 900_001,
      message: {
        message_id: 77,
        date: Math.floor(Date.now() / 1000),
        chat: { id: 4242, type: "private", first_name: "Bo" },
        from: { id: 4242, is_bot: false, first_name: "Bo" },
        photo: [
          { file_id: small, file_unique_id: "s", width: 90, height: 90 },
          { file_id: large, file_unique_id: "l", width: 800, height: 600 },
        ],
        caption: "my broken bike",
      },
    };
    const answer = await fetch(hookUrl, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-telegram-bot-api-secret-token": fake.webhook?.secretToken ?? "",
      },
      body: JSON.stringify(update),
    });
    expect(answer.status).toBe(200);
    const sent = await eventually(
      async () => fake.sent.filter((m) => m.conversationId === "4242"),
      (list) => list.length > 0,
    );
    expect(sent[0]?.text).toContain("my broken bike");

    const prompt = model.calls.at(-1)?.prompt ?? [];
    const user = [...prompt].reverse().find((m) => m.role === "user");
    const image = Array.isArray(user?.content)
      ? user.content.find((part) => part.type === "file")
      : undefined;
    expect(image).toMatchObject({ type: "file", mediaType: "image/jpeg" });
    expect(Buffer.from((image as { data: Uint8Array }).data)).toEqual(Buffer.from(PHOTO));

    const threads = (await t.call("GET", "/v1/threads")).json().data;
    const messages = (await t.call("GET", `/v1/threads/${threads[0].id}/messages`)).json();
    expect(messages[0].content).toContain("[photo");
    expect(messages[0].attachments).toEqual([
      expect.objectContaining({ kind: "photo", ref: large, caption: "my broken bike" }),
    ]);
  });

  it("the bot's avatar is a signed Parley link that serves the image without exposing the token", async () => {
    fake.setProfilePhoto(PHOTO);
    const profile = (await t.call("GET", `/v1/integrations/${integrationId}/profile`)).json();
    expect(profile.avatar_url).toMatch(new RegExp(`^${origin}/media/${integrationId}/`));
    expect(profile.avatar_url).not.toContain(fake.token);
    const image = await fetch(profile.avatar_url);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(Buffer.from(PHOTO));
    const forged = await fetch(profile.avatar_url.replace(/sig=.{4}/, "sig=AAAA"));
    expect(forged.status).toBe(404);
  });
});
