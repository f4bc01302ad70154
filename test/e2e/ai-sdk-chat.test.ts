import { AbstractChat, type ChatState, DefaultChatTransport, type UIMessage } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { activeChat } from "../helpers/conversation-fixtures.js";
import { listen } from "../helpers/live-app.js";
import { lastUserText, scriptedModel } from "../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/** The state a UI framework keeps for the AI SDK's Chat (what @ai-sdk/react's Chat does with React state). */
class MemoryChatState implements ChatState<UIMessage> {
  status: ChatState<UIMessage>["status"] = "ready";
  error: Error | undefined = undefined;
  messages: UIMessage[] = [];
  pushMessage = (message: UIMessage) => {
    this.messages = [...this.messages, message];
  };
  popMessage = () => {
    this.messages = this.messages.slice(0, -1);
  };
  replaceMessage = (index: number, message: UIMessage) => {
    this.messages = this.messages.map((existing, i) => (i === index ? message : existing));
  };
  snapshot = <T>(thing: T): T => structuredClone(thing);
}

class Chat extends AbstractChat<UIMessage> {
  constructor(transport: DefaultChatTransport<UIMessage>) {
    super({ transport, state: new MemoryChatState() });
  }
}

const textOf = (message: UIMessage | undefined) =>
  (message?.parts ?? []).map((part) => (part.type === "text" ? part.text : "")).join("");

/** The AI SDK's own Chat, over its default HTTP transport, talking to the stream endpoint. */
describe("the AI SDK's Chat against the stream endpoint", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("holds a conversation, one streamed reply per message, with the thread stored server-side", async () => {
    const mock = scriptedModel((options) => ({ text: `You said: ${lastUserText(options)}` }));
    t = await createTestApp({ modelOverride: () => mock.model });
    const base = await listen(t);
    const { chat } = await activeChat(t);
    const transport = new DefaultChatTransport<UIMessage>({
      api: `${base}/v1/chats/${chat.id}/threads/sdk-chat-1/stream?protocol=ui`,
      headers: { authorization: `Bearer ${t.adminKey}` },
    });
    const client = new Chat(transport);

    await client.sendMessage({ text: "hello" });
    expect(client.status).toBe("ready");
    expect(client.error).toBeUndefined();
    await client.sendMessage({ text: "and again" });

    expect(client.messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(textOf(client.messages[1])).toBe("You said: hello");
    expect(textOf(client.messages[3])).toBe("You said: and again");
    const stored = (await t.call("GET", "/v1/threads/sdk-chat-1/messages")).json() as Array<{
      content: string;
    }>;
    expect(stored.map((m) => m.content)).toEqual([
      "hello",
      "You said: hello",
      "and again",
      "You said: and again",
    ]);
  });

  it("surfaces a failed turn as the chat's error, and the next message (resending the empty reply) works", async () => {
    let calls = 0;
    const mock = scriptedModel(() => {
      calls += 1;
      return calls === 1 ? { error: new Error("provider down") } : { text: "Back again." };
    });
    t = await createTestApp({ modelOverride: () => mock.model, env: { PARLEY_MODEL_MAX_ATTEMPTS: "1" } });
    const base = await listen(t);
    const { chat } = await activeChat(t);
    const client = new Chat(
      new DefaultChatTransport<UIMessage>({
        api: `${base}/v1/chats/${chat.id}/threads/sdk-chat-2/stream?protocol=ui`,
        headers: { authorization: `Bearer ${t.adminKey}` },
      }),
    );
    await client.sendMessage({ text: "first" });
    expect(client.status).toBe("error");
    expect(client.error?.message).toMatch(/model provider failed/);
    await client.sendMessage({ text: "second" });
    expect(client.status).toBe("ready");
    expect(textOf(client.messages.at(-1))).toBe("Back again.");
  });
});
