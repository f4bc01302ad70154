// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { installDomStubs, jsonResponse as json, renderInConsole } from "../../testing/render";
import { BotSettingsEditor } from "./BotSettingsEditor";
import type { Bot, BotSettings, CatalogModel } from "./bots-api";

const bot: Bot = {
  id: "bot_1",
  name: "Support",
  description: null,
  status: "active",
  project_id: "p",
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
};
const settings: BotSettings = {
  ai: {
    instruction: "Be brief.",
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
    tools: {},
    knowledge: { vectorStoreIds: [] },
    failure: { handoff: false },
  },
};
const models: CatalogModel[] = [
  {
    id: "openai/gpt-5",
    provider: "openai",
    name: "gpt-5",
    note: null,
    context_window: 400000,
    images: true,
    pricing: {
      input_usd_per_million: 1,
      output_usd_per_million: 1,
      input_credits_per_million: 1,
      output_credits_per_million: 1,
    },
    configured: true,
    local: null,
  },
];

beforeAll(installDomStubs);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderEditor(settingsAnswer: (body: unknown) => Response) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith("/v1/tools")) {
        return json(200, [
          {
            name: "get_current_time",
            title: url.includes("lang=en") ? "Current time" : "(not asked in the console's language)",
            summary: "Lets the bot look up the time.",
            description: "Clock, for developers (IANA)",
            input_schema: {},
            policies: ["auto"],
          },
        ]);
      }
      if (url.startsWith("/v1/vector_stores")) return json(200, { data: [] });
      // Settings are saved to the draft (docs/quality.md, "Versions and evaluations in the console").
      if (url === "/v1/bots/bot_1/draft" && init?.method === "POST") {
        const body = JSON.parse(init.body as string);
        sent.push(body);
        const answer = settingsAnswer(body);
        if (!answer.ok) return answer;
        const saved = await answer.json();
        return json(200, {
          version: 7,
          based_on: 5,
          settings: saved,
          updated_at: "2026-01-01T00:00:00.000Z",
        });
      }
      return json(404, { code: "not_found", message: url });
    }),
  );
  renderInConsole(<BotSettingsEditor bot={bot} settings={settings} models={models} />);
  return sent;
}

describe("BotSettingsEditor", () => {
  it("sends only the changed field and shows the API's 422 at it, the rest in the alert", async () => {
    const sent = renderEditor(() =>
      json(422, {
        code: "validation_failed",
        message: "invalid",
        details: [
          { path: "ai.model.temperature", message: "must be between 0 and 2" },
          { path: "ai.foo", message: "unknown field" },
        ],
      }),
    );
    const save = screen.getByTestId("settings-save");
    expect(save.hasAttribute("disabled")).toBe(true);
    fireEvent.change(screen.getByLabelText("Temperature"), { target: { value: "3" } });
    await waitFor(() => expect(save.hasAttribute("disabled")).toBe(false));
    fireEvent.click(save);
    await screen.findByText("must be between 0 and 2");
    expect(sent).toEqual([{ ai: { model: { temperature: 3 } } }]);
    expect(screen.getByLabelText("Temperature").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("alert").textContent).toContain("ai.foo: unknown field");
  });

  it("hands threads to operators when the AI cannot answer (ai.failure.handoff)", async () => {
    const sent = renderEditor((body) =>
      json(200, { ai: { ...settings.ai, failure: (body as BotSettings).ai.failure } }),
    );
    fireEvent.click(screen.getByTestId("failure-handoff"));
    fireEvent.click(screen.getByTestId("settings-save"));
    await waitFor(() => expect(sent).toEqual([{ ai: { failure: { handoff: true } } }]));
  });

  it("turns a tool on with its policy", async () => {
    const sent = renderEditor((body) =>
      json(200, { ai: { ...settings.ai, tools: (body as BotSettings).ai.tools } }),
    );
    // The Select's input and its listbox share the label; the input opens the options.
    // The tool is shown by its title and summary for people, in the console's language.
    const labelled = await screen.findAllByLabelText("Policy for Current time");
    expect(screen.getByText("Lets the bot look up the time.")).toBeTruthy();
    expect(screen.queryByText("Clock, for developers (IANA)")).toBeNull();
    fireEvent.click(labelled.find((element) => element.tagName === "INPUT")!);
    fireEvent.click(await screen.findByRole("option", { name: "On: runs at once", hidden: true }));
    fireEvent.click(screen.getByTestId("settings-save"));
    await waitFor(() => expect(sent).toEqual([{ ai: { tools: { get_current_time: "auto" } } }]));
    await waitFor(() => expect(screen.getByTestId("settings-save").hasAttribute("disabled")).toBe(true));
    expect(screen.getByTestId("settings-save").textContent).toBe("Save draft");
  });
});
