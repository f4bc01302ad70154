import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_VOICE_BYTES } from "../../../src/modules/engine/voice-transcription.js";
import { eventually } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { countingTranscriber, type FakeOpenAI, startFakeOpenAI } from "../../helpers/fake-openai-server.js";
import { lastUserText, scriptedModel } from "../../helpers/mock-model.js";
import type { TestApp } from "../../helpers/test-app.js";
import type { TelegramFake } from "../../vendors/fakes/telegram-fake.js";
import { startTelegramBot, type TelegramBot } from "../../vendors/telegram-bot.js";

/** Bytes that stand for an Ogg/Opus voice note (the "OggS" capture pattern, then anything). */
function oggBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0x4f, 0x67, 0x67, 0x53, 0x00, 0x02]);
  for (let i = 6; i < Math.min(size, 256); i += 1) bytes[i] = i;
  return bytes;
}

/**
 * Voice messages (docs/channels.md, "Voice"): with the bot's `ai.voice.transcriptionModel` set,
 * a Telegram voice note is fetched from Telegram, sent to the speech-to-text model, and the
 * model reads the transcript; without it, or when transcription fails, the placeholder stays
 * and the bot still answers.
 */
describe.each(DIALECTS)("telegram voice messages (%s)", (dialect) => {
  let bot: TelegramBot;
  let fake: TelegramFake;
  let openai: FakeOpenAI;
  let t: TestApp;
  let botId: string;
  let nextChat = 7000;
  const model = scriptedModel((options) => ({ text: `Heard: ${lastUserText(options)}` }));

  beforeAll(async () => {
    if (shouldSkip(dialect)) return;
    openai = await startFakeOpenAI();
    bot = await startTelegramBot({
      model: model.model,
      dialect,
      env: { OPENAI_API_KEY: "sk-test-voice", OPENAI_BASE_URL: openai.baseUrl },
      settings: { ai: { voice: { transcriptionModel: "openai/whisper-1" } } },
    });
    ({ fake, t } = bot);
    const bots = (await t.call("GET", "/v1/bots")).json();
    botId = (Array.isArray(bots) ? bots : bots.data)[0].id;
  });

  afterAll(async () => {
    await bot?.close();
    await openai?.close();
  });

  const transcriptions = () => openai.requests.filter((r) => r.path === "/v1/audio/transcriptions");

  /** Sends a voice note from a new private chat; resolves with what the bot answered there and the stored message. */
  async function sendVoice(bytes: Uint8Array, duration: number) {
    nextChat += 1;
    const chatId = nextChat;
    const fileId = fake.addFile(`voice/file_${chatId}.oga`, bytes);
    const answer = await fetch(bot.hookUrl, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-telegram-bot-api-secret-token": fake.webhook?.secretToken ?? "",
      },
      body: JSON.stringify({
        update_id: chatId,
        message: {
          message_id: 1,
          date: Math.floor(Date.now() / 1000),
          chat: { id: chatId, type: "private", first_name: "Vo" },
          from: { id: chatId, is_bot: false, first_name: "Vo" },
          voice: {
            file_id: fileId,
            file_unique_id: `u${chatId}`,
            duration,
            mime_type: "audio/ogg",
            file_size: bytes.length,
          },
        },
      }),
    });
    expect(answer.status).toBe(200);
    const sent = await eventually(
      async () => fake.sent.filter((m) => m.conversationId === String(chatId)),
      (list) => list.length > 0,
    );
    const threads = (await t.call("GET", "/v1/threads?limit=100")).json().data as { id: string }[];
    const found = await Promise.all(
      threads.map(async (thread) => (await t.call("GET", `/v1/threads/${thread.id}/messages`)).json()),
    );
    const message = found
      .flat()
      .find((m: { attachments?: { ref?: string }[] }) => m.attachments?.[0]?.ref === fileId);
    return { reply: sent[0]?.text ?? "", message, fileId };
  }

  it.skipIf(shouldSkip(dialect))(
    "a voice note is transcribed before the turn: the model reads the transcript, the message keeps both",
    async () => {
      openai.transcribeWith(() => ({ text: "I would like to book a table for two.", duration: 4.2 }));
      const audio = oggBytes(4096);
      const before = transcriptions().length;
      const { reply, message } = await sendVoice(audio, 4);

      const [request] = transcriptions().slice(before);
      expect(request?.body.model).toBe("whisper-1");
      expect(request?.headers.authorization).toBe("Bearer sk-test-voice");
      expect(request?.file?.fileName).toBe("audio.ogg");
      expect(request?.file?.bytes).toEqual(Buffer.from(audio));

      expect(model.calls.at(-1) && lastUserText(model.calls.at(-1)!)).toBe(
        "[voice message, 4 s] I would like to book a table for two.",
      );
      expect(reply).toBe("Heard: [voice message, 4 s] I would like to book a table for two.");
      expect(message.content).toBe("[voice message, 4 s] I would like to book a table for two.");
      expect(message.attachments).toEqual([
        expect.objectContaining({
          kind: "voice",
          mimeType: "audio/ogg",
          duration: 4,
          transcript: "I would like to book a table for two.",
        }),
      ]);
    },
  );

  it.skipIf(shouldSkip(dialect))(
    "a provider error keeps the placeholder, records the error, and the bot still answers",
    async () => {
      openai.transcribeWith(() => ({
        status: 400,
        errorMessage: "Audio file might be corrupted or unsupported",
      }));
      const before = transcriptions().length;
      const { reply, message } = await sendVoice(oggBytes(1024), 3);
      expect(transcriptions().length).toBeGreaterThan(before);
      expect(reply).toBe("Heard: [voice message, 3 s]");
      expect(message.content).toBe("[voice message, 3 s]");
      expect(message.attachments[0].transcript).toBeUndefined();
      expect(message.attachments[0].transcriptionError).toEqual({
        code: "transcription_failed",
        message: expect.stringContaining("Audio file might be corrupted"),
      });
      openai.transcribeWith(countingTranscriber);
    },
  );

  it.skipIf(shouldSkip(dialect))(
    "a file over the size limit is not sent to the provider; the model is told it was not transcribed",
    async () => {
      const before = transcriptions().length;
      const { reply, message } = await sendVoice(oggBytes(MAX_VOICE_BYTES + 1), 30);
      expect(transcriptions().length).toBe(before);
      expect(reply).toBe("Heard: [voice message, 30 s] (not transcribed: larger than 20 MB)");
      expect(message.attachments[0].transcriptionError.code).toBe("too_large");
    },
  );

  it.skipIf(shouldSkip(dialect))(
    "a recording longer than 10 minutes is refused without fetching or sending it",
    async () => {
      const before = transcriptions().length;
      const { reply, message } = await sendVoice(oggBytes(2048), 601);
      expect(transcriptions().length).toBe(before);
      expect(reply).toBe("Heard: [voice message, 601 s] (not transcribed: longer than 10 minutes)");
      expect(message.attachments[0].transcriptionError.code).toBe("too_long");
    },
  );

  it.skipIf(shouldSkip(dialect))("with transcription off, the placeholder stays as it was", async () => {
    const off = await t.call("POST", `/v1/bots/${botId}/settings`, {
      body: { ai: { voice: { transcriptionModel: null } } },
    });
    expect(off.json().ai.voice).toEqual({ transcriptionModel: null });
    const before = transcriptions().length;
    const { reply, message } = await sendVoice(oggBytes(2048), 5);
    expect(transcriptions().length).toBe(before);
    expect(reply).toBe("Heard: [voice message, 5 s]");
    expect(message.content).toBe("[voice message, 5 s]");
    expect(message.attachments[0].transcript).toBeUndefined();
    expect(message.attachments[0].transcriptionError).toBeUndefined();
  });

  it.skipIf(shouldSkip(dialect))(
    "a transcription model of a provider without speech-to-text is refused",
    async () => {
      const refused = await t.call("POST", `/v1/bots/${botId}/settings`, {
        body: { ai: { voice: { transcriptionModel: "anthropic/claude-sonnet-4-5" } } },
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        code: "validation_failed",
        details: [expect.objectContaining({ path: "ai.voice.transcriptionModel" })],
      });
      const malformed = await t.call("POST", `/v1/bots/${botId}/settings`, {
        body: { ai: { voice: { transcriptionModel: "whisper" } } },
      });
      expect(malformed.statusCode).toBe(422);
    },
  );
});
