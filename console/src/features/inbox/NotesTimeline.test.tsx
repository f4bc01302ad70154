// @vitest-environment happy-dom
import { QueryClient } from "@tanstack/react-query";
import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { installDomStubs, renderInConsole } from "../../testing/render";
import { inboxKeys } from "./api";
import { MessageList } from "./MessageList";
import { mergeNote, notesKeys, type ThreadNote } from "./notes";
import type { Message, Thread } from "./types";

const message = (id: string, author: Message["author"], created_at: string): Message => ({
  id,
  role: author === "user" ? "user" : "assistant",
  author,
  content: `${id} text`,
  created_at,
});
const note = (id: string, created_at: string): ThreadNote => ({
  id,
  thread_id: "visitor-42",
  author: { type: "operator", id: "opr_olga", name: "Olga" },
  text: `${id} text`,
  mentions: [],
  created_at,
  updated_at: created_at,
});
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

beforeAll(installDomStubs);
afterEach(cleanup);

/** The order of what the timeline shows: messages and notes by their ids. */
const timeline = () =>
  [...document.querySelectorAll("[data-message-id], [data-note-id]")].map(
    (element) => element.getAttribute("data-message-id") ?? element.getAttribute("data-note-id"),
  );

describe("private notes in the thread's timeline", () => {
  it("sit among the messages by time, marked as the team's only, and a live one joins them", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData<Message[]>(inboxKeys.messages("visitor-42"), [
      message("msg_1", "user", "2026-01-01T10:00:00.000Z"),
      message("msg_2", "bot", "2026-01-01T10:01:00.000Z"),
    ]);
    queryClient.setQueryData<ThreadNote[]>(notesKeys.thread("visitor-42"), [
      note("note_a", "2026-01-01T10:00:30.000Z"),
    ]);
    queryClient.setQueryData(inboxKeys.feedback("visitor-42"), []);
    renderInConsole(<MessageList thread={thread} personName="Ann" />, queryClient);

    expect(timeline()).toEqual(["msg_1", "note_a", "msg_2"]);
    expect(screen.getByText("Note by Olga")).toBeTruthy();
    expect(screen.getByText("Only your team sees this")).toBeTruthy();

    act(() => {
      queryClient.setQueryData<ThreadNote[]>(notesKeys.thread("visitor-42"), (old) =>
        mergeNote(old ?? [], note("note_b", "2026-01-01T10:05:00.000Z")),
      );
    });
    await screen.findByText("note_b text");
    expect(timeline()).toEqual(["msg_1", "note_a", "msg_2", "note_b"]);
  });
});
