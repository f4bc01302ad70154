// @vitest-environment happy-dom
import { QueryClient } from "@tanstack/react-query";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Session } from "../../api/session";
import { SessionProvider } from "../../auth/SessionProvider";
import { stubApi, writes } from "../../testing/fake-api";
import { fakeBotWithVersions } from "../../testing/fake-bot-versions";
import { installDomStubs, renderInConsole } from "../../testing/render";
import { BotPage } from "../bots/BotPage";
import type { EvalRun } from "../evals/api";

const admin: Session = {
  id: "ses_1",
  user: { id: "opr_me", email: "me@example.com", name: "Me" },
  project: { id: "prj_1", name: "P" },
  role: "admin",
  projects: [],
  csrf_token: "csrf",
  expires_at: "2099-01-01T00:00:00.000Z",
};

function run(over: Partial<EvalRun>): EvalRun {
  return {
    id: "evr_1",
    bot_id: "bot_1",
    version: 4,
    settings_version: "444444444444",
    model: "openai/gpt-5",
    judge_model: null,
    status: "completed",
    passed: true,
    summary: { total: 3, passed: 3, failed: 0, errored: 0 },
    usage: { input_tokens: 10, output_tokens: 5 },
    created_at: "2026-01-01T11:00:00.000Z",
    started_at: null,
    finished_at: null,
    error: null,
    ...over,
  };
}

function renderBotPage(backend: ReturnType<typeof fakeBotWithVersions>, path = "/bots/bot_1") {
  const calls = stubApi({ ...backend.routes, "GET /v1/session": () => admin });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(["session"], admin);
  renderInConsole(
    <SessionProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/bots/:botId" element={<BotPage />} />
        </Routes>
      </MemoryRouter>
    </SessionProvider>,
    client,
  );
  return calls;
}

beforeAll(installDomStubs);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const bar = () => screen.getByTestId("draft-bar");

