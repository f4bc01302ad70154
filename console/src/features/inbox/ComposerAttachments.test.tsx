// @vitest-environment happy-dom
import { QueryClient } from "@tanstack/react-query";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { FakeRequest } from "../../testing/fake-request";
import { installDomStubs, jsonResponse as json, renderInConsole } from "../../testing/render";
import { inboxKeys } from "./api";
import { Composer } from "./Composer";
import type { Message, Thread } from "./types";

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

function pick(...files: File[]) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
}

beforeAll(installDomStubs);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  FakeRequest.created = [];
});

describe("Composer attachments", () => {
  it("refuses a type off the list before uploading, uploads a picture with progress, and sends its id", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeRequest);
    const sent: Message = {
      id: "msg_9",
      role: "assistant",
      author: "operator",
      content: "",
      created_at: "2026-01-01T00:01:00.000Z",
    };
    const fetchMock = vi.fn(async () => json(200, sent));
    vi.stubGlobal("fetch", fetchMock);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData<Message[]>(inboxKeys.messages("visitor-42"), []);
    renderInConsole(<Composer thread={thread} />, queryClient);

    pick(new File(["<html>"], "page.html", { type: "text/html" }));
    expect(await screen.findByText(/this type cannot be sent/)).toBeTruthy();
    expect(FakeRequest.created).toHaveLength(0);
    expect(screen.getByTestId("composer-send")).toHaveProperty("disabled", true);

    pick(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "shoe.png", { type: "image/png" }));
    const request = FakeRequest.created[0] as FakeRequest;
    expect(request.url).toBe("/v1/threads/visitor-42/files");
    expect((request.body?.get("file") as File | undefined)?.name).toBe("shoe.png");
    act(() => request.upload.onprogress?.({ loaded: 2, total: 4, lengthComputable: true }));
    expect(await screen.findByLabelText("Uploading shoe.png")).toBeTruthy();
    // Still uploading: nothing can be sent yet.
    expect(screen.getByTestId("composer-send")).toHaveProperty("disabled", true);
    act(() =>
      request.answer(200, { id: "outf_1", kind: "image", name: "shoe.png", mime_type: "image/png", size: 4 }),
    );
    await waitFor(() => expect(screen.getByTestId("composer-send")).toHaveProperty("disabled", false));

    // The refused chip goes; the picture alone is sent, with no text.
    fireEvent.click(screen.getByLabelText("Remove page.html"));
    fireEvent.click(screen.getByTestId("composer-send"));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/v1/threads/visitor-42/send");
    expect(JSON.parse(String(init.body))).toEqual({ files: ["outf_1"] });
    await waitFor(() => expect(screen.queryAllByTestId("composer-attachment")).toHaveLength(0));
  });

  it("shows the server's refusal of an upload on its chip", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeRequest);
    renderInConsole(<Composer thread={thread} />, new QueryClient());
    pick(new File(["a,b"], "data.csv", { type: "text/csv" }));
    act(() =>
      FakeRequest.created[0]?.answer(413, {
        code: "payload_too_large",
        message: "The file is larger than 20971520 bytes.",
      }),
    );
    expect(await screen.findByText(/larger than 20971520 bytes/)).toBeTruthy();
    expect(screen.getByTestId("composer-send")).toHaveProperty("disabled", true);
  });
});
