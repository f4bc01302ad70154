import { defaultBotSettings } from "./settings-defaults.js";
import { mergeBotSettings } from "./settings-merge.js";
import { type BotSettings, type BotSettingsPatch, botSettingsSchema } from "./settings-schema.js";

/** Stored settings JSON, with any field added by a later release filled from the defaults. */
export function readBotSettings(json: string, defaultModel: string): BotSettings {
  const stored = JSON.parse(json) as BotSettingsPatch;
  return botSettingsSchema.parse(mergeBotSettings(defaultBotSettings(defaultModel), stored));
}

const SHARED_CACHE_SIZE = 256;
const shared = new Map<string, BotSettings>();

/**
 * readBotSettings for every turn: the same stored JSON is parsed and validated once (least
 * recently used evicted). The result is shared between turns, so it is deeply frozen: a change
 * to it throws instead of leaking into other turns.
 */
export function readSharedBotSettings(json: string, defaultModel: string): BotSettings {
  const key = `${defaultModel}\u0000${json}`;
  let settings = shared.get(key);
  if (settings) {
    shared.delete(key);
  } else {
    settings = deepFreeze(readBotSettings(json, defaultModel));
    if (shared.size >= SHARED_CACHE_SIZE) shared.delete(shared.keys().next().value as string);
  }
  shared.set(key, settings);
  return settings;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
