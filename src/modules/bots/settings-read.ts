import { RecentCache } from "../../lib/recent-cache.js";
import { defaultBotSettings } from "./settings-defaults.js";
import { mergeBotSettings } from "./settings-merge.js";
import { type BotSettings, type BotSettingsPatch, botSettingsSchema } from "./settings-schema.js";

/** Stored settings JSON, with any field added by a later release filled from the defaults. */
export function readBotSettings(json: string, defaultModel: string): BotSettings {
  const stored = JSON.parse(json) as BotSettingsPatch;
  return botSettingsSchema.parse(mergeBotSettings(defaultBotSettings(defaultModel), stored));
}

const shared = new RecentCache<string, BotSettings>(256);

/**
 * readBotSettings for every turn: the same stored JSON is parsed and validated once (least
 * recently used evicted). The result is shared between turns, so it is deeply frozen: a change
 * to it throws instead of leaking into other turns.
 */
export function readSharedBotSettings(json: string, defaultModel: string): BotSettings {
  return shared.get(`${defaultModel}\u0000${json}`, () => deepFreeze(readBotSettings(json, defaultModel)));
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * `ai.failure.handoff` of stored settings (false when unset), without validating the whole
 * document: what a failed reply reads (docs/agent.md, "When the AI cannot answer").
 */
export function readFailureHandoff(json: string): boolean {
  try {
    const stored = JSON.parse(json) as BotSettingsPatch;
    return stored.ai?.failure?.handoff === true;
  } catch {
    return false;
  }
}

/**
 * `ai.conversation.autoResolveMinutes` of stored settings (null when unset or unreadable),
 * without validating the whole document: what the auto-resolve sweep reads.
 */
export function readAutoResolveMinutes(json: string): number | null {
  try {
    const minutes = (JSON.parse(json) as BotSettingsPatch).ai?.conversation?.autoResolveMinutes;
    return typeof minutes === "number" && minutes > 0 ? minutes : null;
  } catch {
    return null;
  }
}
