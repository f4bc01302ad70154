// @vitest-environment happy-dom
import { QueryClient } from "@tanstack/react-query";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { installDomStubs, jsonResponse as json, renderInConsole } from "../../testing/render";
import { inboxKeys } from "./api";
import { ThreadComposer } from "./ThreadComposer";
import type { Chat, Message, Thread } from "./types";
import { previewTemplate, type WhatsappTemplate } from "./whatsapp-templates";

const closed: Thread = {
  id: "wa-thread",
  chat_id: "chat_wa",
  bot_id: "bot_a",
  mode: "manual",
  title: null,
  last_message_at: "2026-01-01T00:00:00.000Z",
  pending_count: 0,
  created_at: "2026-01-01T00:00:00.000Z",
  reply_window: { open: false, closes_at: "2026-01-02T00:00:00.000Z" },
};
const chats: Chat[] = [{ id: "chat_wa", name: "inbox", bot_id: "bot_a", integration_id: "int_wa" }];
const orderUpdate: WhatsappTemplate = {
  id: "wtpl_1",
  integration_id: "int_wa",
  name: "order_update",
  language: "en_US",
  category: "UTILITY",
  status: "APPROVED",
  components: [
    { type: "HEADER", format: "TEXT", text: "Order {{1}}" },
    { type: "BODY", text: "Hi {{1}}, your order {{2}} has shipped." },
    { type: "FOOTER", text: "Shop" },
  ],
  parameters: { header: ["1"], body: ["1", "2"] },
  sendable: true,
  synced_at: "2026-01-01T00:00:00.000Z",
};

beforeAll(installDomStubs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderComposer(thread: Thread, fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal("fetch", fetchMock);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData<Chat[]>(inboxKeys.chats, chats);
  queryClient.setQueryData<Message[]>(inboxKeys.messages(thread.id), []);
  renderInConsole(<ThreadComposer thread={thread} />, queryClient);
}

describe("TemplatePicker", () => {
  it("replaces the text composer once the window closed: choose, fill, preview, send", async () => {
    const requests: Array<{ url: string; method: string; body: unknown }> = [];
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      requests.push({
        url,
        method: init?.method ?? "GET",
        body: init?.body ? JSON.parse(String(init.body)) : null,
      });
      if (url.includes("/whatsapp_templates/sync"))
        return json(200, { synced: 1, synced_at: "x", templates: [orderUpdate] });
      if (url.includes("/whatsapp_templates")) return json(200, []);
      return json(200, { id: "msg_1", role: "assistant", author: "operator", content: "…", created_at: "x" });
    });
    renderComposer(closed, fetchMock);

    expect(await screen.findByTestId("template-picker")).toBeTruthy();
    expect(screen.queryByTestId("composer-input")).toBeNull();
    // No templates stored yet: sync lists them from Meta.
    fireEvent.click(screen.getByTestId("template-sync"));
    await waitFor(() =>
      expect(requests.some((r) => r.url.includes("/sync") && r.method === "POST")).toBe(true),
    );

    fireEvent.click(screen.getByTestId("template-select"));
    fireEvent.click(await screen.findByText("order_update (en_US)"));
    const send = screen.getByTestId("template-send") as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByTestId("template-header-0"), { target: { value: "42" } });
    fireEvent.change(screen.getByTestId("template-body-0"), { target: { value: "Ann" } });
    expect(screen.getByTestId("template-preview").textContent).toContain(
      "Hi Ann, your order {{2}} has shipped.",
    );
    fireEvent.change(screen.getByTestId("template-body-1"), { target: { value: "#42" } });
    expect(screen.getByTestId("template-preview").textContent).toContain(
      "Hi Ann, your order #42 has shipped.",
    );
    fireEvent.click(send);

    await waitFor(() =>
      expect(requests.some((r) => r.url.endsWith("/threads/wa-thread/template"))).toBe(true),
    );
    expect(requests.find((r) => r.url.endsWith("/template"))?.body).toEqual({
      name: "order_update",
      language: "en_US",
      parameters: { header: ["42"], body: ["Ann", "#42"] },
    });
  });

  it("keeps the text composer while the window is open and on other channels", async () => {
    const fetchMock = vi.fn(async () => json(200, []));
    renderComposer(
      { ...closed, reply_window: { open: true, closes_at: "2026-01-02T00:00:00.000Z" } },
      fetchMock,
    );
    expect(await screen.findByTestId("composer-input")).toBeTruthy();
    expect(screen.queryByTestId("template-picker")).toBeNull();
    cleanup();
    renderComposer({ ...closed, reply_window: null }, fetchMock);
    expect(await screen.findByTestId("composer-input")).toBeTruthy();
  });

  it("previews as the server stores it", () => {
    expect(previewTemplate(orderUpdate, { header: ["7"], body: ["Bo", "#7"] })).toBe(
      "Order 7\n\nHi Bo, your order #7 has shipped.\n\nShop",
    );
  });
});
