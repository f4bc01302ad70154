import { describe, expect, it } from "vitest";
import type { Bot, BotSettings } from "./bots-api";
import {
  type BotFormValues,
  deepEqual,
  diffDocument,
  numberOrNull,
  parseSettingsJson,
  planSave,
  toFormValues,
  withRenderableShape,
} from "./settings-form";

const settings: BotSettings = {
  ai: {
    instruction: "You are a helpful assistant.",
    model: {
      id: "openai/gpt-5",
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
    tools: { get_current_time: "auto" },
    knowledge: { vectorStoreIds: ["vs_a"] },
  },
};

const bot: Bot = {
  id: "bot_1",
  name: "Support",
  description: null,
  status: "active",
  project_id: "prj_1",
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
};

function edit(mutate: (values: BotFormValues) => void): { saved: BotFormValues; edited: BotFormValues } {
  const saved = toFormValues(bot, settings);
  const edited = structuredClone(saved);
  mutate(edited);
  return { saved, edited };
}

describe("diffDocument", () => {
  it("returns undefined when nothing changed", () => {
    expect(diffDocument(settings, structuredClone(settings))).toBeUndefined();
  });

  it("sends only the changed leaves, nested as in the document", () => {
    const after = structuredClone(settings);
    after.ai.model.temperature = 0.3;
    after.ai.memory.workingMemory.enabled = true;
    expect(diffDocument(settings, after)).toEqual({
      ai: { model: { temperature: 0.3 }, memory: { workingMemory: { enabled: true } } },
    });
  });

  it("sends null for a cleared model parameter and a removed tool", () => {
    const before = structuredClone(settings);
    before.ai.model.max_tokens = 500;
    const after = structuredClone(before);
    after.ai.model.max_tokens = null;
    delete (after.ai.tools as Record<string, unknown>).get_current_time;
    after.ai.tools.handoff_to_operator = "operator_approve";
    expect(diffDocument(before, after)).toEqual({
      ai: {
        model: { max_tokens: null },
        tools: { get_current_time: null, handoff_to_operator: "operator_approve" },
      },
    });
  });

  it("replaces arrays whole", () => {
    const after = structuredClone(settings);
    after.ai.knowledge.vectorStoreIds = ["vs_a", "vs_b"];
    expect(diffDocument(settings, after)).toEqual({
      ai: { knowledge: { vectorStoreIds: ["vs_a", "vs_b"] } },
    });
    after.ai.knowledge.vectorStoreIds = [];
    expect(diffDocument(settings, after)).toEqual({ ai: { knowledge: { vectorStoreIds: [] } } });
  });

  it("keeps fields the form does not know (added by the JSON editor) in the patch", () => {
    const after = structuredClone(settings) as BotSettings & { ai: { future?: { x: number } } };
    after.ai.future = { x: 1 };
    expect(diffDocument(settings, after)).toEqual({ ai: { future: { x: 1 } } });
  });

  it("deepEqual tells arrays from objects and compares keys both ways", () => {
    expect(deepEqual([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(deepEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(deepEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
  });
});

describe("planSave", () => {
  it("plans nothing for an untouched form", () => {
    const { saved, edited } = edit(() => {});
    expect(planSave(saved, edited)).toEqual({ profile: null, settings: null });
  });

  it("splits profile and settings changes between the two routes", () => {
    const { saved, edited } = edit((v) => {
      v.profile.name = "  Sales  ";
      v.settings.ai.instruction = "Sell.";
    });
    expect(planSave(saved, edited)).toEqual({
      profile: { name: "Sales" },
      settings: { ai: { instruction: "Sell." } },
    });
  });

  it("sends description null when it is cleared, and nothing when only whitespace was typed into an empty one", () => {
    const withDescription = { ...bot, description: "Answers orders" };
    const saved = toFormValues(withDescription, settings);
    expect(planSave(saved, { ...saved, profile: { name: "Support", description: "" } }).profile).toEqual({
      description: null,
    });
    const empty = toFormValues(bot, settings);
    expect(
      planSave(empty, { ...empty, profile: { name: "Support", description: "   " } }).profile,
    ).toBeNull();
  });

  it("does not mutate the saved values (the form gets a copy of the settings)", () => {
    const saved = toFormValues(bot, settings);
    saved.settings.ai.model.temperature = 1;
    expect(settings.ai.model.temperature).toBeNull();
  });
});

describe("numberOrNull", () => {
  it("maps a cleared NumberInput to null and keeps numbers", () => {
    expect(numberOrNull("")).toBeNull();
    expect(numberOrNull(0)).toBe(0);
    expect(numberOrNull("1.5")).toBe(1.5);
    expect(numberOrNull("-")).toBeNull();
  });
});

describe("parseSettingsJson", () => {
  it("accepts a document with an ai object", () => {
    const result = parseSettingsJson(JSON.stringify(settings));
    expect(result).toEqual({ ok: true, settings });
  });

  it("refuses bad JSON and documents without ai", () => {
    expect(parseSettingsJson("{")).toMatchObject({ ok: false, reason: "syntax" });
    expect(parseSettingsJson("[]")).toMatchObject({ ok: false, reason: "shape" });
    expect(parseSettingsJson('{"ai": 1}')).toMatchObject({ ok: false, reason: "shape" });
  });
});

describe("withRenderableShape", () => {
  it("fills missing objects and lists so the controls can render, keeping written values", () => {
    const shaped = withRenderableShape({ ai: { instruction: "x" } } as unknown as BotSettings);
    expect(shaped.ai.instruction).toBe("x");
    expect(shaped.ai.tools).toEqual({});
    expect(shaped.ai.knowledge.vectorStoreIds).toEqual([]);
    expect(shaped.ai.memory.workingMemory).toEqual({});
    expect(withRenderableShape(settings)).toEqual(settings);
  });
});
