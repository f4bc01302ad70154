import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, type RequestOptions } from "../../api/client";
import type { Chat, Integration } from "./bots-api";
import { deleteTryChats, ensureTryChat, findTryChat, streamReply, tryChatName } from "./try-chat";
import type { StreamEvent } from "./try-conversation";

const bot = { id: "bot_1", name: "Support" };
const consoleIntegration: Integration = { id: "int_c", name: "Console", vendor: "parley", status: "active" };

function chat(overrides: Partial<Chat>): Chat {
  return {
    id: "chat_1",
    name: "Try it: Support",
    bot_id: "bot_1",
    integration_id: "int_c",
    status: "active",
    bot_version: "draft",
    ...overrides,
  };
}

/** A fake api(): answers by "METHOD path", records every call. */
function fakeApi(routes: Record<string, (body: unknown) => unknown>) {
  const calls: string[] = [];
  const call = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
    const key = `${options.method ?? "GET"} ${path}`;
    calls.push(options.body === undefined ? key : `${key} ${JSON.stringify(options.body)}`);
    const route = routes[key];
    if (!route) throw new Error(`unexpected ${key}`);
    return route(options.body) as T;
  };
  return { call, calls };
}

describe("ensureTryChat", () => {
  it("creates the Console integration and an active try chat when there are none", async () => {
    const { call, calls } = fakeApi({
      "GET /integrations": () => [{ id: "int_t", name: "Console", vendor: "telegram", status: "active" }],
      "POST /integrations": () => consoleIntegration,
      "GET /integrations/int_c/chats": () => [],
      "POST /integrations/int_c/chats": () => chat({ status: "disabled" }),
      "POST /integrations/int_c/chats/chat_1/status": () => chat({ status: "active" }),
    });
    const result = await ensureTryChat(bot, call);
    expect(result).toMatchObject({ created: true, chat: { id: "chat_1", status: "active" } });
    expect(calls).toEqual([
      "GET /integrations",
      'POST /integrations {"name":"Console","vendor":"parley","auth_data":{}}',
      "GET /integrations/int_c/chats",
      'POST /integrations/int_c/chats {"bot_id":"bot_1","name":"Try it: Support","bot_version":"draft"}',
      'POST /integrations/int_c/chats/chat_1/status {"status":"active"}',
    ]);
  });

  it("switches a try chat that answers with the published version to the draft", async () => {
    const { call, calls } = fakeApi({
      "GET /integrations": () => [consoleIntegration],
      "GET /integrations/int_c/chats": () => [chat({ bot_version: "published" })],
      "POST /integrations/int_c/chats/chat_1": (body) => chat(body as Partial<Chat>),
    });
    const result = await ensureTryChat(bot, call);
    expect(result.chat.bot_version).toBe("draft");
    expect(result.created).toBe(false);
    expect(calls.filter((c) => c.startsWith("POST"))).toEqual([
      'POST /integrations/int_c/chats/chat_1 {"bot_version":"draft"}',
    ]);
  });

  it("reuses an existing active chat without writing anything", async () => {
    const { call, calls } = fakeApi({
      "GET /integrations": () => [consoleIntegration],
      "GET /integrations/int_c/chats": () => [chat({ id: "chat_other", bot_id: "bot_2" }), chat({})],
    });
    const result = await ensureTryChat(bot, call);
    expect(result).toMatchObject({ created: false, chat: { id: "chat_1" } });
    expect(calls.every((c) => c.startsWith("GET"))).toBe(true);
  });

  it("tells a same-named bot's chat apart by the bot id", async () => {
    const { call, calls } = fakeApi({
      "GET /integrations": () => [consoleIntegration],
      "GET /integrations/int_c/chats": () => [chat({ bot_id: "bot_2" })],
      "POST /integrations/int_c/chats": (body) => {
        if ((body as { name: string }).name === "Try it: Support") {
          throw new ApiError(409, "chat_name_taken", "taken");
        }
        return chat({ id: "chat_2", name: (body as { name: string }).name });
      },
    });
    const result = await ensureTryChat(bot, call);
    expect(result.chat.id).toBe("chat_2");
    expect(calls.at(-1)).toBe(
      'POST /integrations/int_c/chats {"bot_id":"bot_1","name":"Try it: Support (bot_1)","bot_version":"draft"}',
    );
  });

  it("passes other errors on", async () => {
    const { call } = fakeApi({
      "GET /integrations": () => {
        throw new ApiError(403, "forbidden", "no");
      },
    });
    await expect(ensureTryChat(bot, call)).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("try chat names", () => {
  it("finds the chat of a renamed bot and keeps names within 200 characters", () => {
    expect(findTryChat([chat({ name: "Try it: Old name" })], bot)?.id).toBe("chat_1");
    expect(findTryChat([chat({ name: "Support desk" })], bot)).toBeUndefined();
    expect(tryChatName("x".repeat(300))).toHaveLength(200);
    expect(tryChatName("x".repeat(300), "bot_1").endsWith(" (bot_1)")).toBe(true);
    expect(tryChatName("x".repeat(300), "bot_1")).toHaveLength(200);
  });
});

describe("deleteTryChats", () => {
  it("deletes only the bot's try chats in the Console integration", async () => {
    const { call, calls } = fakeApi({
      "GET /integrations": () => [consoleIntegration],
      "GET /integrations/int_c/chats": () => [
        chat({}),
        chat({ id: "chat_2", bot_id: "bot_2" }),
        chat({ id: "chat_3", name: "Widget" }),
      ],
      "DELETE /integrations/int_c/chats/chat_1": () => ({ id: "chat_1", deleted: true }),
    });
    expect(await deleteTryChats(bot, call)).toBe(1);
    expect(calls.filter((c) => c.startsWith("DELETE"))).toEqual(["DELETE /integrations/int_c/chats/chat_1"]);
  });

  it("does nothing without a Console integration", async () => {
    const { call } = fakeApi({ "GET /integrations": () => [] });
    expect(await deleteTryChats(bot, call)).toBe(0);
  });
});

describe("streamReply", () => {
  afterEach(() => vi.unstubAllGlobals());

  function sseResponse(chunks: string[]): Response {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });
    return new Response(body, {
      status: 200,
      headers: { "content-type": "text/event-stream; charset=utf-8" },
    });
  }

  it("posts the user message with the CSRF header and yields the stream's events", async () => {
    const fetchMock = vi.fn(async () =>
      sseResponse([
        ': ping\n\ndata: {"type":"text-de',
        'lta","textDelta":"Hi"}\n\ndata: {"type":"finish","finishReason":"stop","message_id":"m","thread_id":"t1"}\n\n',
      ]),
    );
    vi.stubGlobal("fetch", fetchMock);
    const events: StreamEvent[] = [];
    await streamReply({
      chatId: "chat_1",
      threadId: "t1",
      text: "Hello",
      csrfToken: "tok",
      signal: new AbortController().signal,
      onEvent: (e) => events.push(e),
    });
    expect(events.map((e) => e.type)).toEqual(["text-delta", "finish"]);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/v1/chats/chat_1/threads/t1/stream");
    expect(init.method).toBe("POST");
    expect((init.headers as Record<string, string>)["x-csrf-token"]).toBe("tok");
    expect(JSON.parse(init.body as string)).toEqual({ messages: [{ role: "user", content: "Hello" }] });
  });

  it("throws the API's error for a refused request", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: "chat_not_found", message: "No such chat." }), {
            status: 404,
            headers: { "content-type": "application/json" },
          }),
      ),
    );
    await expect(
      streamReply({
        chatId: "c",
        threadId: "t",
        text: "x",
        csrfToken: null,
        signal: new AbortController().signal,
        onEvent: () => {},
      }),
    ).rejects.toMatchObject({ status: 404, code: "chat_not_found" });
  });
});
