import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";
import { afterEach, describe, expect, it } from "vitest";
import { activeChat, eventually, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { type ScriptedReply, scriptedModel } from "../../helpers/mock-model.js";
import { sseData } from "../../helpers/sse-client.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

const FINAL = "Remembered, thank you.";
const SITE = "https://shop.example";

/**
 * A model that reads only the latest step of its prompt, as real models tend to: a prompt that
 * ends with its own message (its confirmation question) or with the user's words makes it call
 * the tool (again); a prompt that ends with the tool's result makes it answer. So an approval
 * continuation whose prompt does not end with the call and its result asks a second approval.
 */
function latestStepModel() {
  return scriptedModel((options: LanguageModelV3CallOptions): ScriptedReply => {
    const last = options.prompt.at(-1);
    if (last?.role === "tool") return { text: FINAL };
    return { toolCall: { name: "update_working_memory", input: { markdown: "- Name: Ann" } } };
  });
}

interface ApprovalView {
  id: string;
  status: string;
}

describe.each(DIALECTS)("approval continuations end with the call and its result (%s)", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  async function setup() {
    const mock = latestStepModel();
    t = await createTestApp({ dialect, modelOverride: () => mock.model });
    const fixture = await activeChat(t);
    const settings = await t.call("POST", `/v1/bots/${fixture.bot.id}/settings`, {
      body: { ai: { tools: { update_working_memory: "user_approve" } } },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    return { t, mock, ...fixture };
  }

  const approvals = async (app: TestApp, thread: string) =>
    (await app.call("GET", `/v1/threads/${thread}/approvals`)).json() as ApprovalView[];
  const memory = async (app: TestApp, thread: string) =>
    (await app.call("GET", `/v1/threads/${thread}/memory`)).json().content as string | null;

  /** The first turn: the model calls the tool, the bot asks to confirm. */
  async function paused(app: TestApp, chatId: string, thread: string) {
    const first = await streamTurn(app, chatId, thread, "Please remember my name, Ann");
    expect(first.text).toContain("May I note this down");
    const [approval] = await approvals(app, thread);
    expect(approval).toMatchObject({ status: "pending" });
    return approval!.id;
  }

  /** What the model was shown last: the roles of the prompt's final two messages. */
  const lastPromptEnd = (mock: ReturnType<typeof latestStepModel>) =>
    mock.calls
      .at(-1)!
      .prompt.slice(-2)
      .map((m) => m.role);

  it_("a typed 'yes' (the stream endpoint)", async () => {
    const { t, chat, mock } = await setup();
    await paused(t, chat.id, "typed");
    const second = await streamTurn(t, chat.id, "typed", "yes");
    expect(second.events.filter((e) => e.approvalId)).toEqual([]);
    expect(second.text).toBe(FINAL);
    expect(await approvals(t, "typed")).toEqual([expect.objectContaining({ status: "approved" })]);
    expect(await memory(t, "typed")).toBe("- Name: Ann");
    expect(lastPromptEnd(mock)).toEqual(["assistant", "tool"]);
    // The question and the user's answer come before the call they approved.
    const roles = mock.calls.at(-1)!.prompt.map((m) => m.role);
    expect(roles).toEqual(["system", "user", "assistant", "user", "assistant", "tool"]);
  });

  it_("an operator's decision (POST /v1/threads/:id/approvals/:approval_id)", async () => {
    const { t, chat, mock } = await setup();
    const approvalId = await paused(t, chat.id, "operator");
    const decided = await t.call("POST", `/v1/threads/operator/approvals/${approvalId}`, {
      body: { approve: true },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const messages = await eventually(
      async () => (await t.call("GET", "/v1/threads/operator/messages")).json() as Array<{ content: string }>,
      (list) => list.some((m) => m.content === FINAL) || list.length > 6,
    );
    expect(messages.at(-1)?.content).toBe(FINAL);
    expect(await approvals(t, "operator")).toHaveLength(1);
    expect(await memory(t, "operator")).toBe("- Name: Ann");
    expect(lastPromptEnd(mock)).toEqual(["assistant", "tool"]);
  });

  it_("addToolApprovalResponse (the AI SDK UI route)", async () => {
    const { t, chat, mock } = await setup();
    const url = `/v1/chats/${chat.id}/threads/sdk/stream?protocol=ui`;
    const user = { id: "u1", role: "user", parts: [{ type: "text", text: "Please remember my name, Ann" }] };
    const first = sseData((await t.call("POST", url, { body: { messages: [user] } })).body) as Array<
      Record<string, unknown>
    >;
    const request = first.find((e) => e.type === "tool-approval-request");
    const input = first.find((e) => e.type === "tool-input-available");
    expect(request).toBeDefined();
    const start = first.find((e) => e.type === "start") as { messageId: string };
    const answered = {
      id: start.messageId,
      role: "assistant",
      parts: [
        {
          type: "tool-update_working_memory",
          toolCallId: input!.toolCallId,
          state: "approval-responded",
          input: input!.input,
          approval: { id: request!.approvalId, approved: true },
        },
      ],
    };
    const second = sseData(
      (await t.call("POST", url, { body: { messages: [user, answered] } })).body,
    ) as Array<Record<string, unknown>>;
    expect(second.filter((e) => e.type === "tool-approval-request")).toEqual([]);
    expect(second.find((e) => e.type === "tool-output-available")).toBeDefined();
    const text = second
      .filter((e) => e.type === "text-delta")
      .map((e) => e.delta)
      .join("");
    expect(text).toBe(FINAL);
    expect(await approvals(t, "sdk")).toEqual([expect.objectContaining({ status: "approved" })]);
    expect(lastPromptEnd(mock)).toEqual(["assistant", "tool"]);
  });

  it_("the widget's approve button (it sends 'yes' as the visitor)", async () => {
    const { t, chat, mock } = await setup();
    const configured = await t.call("POST", `/v1/chats/${chat.id}/widget`, {
      body: { allowed_origins: [SITE] },
    });
    expect(configured.statusCode, configured.body).toBe(200);
    const session = await t.app.inject({
      method: "POST",
      url: `/widget/v1/chats/${chat.id}/sessions`,
      headers: { origin: SITE, "content-type": "application/json" },
      payload: "{}",
    });
    const { visitor_token: token, thread_id: threadId } = session.json();
    const send = async (text: string) => {
      const response = await t.app.inject({
        method: "POST",
        url: "/widget/v1/messages",
        headers: { origin: SITE, authorization: `Bearer ${token}`, "content-type": "application/json" },
        payload: JSON.stringify({ text }),
      });
      expect(response.statusCode, response.body).toBe(200);
      return (sseData(response.body) as Array<{ type: string; textDelta?: string }>)
        .filter((e) => e.type === "text-delta")
        .map((e) => e.textDelta)
        .join("");
    };
    expect(await send("Please remember my name, Ann")).toContain("May I note this down");
    // The quick reply's label, lowercased (widget/src/view.ts).
    expect(await send("yes")).toBe(FINAL);
    expect(await approvals(t, threadId)).toEqual([expect.objectContaining({ status: "approved" })]);
    expect(lastPromptEnd(mock)).toEqual(["assistant", "tool"]);
  });
});
