import type { LanguageModel } from "ai";
import type { Clock } from "../../src/infra/clock.js";
import { eventually } from "../helpers/conversation-fixtures.js";
import type { TestDialect } from "../helpers/dialects.js";
import { freePort } from "../helpers/server-process.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { TelegramFake } from "./fakes/telegram-fake.js";

/** A running Parley with a Telegram bot connected to a fake Telegram, as a user would set it up. */
export interface TelegramBot {
  fake: TelegramFake;
  t: TestApp;
  /** Parley's public origin (its real loopback port). */
  origin: string;
  /** The webhook URL Parley registered with the fake. */
  hookUrl: string;
  integrationId: string;
  close(): Promise<void>;
}

export async function startTelegramBot(options: {
  model: LanguageModel;
  clock?: Clock;
  /** Partial bot settings applied before the chat is activated. */
  settings?: Record<string, unknown>;
  dialect?: TestDialect;
  /** More environment for Parley (a provider's credentials). */
  env?: Record<string, string>;
  /** How often housekeeping runs (default: the app's). */
  housekeepingIntervalMs?: number;
}): Promise<TelegramBot> {
  const fake = await new TelegramFake().start();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const t = await createTestApp({
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.dialect ? { dialect: options.dialect } : {}),
    env: { ...options.env, ...fake.env, PARLEY_PUBLIC_URL: origin },
    modelOverride: () => options.model,
    ...(options.housekeepingIntervalMs ? { housekeepingIntervalMs: options.housekeepingIntervalMs } : {}),
  });
  await t.app.listen({ port, host: "127.0.0.1" });
  const bot = (await t.call("POST", "/v1/bots", { body: { name: "Telegram bot" } })).json();
  if (options.settings) {
    const saved = await t.call("POST", `/v1/bots/${bot.id}/settings`, { body: options.settings });
    if (saved.statusCode !== 200) throw new Error(`bot settings refused: ${saved.body}`);
  }
  const integration = (
    await t.call("POST", "/v1/integrations", {
      body: { name: "tg", vendor: "telegram", auth_data: fake.authData() },
    })
  ).json();
  const chat = (
    await t.call("POST", `/v1/integrations/${integration.id}/chats`, { body: { bot_id: bot.id, name: "dm" } })
  ).json();
  await t.call("POST", `/v1/integrations/${integration.id}/chats/${chat.id}/status`, {
    body: { status: "active" },
  });
  const hookUrl = await eventually(
    async () => fake.registeredHookUrl(),
    (url) => url !== undefined,
  );
  if (!hookUrl) throw new Error("Parley never registered the Telegram webhook");
  return {
    fake,
    t,
    origin,
    hookUrl,
    integrationId: integration.id,
    async close() {
      await t.close();
      await fake.close();
    },
  };
}
