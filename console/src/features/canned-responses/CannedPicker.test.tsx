// @vitest-environment happy-dom
import { QueryClient } from "@tanstack/react-query";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { installDomStubs, jsonResponse as json, renderInConsole } from "../../testing/render";
import { inboxKeys } from "../inbox/api";
import { Composer } from "../inbox/Composer";
import type { Message, Thread } from "../inbox/types";
import type { CannedResponse } from "./api";

const thread: Thread = {
  id: "visitor-42",
  chat_id: "chat_a",
  bot_id: "bot_a",
  mode: "manual",
  title: null,
  last_message_at: null,
  pending_count: 0,
  created_at: "2026-01-01T00:00:00.000Z",
};

const response = (id: string, short_code: string, title: string | null): CannedResponse => ({
  id,
  short_code,
  title,
  content: `Content of ${short_code}`,
  created_by: "opr_1",
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
});

const RESPONSES = [response("cr_1", "refund", "Refund time"), response("cr_2", "hello", "Greeting")];

/** The API: the list (any query) and the render of each response for the thread. */
function fakeApi() {
  const calls: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.startsWith("/v1/canned_responses?")) return json(200, { data: RESPONSES, next_cursor: null });
      const rendered = /^\/v1\/canned_responses\/(cr_\d)\/render$/.exec(url);
      if (rendered) return json(200, { text: `Rendered ${rendered[1]} for Ann` });
      return json(404, { code: "route_not_found", message: url });
    }),
  );
  return calls;
}

function renderComposer() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData<Message[]>(inboxKeys.messages(thread.id), []);
  renderInConsole(<Composer thread={thread} />, queryClient);
  return screen.getByTestId("composer-input") as HTMLTextAreaElement;
}

function type(input: HTMLTextAreaElement, value: string) {
  fireEvent.input(input, { target: { value, selectionStart: value.length, selectionEnd: value.length } });
}

beforeAll(installDomStubs);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the /code picker in the composer", () => {
  it("opens on /, filters by the code, and Enter inserts the text rendered for the thread", async () => {
    const calls = fakeApi();
    const input = renderComposer();
    type(input, "Hi! /");
    await waitFor(() => expect(screen.getAllByTestId("canned-option")).toHaveLength(2));
    type(input, "Hi! /ref");
    await waitFor(() => expect(screen.getAllByTestId("canned-option")).toHaveLength(1));
    expect(screen.getByRole("option").textContent).toContain("/refund");
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() => expect(input.value).toBe("Hi! Rendered cr_1 for Ann"));
    expect(calls.at(-1)).toEqual({
      url: "/v1/canned_responses/cr_1/render",
      body: { thread_id: "visitor-42" },
    });
    expect(screen.queryByTestId("canned-picker")).toBeNull();
  });

  it("moves with the arrows, inserts with Tab, and a click inserts too", async () => {
    fakeApi();
    const input = renderComposer();
    type(input, "/");
    await waitFor(() => expect(screen.getAllByTestId("canned-option")).toHaveLength(2));
    // By code: hello, then refund.
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(screen.getAllByRole("option")[1]?.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(input, { key: "Tab" });
    await waitFor(() => expect(input.value).toBe("Rendered cr_1 for Ann"));

    type(input, "/");
    await waitFor(() => expect(screen.getAllByTestId("canned-option")).toHaveLength(2));
    fireEvent.click(screen.getAllByTestId("canned-option")[0]!);
    await waitFor(() => expect(input.value).toBe("Rendered cr_2 for Ann"));
  });

  it("Esc closes it and Enter is the textarea's again; no match says so", async () => {
    fakeApi();
    const input = renderComposer();
    type(input, "/zzz");
    await screen.findByText("No canned response matches /zzz.");
    type(input, "/ref");
    await waitFor(() => expect(screen.getAllByTestId("canned-option")).toHaveLength(1));
    fireEvent.keyDown(input, { key: "Escape" });
    expect(screen.queryByTestId("canned-picker")).toBeNull();
    expect(input.value).toBe("/ref");
    // A / inside a word opens nothing.
    type(input, "and/or");
    expect(screen.queryByTestId("canned-picker")).toBeNull();
  });
});
