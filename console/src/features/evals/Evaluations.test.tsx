// @vitest-environment happy-dom
import { QueryClient } from "@tanstack/react-query";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Session } from "../../api/session";
import { SessionProvider } from "../../auth/SessionProvider";
import { stubApi, writes } from "../../testing/fake-api";
import { fakeBotWithVersions } from "../../testing/fake-bot-versions";
import { installDomStubs, jsonResponse, renderInConsole } from "../../testing/render";
import { BotPage } from "../bots/BotPage";
import { inboxKeys } from "../inbox/api";
import type { MessageFeedback } from "../inbox/feedback";
import { MessageList } from "../inbox/MessageList";
import type { Message, Thread } from "../inbox/types";
import type { TurnTrace } from "../traces/types";
import type { EvalCase, EvalComparison, EvalRun, EvalRunDetail } from "./api";

const admin: Session = {
  id: "ses_1",
  user: { id: "opr_me", email: "me@example.com", name: "Me" },
  project: { id: "prj_1", name: "P" },
  role: "admin",
  projects: [],
  csrf_token: "csrf",
  expires_at: "2099-01-01T00:00:00.000Z",
};

const refundCase: EvalCase = {
  id: "evc_1",
  bot_id: "bot_1",
  name: "Refund window",
  messages: [{ role: "user", content: "Can I return my shoes?" }],
  expectations: [{ type: "contains", value: "30 days" }],
  tool_results: {},
  source: { type: "manual", thread_id: null, message_id: null },
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
};

const baseRun: EvalRun = {
  id: "evr_base",
  bot_id: "bot_1",
  version: 3,
  settings_version: "333333333333",
  model: "openai/gpt-5",
  judge_model: null,
  status: "completed",
  passed: true,
  summary: { total: 2, passed: 2, failed: 0, errored: 0 },
  usage: { input_tokens: 100, output_tokens: 40 },
  created_at: "2026-01-01T11:00:00.000Z",
  started_at: "2026-01-01T11:00:01.000Z",
  finished_at: "2026-01-01T11:00:09.000Z",
  error: null,
};
const headRun: EvalRun = {
  ...baseRun,
  id: "evr_head",
  version: 4,
  settings_version: "444444444444",
  passed: false,
  summary: { total: 2, passed: 1, failed: 1, errored: 0 },
  created_at: "2026-01-01T12:00:00.000Z",
};

const trace: TurnTrace = {
  id: "trc_1",
  thread_id: null,
  bot_id: "bot_1",
  bot_version: 4,
  model: "openai/gpt-5",
  settings_version: "444444444444",
  started_at: "2026-01-01T12:00:01.000Z",
  duration_ms: 900,
  first_token_ms: 300,
  outcome: "replied",
  code: null,
  reason: null,
  window: { message_ids: [], recalled: [] },
  knowledge: [],
  model_requests: [],
  tool_calls: [],
  formatting: [],
  usage: { input_tokens: 50, output_tokens: 20 },
  truncated: false,
  message_ids: [],
  credits: null,
  feedback: [],
};

