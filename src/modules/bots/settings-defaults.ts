import type { BotSettings } from "./settings-schema.js";

/** A new bot's settings (docs/api.md's settings). */
export function defaultBotSettings(defaultModelId: string): BotSettings {
  return {
    ai: {
      instruction: "You are a helpful assistant.",
      model: {
        id: defaultModelId,
        temperature: null,
        max_tokens: null,
        top_p: null,
        frequency_penalty: null,
        presence_penalty: null,
      },
      memory: {
        lastMessages: 10,
        semanticRecall: false,
        workingMemory: { enabled: false },
        generateTitle: false,
      },
      formatting: { removeEmojis: false, removeMarkdown: false },
      knowledge: { vectorStoreIds: [] },
      tools: {},
      failure: { handoff: false },
      conversation: { autoResolveMinutes: null },
      voice: { transcriptionModel: null },
    },
  };
}
