import type { BotSettings, BotSettingsPatch } from "./settings-schema.js";

function definedEntries<T extends object>(patch: T | undefined): Partial<T> {
  if (!patch) return {};
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/**
 * Deep partial merge: only the fields present in the patch change. In `ai.tools` a `null`
 * value removes the tool; elsewhere `null` is a value (an unset model parameter).
 */
export function mergeBotSettings(current: BotSettings, patch: BotSettingsPatch): BotSettings {
  const ai = patch.ai;
  if (!ai) return structuredClone(current);
  const tools = { ...current.ai.tools };
  for (const [name, policy] of Object.entries(ai.tools ?? {})) {
    if (policy === null) delete tools[name];
    else tools[name] = policy;
  }
  return {
    ai: {
      instruction: ai.instruction ?? current.ai.instruction,
      model: { ...current.ai.model, ...definedEntries(ai.model) },
      memory: {
        ...current.ai.memory,
        ...definedEntries({ ...ai.memory, workingMemory: undefined }),
        workingMemory: { ...current.ai.memory.workingMemory, ...definedEntries(ai.memory?.workingMemory) },
      },
      formatting: { ...current.ai.formatting, ...definedEntries(ai.formatting) },
      tools,
      knowledge: { ...current.ai.knowledge, ...definedEntries(ai.knowledge) },
      failure: { ...current.ai.failure, ...definedEntries(ai.failure) },
      conversation: { ...current.ai.conversation, ...definedEntries(ai.conversation) },
      voice: { ...current.ai.voice, ...definedEntries(ai.voice) },
    },
  };
}
