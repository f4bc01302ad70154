import { defaultBotSettings } from "./settings-defaults.js";
import { mergeBotSettings } from "./settings-merge.js";
import { type BotSettings, type BotSettingsPatch, botSettingsSchema } from "./settings-schema.js";

/** Stored settings JSON, with any field added by a later release filled from the defaults. */
export function readBotSettings(json: string, defaultModel: string): BotSettings {
  const stored = JSON.parse(json) as BotSettingsPatch;
  return botSettingsSchema.parse(mergeBotSettings(defaultBotSettings(defaultModel), stored));
}
