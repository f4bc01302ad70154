import { afterEach, describe, expect, it } from "vitest";
import { activeChat, streamTurn } from "../../helpers/conversation-fixtures.js";
import { scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

/** Tool calls per turn are limited (docs/agent.md, "Tools"); past the limit the model is told so. */
describe("tool calls per turn", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("past PARLEY_TOOL_CALLS_PER_TURN a call is refused as a tool error the model reads, and the turn goes on", async () => {
    const mock = scriptedModel((_options, call) =>
      call < 3 ? { toolCall: { name: "get_current_time", input: { time_zone: "UTC" } } } : { text: "Done." },
    );
    t = await createTestApp({ modelOverride: () => mock.model, env: { PARLEY_TOOL_CALLS_PER_TURN: "2" } });
    const { chat, bot } = await activeChat(t);
    await t.call("POST", `/v1/bots/${bot.id}/settings`, {
      body: { ai: { tools: { get_current_time: "auto" } } },
    });

    const turn = await streamTurn(t, chat.id, "limits-1", "what time is it, three times?");
    const results = turn.events.filter((e) => e.type === "tool-result");
    expect(results).toHaveLength(3);
    expect(results[0]).toMatchObject({ result: { time_zone: "UTC" } });
    expect(results[1]).toMatchObject({ result: { time_zone: "UTC" } });
    expect(results[2]).toMatchObject({
      result: { error: expect.stringMatching(/At most 2 tool calls per turn/) },
    });
    expect(turn.text).toBe("Done.");
    expect(turn.events.at(-1)).toMatchObject({ type: "finish", finishReason: "stop" });
    // The model saw the refusal as the third call's result.
    expect(JSON.stringify(mock.calls[3]!.prompt)).toContain("At most 2 tool calls per turn");
  });
});
