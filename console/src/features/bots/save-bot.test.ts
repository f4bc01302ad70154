import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/client";
import type { Draft } from "../versions/api";
import type { Bot, BotSettings } from "./bots-api";
import { baselineAfter, saveBot, toolFieldPaths, valuesAfter } from "./save-bot";
import { toFormValues } from "./settings-form";

const bot: Bot = {
  id: "bot_1",
  name: "Support",
  description: null,
  status: "active",
  project_id: "p",
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
};
const settings = {
  ai: {
    instruction: "Hi",
    model: {
      id: "a/b",
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
    tools: {},
    knowledge: { vectorStoreIds: [] },
  },
} satisfies BotSettings;

const draft = (answer: BotSettings): Draft => ({
  version: 7,
  based_on: 5,
  settings: answer,
  updated_at: "2026-01-01T00:00:00.000Z",
});

const invalid = (details: { path: string; message: string }[]) =>
  new ApiError(422, "validation_failed", "invalid", details);

describe("saveBot", () => {
  it("sends only the parts that changed", async () => {
    const sent: string[] = [];
    const outcome = await saveBot("bot_1", { profile: null, settings: { ai: { instruction: "x" } } }, [], {
      updateBot: async () => {
        sent.push("bot");
        return bot;
      },
      saveDraft: async (_id, patch) => {
        sent.push(`draft ${JSON.stringify(patch)}`);
        return draft(settings);
      },
    });
    // Settings go to the draft, not live (POST /v1/bots/:id/draft).
    expect(sent).toEqual(['draft {"ai":{"instruction":"x"}}']);
    expect(outcome).toMatchObject({
      bot: null,
      settings,
      draft: { version: 7, based_on: 5 },
      fieldErrors: {},
      otherErrors: [],
      failure: null,
    });
  });

  it("maps each request's validation errors to its own fields", async () => {
    const outcome = await saveBot(
      "bot_1",
      { profile: { name: "" }, settings: { ai: { model: { temperature: 3 }, foo: 1 } } },
      ["ai.tools.get_current_time"],
      {
        updateBot: async () => {
          throw invalid([{ path: "name", message: "must not be empty" }]);
        },
        saveDraft: async () => {
          throw invalid([
            { path: "ai.model.temperature", message: "must be between 0 and 2" },
            { path: "ai.foo", message: "unknown field" },
          ]);
        },
      },
    );
    expect(outcome.fieldErrors).toEqual({
      "profile.name": "must not be empty",
      "settings.ai.model.temperature": "must be between 0 and 2",
    });
    expect(outcome.otherErrors).toEqual([{ path: "ai.foo", message: "unknown field" }]);
    expect(outcome.allErrors.map((d) => d.path)).toEqual(["profile.name", "ai.model.temperature", "ai.foo"]);
    expect(outcome.failure).toBeNull();
  });

  it("keeps the saved part when the other one fails for another reason", async () => {
    const forbidden = new ApiError(403, "forbidden", "no");
    const outcome = await saveBot("bot_1", { profile: { name: "New" }, settings: { ai: {} } }, [], {
      updateBot: async () => ({ ...bot, name: "New" }),
      saveDraft: async () => {
        throw forbidden;
      },
    });
    expect(outcome.bot?.name).toBe("New");
    expect(outcome.settings).toBeNull();
    expect(outcome.draft).toBeNull();
    expect(outcome.failure).toBe(forbidden);

    const baseline = toFormValues(bot, settings);
    const edited = structuredClone(baseline);
    edited.profile.name = "New";
    edited.settings.ai.instruction = "edited";
    expect(baselineAfter(baseline, outcome)).toEqual({ profile: { name: "New", description: "" }, settings });
    expect(valuesAfter(edited, outcome).settings.ai.instruction).toBe("edited");
  });
});

describe("toolFieldPaths", () => {
  it("names every tool row once", () => {
    expect(toolFieldPaths(["a", "b"], { b: "auto", c: "auto" })).toEqual([
      "ai.tools.a",
      "ai.tools.b",
      "ai.tools.c",
    ]);
  });
});
