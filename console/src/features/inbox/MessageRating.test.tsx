// @vitest-environment happy-dom
import { QueryClient } from "@tanstack/react-query";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Session } from "../../api/session";
import { SessionProvider } from "../../auth/SessionProvider";
import { installDomStubs, jsonResponse as json, renderInConsole } from "../../testing/render";
import { inboxKeys } from "./api";
import type { MessageFeedback } from "./feedback";
import { MessageList } from "./MessageList";
import type { Message, Thread } from "./types";

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
  bot_id: "bot_a",
  mode: "auto",
  title: null,
  last_message_at: answer.created_at,
  pending_count: 0,
  created_at: "2025-12-31T00:00:00.000Z",
};
const session: Session = {
  id: "ses_1",
  user: { id: "opr_me", email: "me@example.com", name: "Me" },
  project: { id: "prj_1", name: "P" },
  role: "operator",
  projects: [],
  csrf_token: "csrf",
  expires_at: "2099-01-01T00:00:00.000Z",
};
const customer: MessageFeedback = {
  id: "fb_c",
  message_id: "msg_a",
  thread_id: "visitor-42",
  source: "customer",
  rating: "down",
  comment: "Which carrier?",
  correction: null,
  operator: null,
  created_at: "2026-01-01T00:01:00.000Z",
  updated_at: "2026-01-01T00:01:00.000Z",
};
const mineAs = (over: Partial<MessageFeedback>): MessageFeedback => ({
  ...customer,
  id: "fb_me",
  source: "operator",
  operator: { id: "opr_me", name: "Me" },
  comment: null,
  created_at: "2026-01-01T00:02:00.000Z",
  ...over,
});

type Call = [string, RequestInit];

function renderThread(answers: (url: string, init: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => answers(url, init));
  vi.stubGlobal("fetch", fetchMock);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(["session"], session);
  queryClient.setQueryData<Message[]>(inboxKeys.messages(thread.id), [question, answer]);
  renderInConsole(
    <SessionProvider>
      <MessageList thread={thread} personName="Ann" />
    </SessionProvider>,
    queryClient,
  );
  const sent = () =>
    (fetchMock.mock.calls as unknown as Call[])
      .filter(([, init]) => init.method && init.method !== "GET")
      .map(([url, init]) => [init.method, url, init.body ? JSON.parse(String(init.body)) : undefined]);
  return { queryClient, sent };
}

beforeAll(installDomStubs);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("rating the AI's answers in the thread view", () => {
  it("shows the answer's ratings, rates it, and takes the rating back", async () => {
    let stored: MessageFeedback | null = null;
    const { sent } = renderThread((url, init) => {
      if (url === "/v1/threads/visitor-42/feedback") return json(200, { data: [customer] });
      if (init.method === "POST") {
        stored = mineAs({ rating: JSON.parse(String(init.body)).rating });
        return json(200, stored);
      }
      if (init.method === "DELETE") return json(200, { id: "fb_me", deleted: true });
      return json(404, { code: "not_found", message: "no" });
    });
    const entry = await screen.findByTestId("feedback-entry");
    expect(entry.getAttribute("data-source")).toBe("customer");
    expect(within(entry).getByText("Customer")).toBeTruthy();
    expect(within(entry).getByText("Which carrier?")).toBeTruthy();
    // Only the AI's answer has the buttons.
    expect(screen.getAllByTestId("message-rating")).toHaveLength(1);

    const up = screen.getByTestId("rate-up");
    expect(up.getAttribute("aria-pressed")).toBe("false");
    expect(up.getAttribute("aria-label")).toBe("Good answer");
    fireEvent.click(up);
    await waitFor(() => expect(screen.getByTestId("rate-up").getAttribute("aria-pressed")).toBe("true"));
    expect(screen.getAllByTestId("feedback-entry").map((e) => e.getAttribute("data-rating"))).toEqual([
      "down",
      "up",
    ]);

    fireEvent.click(screen.getByTestId("rate-up"));
    await waitFor(() => expect(screen.getByTestId("rate-up").getAttribute("aria-pressed")).toBe("false"));
    expect(screen.getAllByTestId("feedback-entry")).toHaveLength(1);
    expect(sent()).toEqual([
      [
        "POST",
        "/v1/threads/visitor-42/messages/msg_a/feedback",
        { rating: "up", comment: null, correction: null },
      ],
      ["DELETE", "/v1/threads/visitor-42/messages/msg_a/feedback", undefined],
    ]);
  });

  it("suggests a better answer, kept with a 👎 unless the operator rated otherwise", async () => {
    const { sent } = renderThread((url, init) => {
      if (url === "/v1/threads/visitor-42/feedback") return json(200, { data: [] });
      const body = JSON.parse(String(init.body));
      return json(200, mineAs(body));
    });
    await waitFor(() => expect(screen.getByTestId("suggest-answer")).toBeTruthy());
    fireEvent.click(screen.getByTestId("suggest-answer"));
    fireEvent.change(screen.getByTestId("correction-input"), {
      target: { value: "  Yes: DHL, 2 days.  " },
    });
    fireEvent.click(screen.getByTestId("correction-save"));
    const entry = await screen.findByTestId("feedback-entry");
    expect(within(entry).getByText("Me")).toBeTruthy();
    expect(entry.textContent).toContain("Better answer: Yes: DHL, 2 days.");
    expect(screen.queryByTestId("correction-input")).toBeNull();
    expect(screen.getByTestId("rate-down").getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByTestId("suggest-answer").textContent).toBe("Edit your better answer");
    expect(sent()).toEqual([
      [
        "POST",
        "/v1/threads/visitor-42/messages/msg_a/feedback",
        { rating: "down", correction: "Yes: DHL, 2 days.", comment: null },
      ],
    ]);
  });

  it("a refused rating leaves the buttons as they were", async () => {
    renderThread((url) =>
      url.endsWith("/visitor-42/feedback")
        ? json(200, { data: [] })
        : json(403, { code: "forbidden", message: "Operators work with threads" }),
    );
    await waitFor(() => expect(screen.getByTestId("rate-down")).toBeTruthy());
    fireEvent.click(screen.getByTestId("rate-down"));
    await waitFor(() => expect(screen.getByTestId("rate-down").getAttribute("aria-pressed")).toBe("false"));
    expect(screen.queryAllByTestId("feedback-entry")).toHaveLength(0);
  });
});
