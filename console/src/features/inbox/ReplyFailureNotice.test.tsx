// @vitest-environment happy-dom
import { QueryClient } from "@tanstack/react-query";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { installDomStubs, jsonResponse as json, renderInConsole } from "../../testing/render";
import { inboxKeys } from "./api";
import { MessageList } from "./MessageList";
import { notesKeys } from "./notes";
import { patchThread } from "./thread-list-events";
import { type Message, type Thread, toThreadEvent } from "./types";

const question: Message = {
  id: "msg_q",
  role: "user",
  author: "user",
  content: "Where is my order?",
  created_at: "2026-01-01T00:00:00.000Z",
};
const earlier: Message = { ...question, id: "msg_0", content: "Hi", created_at: "2025-12-31T23:59:00.000Z" };

const failure = {
  code: "model_error",
  reason: "The model provider failed after 3 attempts; try again.",
  attempts: 3,
  message_ids: ["msg_q"],
  failed_at: "2026-01-01T00:00:05.000Z",
};

const thread = (over: Partial<Thread> = {}): Thread => ({
  id: "visitor-42",
  chat_id: "chat_a",
  bot_id: "bot_a",
  mode: "auto",
  title: null,
  last_message_at: question.created_at,
  pending_count: 1,
  created_at: "2025-12-31T00:00:00.000Z",
  reply_failure: failure,
  ...over,
});

function renderList(value: Thread) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData<Message[]>(inboxKeys.messages(value.id), [earlier, question]);
  queryClient.setQueryData(notesKeys.thread(value.id), []);
  renderInConsole(<MessageList thread={value} personName="Ann" />, queryClient);
  return queryClient;
}

beforeAll(installDomStubs);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a failed reply in the thread view", () => {
  it("marks the unanswered message with the reason, and offers Retry and Take over", () => {
    renderList(thread());
    const bubbles = screen.getAllByTestId("message");
    expect(bubbles.map((b) => b.getAttribute("data-unanswered"))).toEqual([null, "true"]);
    expect(screen.getAllByTestId("message-unanswered")).toHaveLength(1);
    const notice = screen.getByTestId("reply-failure");
    expect(notice.getAttribute("data-code")).toBe("model_error");
    expect(notice.textContent).toContain("The model provider failed (3 attempts).");
    expect(notice.textContent).toContain("waiting: 1");
    expect(screen.getByTestId("reply-retry-button")).toBeTruthy();
    expect(screen.getByTestId("reply-take-over-button")).toBeTruthy();
  });

  it("Retry asks the server to answer again", async () => {
    const fetchMock = vi.fn(async () => json(202, { thread_id: "visitor-42", job_id: "job_1" }));
    vi.stubGlobal("fetch", fetchMock);
    renderList(thread());
    fireEvent.click(screen.getByTestId("reply-retry-button"));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/v1/threads/visitor-42/reply/retry");
    expect(init.method).toBe("POST");
    await waitFor(() =>
      expect(screen.getByTestId("reply-retry-button").hasAttribute("data-loading")).toBe(false),
    );
    expect(screen.queryByTestId("reply-failure-error")).toBeNull();
  });

  it("shows why a retry was refused", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        json(409, { code: "nothing_to_retry", message: "No failed reply waits in this thread." }),
      ),
    );
    renderList(thread());
    fireEvent.click(screen.getByTestId("reply-retry-button"));
    const error = await screen.findByTestId("reply-failure-error");
    expect(error.textContent).toContain("No failed reply waits in this thread.");
  });

  it("offers no Retry once taken over, and nothing at all without a failure", () => {
    renderList(thread({ mode: "manual" }));
    expect(screen.queryByTestId("reply-retry-button")).toBeNull();
    expect(screen.queryByTestId("reply-take-over-button")).toBeNull();
    expect(screen.getByTestId("reply-failure").textContent).toContain("Answer the customer below.");
    cleanup();
    renderList(thread({ reply_failure: null }));
    expect(screen.queryByTestId("reply-failure")).toBeNull();
    expect(screen.queryByTestId("message-unanswered")).toBeNull();
  });
});

describe("failed replies, live", () => {
  it("reply_failed marks the thread; a later reply with text clears it", () => {
    const event = toThreadEvent({
      type: "reply_failed",
      thread_id: "visitor-42",
      chat_id: "chat_a",
      bot_id: "bot_a",
      message_ids: ["msg_q"],
      code: "insufficient_credits",
      reason: "The project has no credits left.",
      attempts: 0,
      created_at: "2026-01-01T00:00:09.000Z",
    });
    expect(event).not.toBeNull();
    const failed = patchThread(thread({ reply_failure: null }), event!);
    expect(failed.reply_failure).toEqual({
      code: "insufficient_credits",
      reason: "The project has no credits left.",
      attempts: 0,
      message_ids: ["msg_q"],
      failed_at: "2026-01-01T00:00:09.000Z",
    });

    const toolStep = {
      ...question,
      id: "msg_t",
      role: "assistant" as const,
      author: "bot" as const,
      content: "",
    };
    expect(
      patchThread(failed, { type: "message_created", thread_id: "visitor-42", message: toolStep })
        .reply_failure,
    ).not.toBeNull();
    const reply = { ...toolStep, id: "msg_r", content: "It ships tomorrow." };
    expect(
      patchThread(failed, { type: "message_created", thread_id: "visitor-42", message: reply }).reply_failure,
    ).toBeNull();
    expect(toThreadEvent({ type: "reply_failed", thread_id: "visitor-42" })).toBeNull();
  });
});
