// @vitest-environment happy-dom
import { QueryClient } from "@tanstack/react-query";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { installDomStubs, jsonResponse as json, renderInConsole } from "../../testing/render";
import { inboxKeys } from "./api";
import { notesKeys, type ThreadNote } from "./notes";
import { ThreadComposer } from "./ThreadComposer";
import type { Message, Operator, Thread } from "./types";

const thread: Thread = {
  id: "visitor-42",
  chat_id: "chat_a",
  bot_id: "bot_a",
  mode: "auto",
  title: null,
  last_message_at: null,
  pending_count: 0,
  created_at: "2026-01-01T00:00:00.000Z",
};
const team: Operator[] = [
  { id: "opr_olga", email: "olga@example.com", name: "Olga", role: "operator" },
  { id: "opr_ivan", email: "ivan@example.com", name: "Ivan", role: "operator" },
];

beforeAll(installDomStubs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ThreadComposer", () => {
  it("switches to a private note, offers teammates on @ and sends the chosen one's id", async () => {
    const saved: ThreadNote = {
      id: "note_1",
      thread_id: "visitor-42",
      author: { type: "operator", id: "opr_me", name: "Me" },
      text: "@Olga please check",
      mentions: ["opr_olga"],
      created_at: "2026-01-01T00:02:00.000Z",
      updated_at: "2026-01-01T00:02:00.000Z",
    };
    const fetchMock = vi.fn(async (url: string) =>
      url.startsWith("/v1/operators") ? json(200, { data: team }) : json(200, saved),
    );
    vi.stubGlobal("fetch", fetchMock);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData<Message[]>(inboxKeys.messages("visitor-42"), []);
    queryClient.setQueryData<ThreadNote[]>(notesKeys.thread("visitor-42"), []);
    renderInConsole(<ThreadComposer thread={thread} />, queryClient);

    // In auto mode the reply is closed; a note is open.
    expect(screen.getByTestId("composer-input")).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByText("Private note"));
    const input = (await screen.findByTestId("note-input")) as HTMLTextAreaElement;
    expect(screen.getAllByText("Only your team sees this").length).toBeGreaterThan(0);

    fireEvent.change(input, { target: { value: "@Ol", selectionStart: 3 } });
    const options = await screen.findAllByTestId("mention-option");
    expect(options.map((o) => o.textContent)).toEqual([expect.stringContaining("Olga")]);
    fireEvent.click(options[0]!);
    expect(input.value).toBe("@Olga ");
    fireEvent.change(input, { target: { value: "@Olga please check", selectionStart: 18 } });
    fireEvent.keyDown(input, { key: "Enter", ctrlKey: true });

    await waitFor(() => expect(queryClient.getQueryData(notesKeys.thread("visitor-42"))).toEqual([saved]));
    const post = fetchMock.mock.calls.find(([url]) => url === "/v1/threads/visitor-42/notes");
    expect(post).toBeDefined();
    const init = (post as unknown as [string, RequestInit])[1];
    expect(JSON.parse(String(init.body))).toEqual({ text: "@Olga please check", mentions: ["opr_olga"] });
    expect(input.value).toBe("");
  });
});