describe("the bot page's draft", () => {
  it("saves settings to the draft, shows it, and publishes it", async () => {
    const backend = fakeBotWithVersions();
    const calls = renderBotPage(backend);
    expect((await screen.findByTestId("draft-state")).textContent).toBe("No unpublished changes");
    expect(within(bar()).getByTestId("published-badge").textContent).toBe("Published v3");
    expect(screen.queryByTestId("publish-draft")).toBeNull();

    fireEvent.change(await screen.findByLabelText("Temperature"), { target: { value: "0.3" } });
    // Unsaved edits: nothing to publish yet.
    fireEvent.click(screen.getByTestId("settings-save"));
    await waitFor(() => expect(screen.getByTestId("draft-state").textContent).toBe("Draft v4, based on v3"));
    expect(writes(calls)).toEqual([
      { method: "POST", path: "/v1/bots/bot_1/draft", body: { ai: { model: { temperature: 0.3 } } } },
    ]);
    // Never evaluated: said beside Publish, which is not gated for this bot.
    await waitFor(() =>
      expect(screen.getByTestId("draft-evaluation").getAttribute("data-kind")).toBe("none"),
    );
    expect(screen.getByTestId("draft-evaluation").textContent).toContain("not evaluated");
    const publish = screen.getByTestId("publish-draft");
    expect(publish.hasAttribute("disabled")).toBe(false);

    fireEvent.click(publish);
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("Customers get the settings of v4 at once, instead of v3");
    fireEvent.change(within(dialog).getByTestId("publish-note"), { target: { value: "Cooler answers" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Publish" }));
    await waitFor(() => expect(screen.getByTestId("draft-state").textContent).toBe("No unpublished changes"));
    expect(within(bar()).getByTestId("published-badge").textContent).toBe("Published v4");
    expect(writes(calls).at(-1)).toEqual({
      method: "POST",
      path: "/v1/bots/bot_1/publish",
      body: { note: "Cooler answers" },
    });
    expect(backend.state.published).toBe(4);
  });

  it("keeps Publish closed while edits are unsaved, and discards a draft", async () => {
    const backend = fakeBotWithVersions();
    backend.routes["POST /v1/bots/bot_1/draft"]!({
      body: { ai: { instruction: "Draft text." } },
      url: new URL("http://x"),
    });
    const calls = renderBotPage(backend);
    await waitFor(() => expect(screen.getByTestId("draft-state").textContent).toBe("Draft v4, based on v3"));
    // The editor holds the draft's settings.
    expect((screen.getByLabelText("Instruction") as HTMLTextAreaElement).value).toBe("Draft text.");
    fireEvent.change(screen.getByLabelText("Temperature"), { target: { value: "0.5" } });
    await waitFor(() => expect(screen.getByTestId("publish-draft").hasAttribute("disabled")).toBe(true));
    expect(screen.getByTestId("publish-blocked").textContent).toContain("Save your changes first");

    fireEvent.click(screen.getByTestId("discard-draft"));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Discard draft" }));
    await waitFor(() => expect(screen.getByTestId("draft-state").textContent).toBe("No unpublished changes"));
    expect(writes(calls)).toEqual([
      { method: "POST", path: "/v1/bots/bot_1/draft/discard", body: undefined },
    ]);
    // The editor starts again from the published settings.
    await waitFor(() =>
      expect((screen.getByLabelText("Instruction") as HTMLTextAreaElement).value).toBe(
        "You answer questions about orders.\nBe brief.",
      ),
    );
  });

  it("with the publish gate on, shows the draft's last run and disables Publish when it failed", async () => {
    const backend = fakeBotWithVersions({
      publishRequiresEvals: true,
      runs: [
        run({ id: "evr_new", passed: false, summary: { total: 3, passed: 2, failed: 1, errored: 0 } }),
        // Another model's run of the same settings does not count.
        run({ id: "evr_other", model: "other/model", created_at: "2026-01-01T11:30:00.000Z" }),
      ],
    });
    backend.routes["POST /v1/bots/bot_1/draft"]!({
      body: { ai: { instruction: "New." } },
      url: new URL("http://x"),
    });
    renderBotPage(backend);
    const evaluation = await screen.findByTestId("draft-evaluation");
    await waitFor(() => expect(evaluation.getAttribute("data-kind")).toBe("failed"));
    expect(within(evaluation).getByTestId("run-badge").textContent).toBe("2/3 passed · 1 failed");
    expect(screen.getByTestId("publish-draft").hasAttribute("disabled")).toBe(true);
    expect(screen.getByTestId("publish-blocked").textContent).toContain(
      "The last evaluation run of this draft failed",
    );
    expect((screen.getByTestId("require-evals") as HTMLInputElement).checked).toBe(true);
  });

  it("shows the server's 409 when the gate refuses a publish", async () => {
    // The page saw a pass; the server knows of a newer failed run.
    const backend = fakeBotWithVersions({ publishRequiresEvals: true, runs: [run({})] });
    backend.routes["POST /v1/bots/bot_1/draft"]!({
      body: { ai: { instruction: "New." } },
      url: new URL("http://x"),
    });
    renderBotPage(backend);
    await waitFor(() =>
      expect(screen.getByTestId("draft-evaluation").getAttribute("data-kind")).toBe("passed"),
    );
    backend.state.runs = [run({ id: "evr_2", passed: false, created_at: "2026-01-01T11:59:00.000Z" })];
    fireEvent.click(screen.getByTestId("publish-draft"));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Publish" }));
    expect((await screen.findByTestId("publish-error")).textContent).toBe(
      "Not published: the last evaluation run of these settings had failures.",
    );
    expect(backend.state.published).toBe(3);
  });

  it("turns the publish gate on", async () => {
    const backend = fakeBotWithVersions();
    const calls = renderBotPage(backend);
    fireEvent.click(await screen.findByTestId("require-evals"));
    await waitFor(() => expect(backend.state.requiresEvals).toBe(true));
    expect(writes(calls)).toEqual([
      { method: "POST", path: "/v1/bots/bot_1", body: { publish_requires_evals: true } },
    ]);
  });
});

describe("the versions tab", () => {
  it("lists the versions, compares two, and rolls back to the one published before", async () => {
    const backend = fakeBotWithVersions();
    backend.routes["POST /v1/bots/bot_1/draft"]!({
      body: { ai: { instruction: "You answer questions about orders.\nBe friendly.\nSign as Ann." } },
      url: new URL("http://x"),
    });
    const calls = renderBotPage(backend, "/bots/bot_1?tab=versions");
    const rows = await screen.findAllByTestId("version-row");
    expect(rows.map((row) => [row.getAttribute("data-version"), row.getAttribute("data-state")])).toEqual([
      ["4", "draft"],
      ["3", "published"],
      ["2", "archived"],
      ["1", "archived"],
    ]);
    expect(within(rows[0]!).getByText("Draft edit")).toBeTruthy();

    fireEvent.click(within(rows[0]!).getByTestId("version-select"));
    fireEvent.click(within(rows[1]!).getByTestId("version-select"));
    fireEvent.click(screen.getByTestId("compare-versions"));
    const diff = await screen.findByTestId("version-diff");
    await waitFor(() =>
      expect(within(diff).getByTestId("version-diff-title").textContent).toBe("Changes from v3 to v4"),
    );
    const change = within(diff).getByTestId("version-change");
    expect(change.getAttribute("data-path")).toBe("ai.instruction");
    // The instruction reads as lines kept, removed and added.
    const lines = [...within(change).getByTestId("version-change-lines").querySelectorAll("[data-kind]")].map(
      (line) => `${line.getAttribute("data-kind")}:${line.textContent?.replace(/^.. ?/, "")}`,
    );
    expect(lines).toEqual([
      "same:You answer questions about orders.",
      "removed:removed line: Be brief.",
      "added:added line: Be friendly.",
      "added:added line: Sign as Ann.",
    ]);

    fireEvent.click(screen.getByTestId("rollback"));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("Customers get v2 again, the version published before v3");
    fireEvent.click(within(dialog).getByRole("button", { name: "Roll back" }));
    await waitFor(() => expect(backend.state.published).toBe(2));
    expect(writes(calls).at(-1)).toEqual({
      method: "POST",
      path: "/v1/bots/bot_1/rollback",
      body: { version: 2 },
    });
    await waitFor(() =>
      expect(
        screen
          .getAllByTestId("version-row")
          .find((row) => row.getAttribute("data-version") === "2")
          ?.getAttribute("data-state"),
      ).toBe("published"),
    );
  });
});
