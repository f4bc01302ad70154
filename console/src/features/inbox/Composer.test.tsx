// @vitest-environment happy-dom
import { QueryClient } from "@tanstack/react-query";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { installDomStubs, jsonResponse as json, renderInConsole } from "../../testing/render";
import { inboxKeys } from "./api";
import { Composer } from "./Composer";
import type { Message, Thread } from "./types";

const thread = (mode: Thread["mode"]): Thread => ({
  id: "visitor-42",
  chat_id: "chat_a",
  bot_id: "bot_a",
  mode,
  title: null,
  last_message_at: null,
  pending_count: 1,
  created_at: "2026-01-01T00:00:00.000Z",
});

function renderComposer(mode: Thread["mode"]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData<Message[]>(inboxKeys.messages("visitor-42"), []);
  return renderInConsole(<Composer thread={thread(mode)} />, queryClient);
}

beforeAll(installDomStubs);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Composer", () => {
  it("is closed with a hint while the AI handles the thread", () => {
    renderComposer("auto");
    expect(screen.getByTestId("composer-input")).toHaveProperty("disabled", true);
    expect(screen.getByText("Take over to reply")).toBeTruthy();
    expect(screen.getByTestId("composer-send")).toHaveProperty("disabled", true);
  });

  it("sends with Ctrl+Enter and adds the operator's message to the conversation", async () => {
    const sent: Message = {
      id: "msg_1",
      role: "assistant",
      author: "operator",
      content: "Hi Ann",
      created_at: "2026-01-01T00:01:00.000Z",
    };
    const fetchMock = vi.fn(async () => json(200, sent));
    vi.stubGlobal("fetch", fetchMock);
    const queryClient = renderComposer("manual");
    const input = screen.getByTestId("composer-input");
    fireEvent.change(input, { target: { value: "  Hi Ann  " } });
    fireEvent.keyDown(input, { key: "Enter", ctrlKey: true });
    await waitFor(() => expect(queryClient.getQueryData(inboxKeys.messages("visitor-42"))).toEqual([sent]));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/v1/threads/visitor-42/send");
    expect(JSON.parse(String(init.body))).toEqual({ text: "Hi Ann" });
    expect((input as HTMLTextAreaElement).value).toBe("");
  });

  it("adds reply and link buttons under the reply, leaving out rows without a label", async () => {
    const sent: Message = {
      id: "msg_2",
      role: "assistant",
      author: "operator",
      content: "Pick one",
      created_at: "2026-01-01T00:01:00.000Z",
      buttons: [{ kind: "reply", label: "Call me", id: "msg_2:0" }],
    };
    const fetchMock = vi.fn(async () => json(200, sent));
    vi.stubGlobal("fetch", fetchMock);
    renderComposer("manual");
    fireEvent.change(screen.getByTestId("composer-input"), { target: { value: "Pick one" } });
    for (let i = 0; i < 3; i++) fireEvent.click(screen.getByTestId("composer-add-button"));
    const labels = screen.getAllByTestId("composer-button-label");
    const urls = screen.getAllByTestId("composer-button-url");
    fireEvent.change(labels[0]!, { target: { value: " Call me " } });
    fireEvent.change(labels[1]!, { target: { value: "Our hours" } });
    fireEvent.change(urls[1]!, { target: { value: "https://shop.example/hours" } });
    fireEvent.click(screen.getByTestId("composer-send"));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      text: "Pick one",
      buttons: [{ label: "Call me" }, { label: "Our hours", url: "https://shop.example/hours" }],
    });
    await waitFor(() => expect(screen.queryAllByTestId("composer-button-label")).toHaveLength(0));
  });

  it("shows why the server refused next to the composer", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        json(409, { code: "thread_not_manual", message: "The thread is not in manual mode." }),
      ),
    );
    renderComposer("manual");
    const input = screen.getByTestId("composer-input");
    fireEvent.change(input, { target: { value: "Hello" } });
    fireEvent.click(screen.getByTestId("composer-send"));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Take over to reply");
    expect((input as HTMLTextAreaElement).value).toBe("Hello");
  });
});
