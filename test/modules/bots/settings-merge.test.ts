import { describe, expect, it } from "vitest";
import { defaultBotSettings } from "../../../src/modules/bots/settings-defaults.js";
import { mergeBotSettings } from "../../../src/modules/bots/settings-merge.js";

describe("mergeBotSettings", () => {
  const base = defaultBotSettings("openai/gpt-5");

  it("does not mutate its input", () => {
    const copy = structuredClone(base);
    mergeBotSettings(base, { ai: { tools: { a_tool: "auto" }, memory: { lastMessages: 3 } } });
    expect(base).toEqual(copy);
  });

  it("changes only what the patch names, at any depth", () => {
    const merged = mergeBotSettings(base, { ai: { memory: { workingMemory: { enabled: true } } } });
    expect(merged.ai.memory).toEqual({ ...base.ai.memory, workingMemory: { enabled: true } });
    expect(merged.ai.model).toEqual(base.ai.model);
  });

  it("null clears a model parameter and removes a tool", () => {
    const withValues = mergeBotSettings(base, {
      ai: { model: { top_p: 0.5 }, tools: { x: "auto", y: "user_approve" } },
    });
    const cleared = mergeBotSettings(withValues, { ai: { model: { top_p: null }, tools: { x: null } } });
    expect(cleared.ai.model.top_p).toBeNull();
    expect(cleared.ai.tools).toEqual({ y: "user_approve" });
  });
});