function renderPage(extra: Record<string, (request: { body: unknown; url: URL }) => unknown>, path: string) {
  const backend = fakeBotWithVersions();
  const calls = stubApi({ ...backend.routes, "GET /v1/session": () => admin, ...extra });
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

/** Opens a Select and picks an option of its own list (several selects may be open in the DOM). */
async function pick(input: HTMLElement, name: string) {
  fireEvent.click(input);
  await waitFor(() => expect(input.getAttribute("aria-controls")).toBeTruthy());
  const list = document.getElementById(input.getAttribute("aria-controls")!)!;
  fireEvent.click(await within(list).findByRole("option", { name, hidden: true }));
}

beforeAll(installDomStubs);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the evaluations tab", () => {
  it("creates a case with every kind of field, after naming what to fix", async () => {
    const cases: EvalCase[] = [];
    const calls = renderPage(
      {
        "GET /v1/bots/bot_1/evals/cases": () => ({ data: cases, next_cursor: null }),
        "POST /v1/bots/bot_1/evals/cases": ({ body }) => {
          const saved = { ...refundCase, ...(body as object), id: "evc_2" } as EvalCase;
          cases.push(saved);
          return saved;
        },
      },
      "/bots/bot_1?tab=evals",
    );
    fireEvent.click(await screen.findByTestId("new-case"));
    const form = await screen.findByTestId("case-form");
    // Empty: each field says what it needs, nothing is sent.
    fireEvent.click(within(form).getByTestId("case-save"));
    expect((await within(form).findAllByText("Fill this in.")).length).toBe(3);
    expect(writes(calls)).toEqual([]);

    fireEvent.change(within(form).getByTestId("case-name"), { target: { value: "Refund window" } });
    fireEvent.change(within(form).getByTestId("case-message-text"), {
      target: { value: "Can I return my shoes?" },
    });
    fireEvent.change(within(form).getByTestId("expectation-value"), { target: { value: "30 days" } });
    fireEvent.click(within(form).getByTestId("add-expectation"));
    const second = within(form).getAllByTestId("expectation-row")[1]!;
    // Switch the new row to a rubric.
    const typeInput = within(second)
      .getAllByLabelText("Expectation 2")
      .find((el) => el.tagName === "INPUT")!;
    await pick(typeInput, "Judged by a model");
    fireEvent.change(await within(form).findByTestId("expectation-criteria"), {
      target: { value: "Polite, names the 30-day window." },
    });
    fireEvent.change(within(form).getByTestId("case-tool-results"), {
      target: { value: '{"lookup_order": {"status": "shipped"}}' },
    });
    fireEvent.click(within(form).getByTestId("case-save"));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toEqual({
      method: "POST",
      path: "/v1/bots/bot_1/evals/cases",
      body: {
        name: "Refund window",
        messages: [{ role: "user", content: "Can I return my shoes?" }],
        expectations: [
          { type: "contains", value: "30 days" },
          { type: "rubric", criteria: "Polite, names the 30-day window." },
        ],
        tool_results: { lookup_order: { status: "shipped" } },
      },
    });
    const row = await screen.findByTestId("case-row");
    expect(row.textContent).toContain("Refund window");
  });

  it("shows the API's 422 at the field it names", async () => {
    renderPage(
      {
        "GET /v1/bots/bot_1/evals/cases": () => ({ data: [refundCase], next_cursor: null }),
        "POST /v1/bots/bot_1/evals/cases/evc_1": () =>
          jsonResponse(422, {
            code: "validation_failed",
            message: "invalid",
            details: [
              { path: "expectations.0.value", message: "must be at most 2000 characters" },
              { path: "source", message: "cannot be changed" },
            ],
          }),
      },
      "/bots/bot_1?tab=evals",
    );
    fireEvent.click(await screen.findByTestId("edit-case"));
    const form = await screen.findByTestId("case-form");
    fireEvent.click(within(form).getByTestId("case-save"));
    expect(await within(form).findByText("must be at most 2000 characters")).toBeTruthy();
    expect(within(form).getByRole("alert").textContent).toContain("source: cannot be changed");
  });

  it("runs the cases on a version with another model", async () => {
    const runs: EvalRun[] = [];
    const calls = renderPage(
      {
        "GET /v1/bots/bot_1/evals/cases": () => ({ data: [refundCase], next_cursor: null }),
        "GET /v1/bots/bot_1/evals/runs": () => ({ data: runs, next_cursor: null }),
        "POST /v1/bots/bot_1/evals/runs": () => {
          const queued = { ...baseRun, id: "evr_new", status: "queued" as const, passed: null, version: 2 };
          runs.push(queued);
          return queued;
        },
        "GET /v1/bots/bot_1/evals/runs/evr_new": () => ({ ...runs[0]!, results: [] }),
      },
      "/bots/bot_1?tab=evals",
    );
    const form = await screen.findByTestId("run-form");
    await waitFor(() => expect(within(form).getByTestId("run-start").hasAttribute("disabled")).toBe(false));
    // Published v3 by default (there is no draft); pick v2.
    const version = within(form).getByTestId("run-version");
    expect((version as HTMLInputElement).value).toBe("Published v3");
    await pick(version, "v2");
    await pick(within(form).getByTestId("run-model"), "gpt-5");
    fireEvent.click(within(form).getByTestId("run-start"));
    await waitFor(() =>
      expect(writes(calls)).toEqual([
        { method: "POST", path: "/v1/bots/bot_1/evals/runs", body: { version: 2, model: "openai/gpt-5" } },
      ]),
    );
    // The new run opens, waiting for its results.
    expect(await screen.findByTestId("run-detail")).toBeTruthy();
    expect((await screen.findByTestId("run-badge")).getAttribute("data-status")).toBe("queued");
  });

  it("opens a failure's trace from a run's results", async () => {
    const detail: EvalRunDetail = {
      ...headRun,
      results: [
        {
          case_id: "evc_ok",
          case_name: "Greets",
          status: "passed",
          reply: "Hello!",
          expectations: [{ type: "contains", passed: true, detail: null }],
          tool_calls: [],
          handed_off: false,
          usage: { input_tokens: 1, output_tokens: 1 },
          duration_ms: 500,
          error: null,
          trace_id: "trc_0",
        },
        {
          case_id: "evc_1",
          case_name: "Refund window",
          status: "failed",
          reply: "We take returns within 14 days.",
          expectations: [{ type: "contains", passed: false, detail: '"30 days" is not in the reply' }],
          tool_calls: [{ tool: "lookup_order", arguments: { id: "42" } }],
          handed_off: false,
          usage: { input_tokens: 1, output_tokens: 1 },
          duration_ms: 700,
          error: null,
          trace_id: "trc_1",
        },
      ],
    };
    const calls = renderPage(
      {
        "GET /v1/bots/bot_1/evals/runs/evr_head": () => detail,
        "GET /v1/bots/bot_1/evals/runs/evr_head/results/evc_1/trace": () => trace,
      },
      "/bots/bot_1?tab=evals&run=evr_head",
    );
    const cards = await screen.findAllByTestId("result-card");
    // Failures first.
    expect(cards.map((card) => card.getAttribute("data-status"))).toEqual(["failed", "passed"]);
    expect(cards[0]!.textContent).toContain('"30 days" is not in the reply');
    expect(cards[0]!.textContent).toContain("lookup_order");
    fireEvent.click(within(cards[0]!).getByTestId("open-trace"));
    const shown = await screen.findByTestId("trace");
    expect(shown.textContent).toContain("bot version v4");
    // An evaluation's turn stored no messages: the window says so instead of listing none.
    expect(within(shown).getByTestId("trace-window").textContent).toContain("The test case's conversation");
    expect(calls.map((c) => c.path)).toContain("/v1/bots/bot_1/evals/runs/evr_head/results/evc_1/trace");
  });

  it("compares two runs, what broke first", async () => {
    const comparison: EvalComparison = {
      base: baseRun,
      head: headRun,
      cases: [
        {
          case_id: "a",
          name: "Greets",
          base: { status: "passed", reply: "Hi" },
          head: { status: "passed", reply: "Hi" },
          change: "same",
        },
        {
          case_id: "b",
          name: "Refund window",
          base: { status: "passed", reply: "30 days." },
          head: { status: "failed", reply: "14 days." },
          change: "broken",
        },
        {
          case_id: "c",
          name: "New one",
          base: null,
          head: { status: "passed", reply: "Ok" },
          change: "added",
        },
      ],
    };
    renderPage(
      {
        "GET /v1/bots/bot_1/evals/runs": () => ({ data: [headRun, baseRun], next_cursor: null }),
        "GET /v1/bots/bot_1/evals/compare": ({ url }) =>
          url.searchParams.get("base") === "evr_base" && url.searchParams.get("head") === "evr_head"
            ? comparison
            : jsonResponse(404, { code: "run_not_found", message: "?" }),
      },
      "/bots/bot_1?tab=evals",
    );
    const rows = await screen.findAllByTestId("run-row");
    fireEvent.click(within(rows[0]!).getByTestId("run-select"));
    fireEvent.click(within(rows[1]!).getByTestId("run-select"));
    fireEvent.click(screen.getByTestId("compare-runs"));
    const cases = await screen.findAllByTestId("compare-case");
    expect(cases.map((c) => c.getAttribute("data-change"))).toEqual(["broken", "added", "same"]);
    expect(within(cases[0]!).getByTestId("compare-change").textContent).toBe("Broken");
    expect(cases[0]!.textContent).toContain("30 days.");
    expect(cases[0]!.textContent).toContain("14 days.");
    expect(cases[1]!.textContent).toContain("Not in this run");
    expect(screen.getByTestId("compare-counts").textContent).toContain("1 broken");
  });
});

