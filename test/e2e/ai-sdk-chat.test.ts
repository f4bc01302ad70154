import {
  AbstractChat,
  type ChatInit,
  type ChatState,
  DefaultChatTransport,
  isToolUIPart,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  type UIMessage,
} from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { activeChat, eventually } from "../helpers/conversation-fixtures.js";
import { listen } from "../helpers/live-app.js";
import { lastUserText, type ScriptedReply, scriptedModel } from "../helpers/mock-model.js";
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
  constructor(
    transport: DefaultChatTransport<UIMessage>,
    sendAutomaticallyWhen?: ChatInit<UIMessage>["sendAutomaticallyWhen"],
  ) {
    super({
      transport,
      state: new MemoryChatState(),
      ...(sendAutomaticallyWhen ? { sendAutomaticallyWhen } : {}),
    });
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

  /** A bot whose model first calls the memory tool, then answers from the tool's result. */
  async function approvalChat(threadId: string) {
    const mock = scriptedModel((options, call): ScriptedReply => {
      if (call === 0)
        return { toolCall: { name: "update_working_memory", input: { markdown: "- Name: Ann" } } };
      const tool = options.prompt.find((m) => m.role === "tool");
      const denied = JSON.stringify(tool?.content ?? "").includes("execution-denied");
      return { text: denied ? "Fine, I will not remember it." : "Done, I will remember you, Ann." };
    });
    t = await createTestApp({ modelOverride: () => mock.model });
    const base = await listen(t);
    const { chat, bot } = await activeChat(t);
    await t.call("POST", `/v1/bots/${bot.id}/settings`, {
      body: { ai: { tools: { update_working_memory: "user_approve" } } },
    });
    const client = new Chat(
      new DefaultChatTransport<UIMessage>({
        api: `${base}/v1/chats/${chat.id}/threads/${threadId}/stream?protocol=ui`,
        headers: { authorization: `Bearer ${t.adminKey}` },
      }),
      lastAssistantMessageIsCompleteWithApprovalResponses,
    );
    await client.sendMessage({ text: "Please remember my name, Ann" });
    const app = t;
    const toolPart = () => client.messages.at(-1)?.parts.find(isToolUIPart);
    const settled = () =>
      eventually(
        async () => ({ status: client.status, state: toolPart()?.state }),
        (seen) => seen.status === "ready" && seen.state !== "approval-responded",
      );
    const stored = async () =>
      (
        (await app.call("GET", `/v1/threads/${threadId}/messages`)).json() as Array<{
          role: string;
          content: string;
        }>
      )
        .filter((m) => m.role !== "tool")
        .map((m) => m.content);
    const approvals = async () => (await app.call("GET", `/v1/threads/${threadId}/approvals`)).json();
    const memory = async () => (await app.call("GET", `/v1/threads/${threadId}/memory`)).json().content;
    return { client, mock, toolPart, settled, stored, approvals, memory };
  }

  it("addToolApprovalResponse approves a user_approve call: the tool runs and the reply goes on in the same message", async () => {
    const { client, mock, toolPart, settled, stored, approvals, memory } = await approvalChat("sdk-approve");
    const asked = toolPart();
    expect(asked?.state).toBe("approval-requested");
    const approvalId = (asked as { approval: { id: string } }).approval.id;
    expect(approvalId).toMatch(/^apr_/);

    await client.addToolApprovalResponse({ id: approvalId, approved: true });
    await settled();

    expect(client.status).toBe("ready");
    expect(client.error).toBeUndefined();
    expect(client.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(toolPart()?.state).toBe("output-available");
    expect(textOf(client.messages.at(-1))).toContain("Done, I will remember you, Ann.");
    expect(await approvals()).toEqual([
      expect.objectContaining({ status: "approved", decided_by: "user", reason: null }),
    ]);
    expect(await memory()).toBe("- Name: Ann");
    // Nothing stored twice: the user's message once, the question, then the reply.
    const contents = await stored();
    expect(contents.filter((c) => c === "Please remember my name, Ann")).toHaveLength(1);
    expect(contents.at(-1)).toBe("Done, I will remember you, Ann.");
    expect(mock.calls).toHaveLength(2);
  });

  it("addToolApprovalResponse denies with a reason: the tool does not run, the model hears the refusal", async () => {
    const { client, toolPart, settled, stored, approvals, memory } = await approvalChat("sdk-deny");
    const approvalId = (toolPart() as { approval: { id: string } }).approval.id;

    await client.addToolApprovalResponse({ id: approvalId, approved: false, reason: "Not today" });
    await settled();

    expect(client.error).toBeUndefined();
    expect(toolPart()?.state).toBe("output-denied");
    expect(textOf(client.messages.at(-1))).toContain("Fine, I will not remember it.");
    expect(await approvals()).toEqual([
      expect.objectContaining({ status: "rejected", decided_by: "user", reason: "Not today" }),
    ]);
    expect(await memory()).toBeNull();
    expect((await stored()).filter((c) => c === "Please remember my name, Ann")).toHaveLength(1);
  });

  it("a resent user message (regenerate) is not stored twice", async () => {
    const mock = scriptedModel((options) => ({ text: `You said: ${lastUserText(options)}` }));
    t = await createTestApp({ modelOverride: () => mock.model });
    const base = await listen(t);
    const { chat } = await activeChat(t);
    const client = new Chat(
      new DefaultChatTransport<UIMessage>({
        api: `${base}/v1/chats/${chat.id}/threads/sdk-regen/stream?protocol=ui`,
        headers: { authorization: `Bearer ${t.adminKey}` },
      }),
    );
    await client.sendMessage({ text: "hello" });
    await client.regenerate();
    expect(client.status).toBe("ready");
    expect(textOf(client.messages.at(-1))).toBe("You said: hello");
    const stored = (await t.call("GET", "/v1/threads/sdk-regen/messages")).json() as Array<{
      content: string;
    }>;
    expect(stored.map((m) => m.content)).toEqual(["hello", "You said: hello"]);
  });
});
