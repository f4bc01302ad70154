import { afterEach, describe, expect, it } from "vitest";
import { activeChat } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { lastUserText, scriptedModel } from "../../helpers/mock-model.js";
import { sseData } from "../../helpers/sse-client.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

const SITE = "https://shop.example";

/** Offers two sizes and a link when asked about sizes; echoes anything else. */
function sizesModel() {
  return scriptedModel((options) => {
    const text = lastUserText(options);
    if (text.includes("size")) {
      return {
        toolCall: {
          name: "offer_choices",
          input: {
            text: "Which size?",
            buttons: [{ label: "S" }, { label: "M" }, { label: "Guide", url: "https://shop.example/sizes" }],
          },
        },
      };
    }
    return { text: `Echo: ${text}` };
  });
}

/** docs/widget.md, "Buttons": chips under bot and operator messages, a click sent as the visitor's choice. */
describe.each(DIALECTS)("buttons in the web widget's API on %s", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  async function visitor() {
    const mock = sizesModel();
    t = await createTestApp({ dialect, modelOverride: () => mock.model });
    const app = t;
    const { bot, chat } = await activeChat(app);
    await app.call("POST", `/v1/bots/${bot.id}/settings`, {
      body: { ai: { tools: { offer_choices: "auto" } } },
    });
    await app.call("POST", `/v1/chats/${chat.id}/widget`, { body: { allowed_origins: [SITE] } });
    const call = (method: "GET" | "POST", url: string, body?: unknown, token?: string) =>
      app.app.inject({
        method,
        url,
        headers: {
          origin: SITE,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
        },
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      });
    /** A new visitor session: what its page sends and reads. */
    const newVisitor = async () => {
      const session = (await call("POST", `/widget/v1/chats/${chat.id}/sessions`, {})).json();
      const token = session.visitor_token as string;
      return {
        threadId: session.thread_id as string,
        send: (body: unknown) => call("POST", "/widget/v1/messages", body, token),
        history: async () => (await call("GET", "/widget/v1/messages", undefined, token)).json().data,
      };
    };
    return { app, mock, newVisitor, ...(await newVisitor()) };
  }

  it_(
    "the bot's offer streams its text and lists its buttons; a chip's choice is the visitor's message",
    async () => {
      const { send, history, mock, app, threadId } = await visitor();
      const offer = await send({ text: "what size should I take?" });
      expect(offer.statusCode).toBe(200);
      const events = sseData(offer.body) as Array<{ type: string; textDelta?: string; message_id?: string }>;
      expect(
        events
          .filter((e) => e.type === "text-delta")
          .map((e) => e.textDelta)
          .join(""),
      ).toBe("Which size?");
      const offered = (await history()).at(-1);
      expect(offered).toMatchObject({
        author: "bot",
        content: "Which size?",
        buttons: [
          { kind: "reply", label: "S", id: `${offered.id}:0` },
          { kind: "reply", label: "M", id: `${offered.id}:1` },
          { kind: "link", label: "Guide", url: "https://shop.example/sizes" },
        ],
      });
      expect(events.at(-1)).toMatchObject({ type: "finish", message_id: offered.id });

      const chosen = await send({ choice: { button_id: `${offered.id}:1` } });
      expect(chosen.statusCode).toBe(200);
      const after = await history();
      expect(after.at(-2)).toMatchObject({
        author: "user",
        content: "M",
        choice: { message_id: offered.id, button_id: `${offered.id}:1`, label: "M" },
      });
      expect(after.at(-1)).toMatchObject({ author: "bot", content: "Echo: M" });
      expect(JSON.stringify(mock.calls.at(-1)?.prompt)).not.toContain(`${offered.id}:1`);
      // The API shows the same fields, and the transcript writes the buttons as text.
      const messages = (await app.call("GET", `/v1/threads/${threadId}/messages`)).json();
      expect(messages.find((m: { id: string }) => m.id === offered.id).buttons).toHaveLength(3);
      const transcript = await app.call("GET", `/v1/threads/${threadId}/export?format=text`);
      expect(transcript.body).toContain("  Which size?\n  [S] [M] [Guide: https://shop.example/sizes]\n");
    },
  );

  it_(
    "refuses a choice that is no reply button of the visitor's conversation, naming the field",
    async () => {
      const { send, history, newVisitor } = await visitor();
      await send({ text: "a size?" });
      const offered = (await history()).at(-1);
      for (const button_id of [`${offered.id}:2`, `${offered.id}:9`, "msg_nope:0", "anything"]) {
        const answer = await send({ choice: { button_id } });
        expect(answer.statusCode, button_id).toBe(422);
        expect(answer.json().message).toContain("choice.button_id");
      }
      const empty = await send({});
      expect(empty.statusCode).toBe(422);
      // Another visitor cannot press this one's buttons.
      const other = await newVisitor();
      const foreign = await other.send({ choice: { button_id: `${offered.id}:0` } });
      expect(foreign.statusCode).toBe(422);
    },
  );
});