describe("saving a test case from the inbox", () => {
  const question: Message = {
    id: "msg_q",
    role: "user",
    author: "user",
    content: "Do you ship to Berlin?",
    created_at: "2026-01-01T00:00:00.000Z",
  };
  const answer: Message = { ...question, id: "msg_a", role: "assistant", author: "bot", content: "We ship." };
  const thread: Thread = {
    id: "visitor-42",
    chat_id: "chat_a",
    bot_id: "bot_1",
    mode: "auto",
    title: null,
    last_message_at: answer.created_at,
    pending_count: 0,
    created_at: "2025-12-31T00:00:00.000Z",
  };
  const correction: MessageFeedback = {
    id: "fb_1",
    message_id: "msg_a",
    thread_id: "visitor-42",
    source: "operator",
    rating: "down",
    comment: null,
    correction: "Yes, in 2 days, for free.",
    operator: { id: "opr_me", name: "Me" },
    created_at: "2026-01-01T00:01:00.000Z",
    updated_at: "2026-01-01T00:01:00.000Z",
  };

  function renderThread(session: Session, feedback: MessageFeedback[]) {
    const calls = stubApi({
      "GET /v1/session": () => session,
      "GET /v1/threads/visitor-42/feedback": () => ({ data: feedback }),
      "POST /v1/bots/bot_1/evals/cases/from_thread": () => ({
        ...refundCase,
        name: "Do you ship to Berlin?",
      }),
      "POST /v1/bots/bot_1/evals/cases/from_feedback": () => ({
        ...refundCase,
        name: "Do you ship to Berlin?",
      }),
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(["session"], session);
    client.setQueryData<Message[]>(inboxKeys.messages(thread.id), [question, answer]);
    renderInConsole(
      <SessionProvider>
        <MessageList thread={thread} personName="Ann" />
      </SessionProvider>,
      client,
    );
    return calls;
  }

  it("an admin saves the conversation before an AI message, or its better answer", async () => {
    const calls = renderThread(admin, [correction]);
    const bot = (await screen.findAllByTestId("message")).find(
      (m) => m.getAttribute("data-author") === "bot",
    )!;
    fireEvent.click(within(bot).getByTestId("message-menu"));
    fireEvent.click(await screen.findByTestId("save-test-case"));
    await waitFor(() =>
      expect(writes(calls)).toEqual([
        {
          method: "POST",
          path: "/v1/bots/bot_1/evals/cases/from_thread",
          body: { thread_id: "visitor-42", message_id: "msg_a" },
        },
      ]),
    );
    fireEvent.click(within(bot).getByTestId("message-menu"));
    fireEvent.click(await screen.findByTestId("add-to-tests"));
    await waitFor(() =>
      expect(writes(calls).at(-1)).toEqual({
        method: "POST",
        path: "/v1/bots/bot_1/evals/cases/from_feedback",
        body: { thread_id: "visitor-42", message_id: "msg_a" },
      }),
    );
  });

  it("offers Add to tests only where a 👎 carries a better answer, and nothing to an operator", async () => {
    renderThread(admin, [{ ...correction, correction: null }]);
    const bot = (await screen.findAllByTestId("message")).find(
      (m) => m.getAttribute("data-author") === "bot",
    )!;
    fireEvent.click(within(bot).getByTestId("message-menu"));
    await screen.findByTestId("save-test-case");
    expect(screen.queryByTestId("add-to-tests")).toBeNull();
    cleanup();
    renderThread({ ...admin, role: "operator" }, [correction]);
    await screen.findAllByTestId("message");
    expect(screen.queryByTestId("message-menu")).toBeNull();
  });
});
