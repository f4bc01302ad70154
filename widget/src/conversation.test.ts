import { describe, expect, it } from "vitest";
import { approvalLanguage, type ChatMessage, Conversation, UnreadCounter } from "./conversation";
import { dictionaries } from "./i18n";

function setup() {
  const log: string[] = [];
  let unread = 0;
  const conversation = new Conversation(
    {
      added: (m) => log.push(`+${m.author}:${m.text}`),
      updated: (m) => log.push(`~${m.author}:${m.text}${m.streaming ? "…" : ""}`),
      removed: (m) => log.push(`-${m.author}:${m.text}`),
      cleared: () => log.push("clear"),
      unread: (n) => {
        unread = n;
      },
    },
    dictionaries.en,
  );
  const shown = () => conversation.messages.map((m: ChatMessage) => `${m.author}:${m.text}`);
  return { conversation, log, shown, unread: () => unread };
}

const msg = (id: string, author: string, content: string, extra: object = {}) => ({
  id,
  author,
  content,
  created_at: "2025-01-01T00:00:00Z",
  ...extra,
});

describe("UnreadCounter", () => {
  it("counts bot and operator messages only while closed, and resets on open", () => {
    const changes: number[] = [];
    const counter = new UnreadCounter((n) => changes.push(n));
    counter.arrived("bot");
    counter.arrived("operator");
    counter.arrived("user");
    counter.arrived("system");
    expect(counter.count).toBe(2);
    counter.setOpen(true);
    expect(counter.count).toBe(0);
    counter.arrived("bot");
    expect(counter.count).toBe(0);
    counter.setOpen(false);
    counter.arrived("operator");
    expect(counter.count).toBe(1);
    expect(changes).toEqual([1, 2, 0, 1]);
  });
});

describe("Conversation", () => {
  it("shows the history in order without counting it as unread", () => {
    const { conversation, shown, unread } = setup();
    conversation.loadHistory(
      [msg("1", "user", "hi"), msg("2", "bot", "hello"), msg("3", "tool", "x")],
      "auto",
    );
    expect(shown()).toEqual(["user:hi", "bot:hello"]);
    expect(unread()).toBe(0);
  });

  it("keeps the visitor's rating of a bot answer from the history, and takes a new one", () => {
    const { conversation, log } = setup();
    conversation.loadHistory(
      [
        msg("m1", "user", "hi", { feedback: { rating: "up", comment: null } }),
        msg("m2", "bot", "hello", { feedback: { rating: "down", comment: "vague" } }),
        msg("m3", "bot", "more"),
      ],
      "auto",
    );
    const [user, bot, unrated] = conversation.messages;
    // Only a bot message carries a rating.
    expect(user!.feedback).toBeUndefined();
    expect(bot!.feedback).toEqual({ rating: "down", comment: "vague" });
    expect("feedback" in unrated!).toBe(false);
    conversation.rated(unrated!, { rating: "up", comment: null });
    expect(unrated!.feedback).toEqual({ rating: "up", comment: null });
    expect(log.at(-1)).toBe("~bot:more");
  });

  it("does not repeat a message the events stream delivers again", () => {
    const { conversation, shown } = setup();
    conversation.loadHistory([msg("1", "bot", "hello")], "auto");
    conversation.receive(msg("1", "bot", "hello"));
    conversation.receive(msg("2", "operator", "hi, I am Ann", { operator_name: "Ann" }));
    conversation.receive(msg("2", "operator", "hi, I am Ann", { operator_name: "Ann" }));
    expect(shown()).toEqual(["bot:hello", "operator:hi, I am Ann"]);
    expect(conversation.messages[1]!.operatorName).toBe("Ann");
  });

  it("counts bot and operator events while the panel is closed", () => {
    const { conversation, unread } = setup();
    conversation.receive(msg("1", "operator", "are you there?"));
    conversation.receive(msg("2", "bot", "x"));
    conversation.receive(msg("3", "user", "from another tab"));
    expect(unread()).toBe(2);
    conversation.setOpen(true);
    expect(unread()).toBe(0);
    conversation.receive(msg("4", "operator", "y"));
    expect(unread()).toBe(0);
  });

  it("matches the echo of the visitor's own message to the one on screen", () => {
    const { conversation, shown } = setup();
    const local = conversation.sent("Hello  there");
    expect(local.id).toBeNull();
    conversation.receive(msg("u1", "user", "Hello there"));
    expect(shown()).toEqual(["user:Hello  there"]);
    expect(local.id).toBe("u1");
    conversation.receive(msg("u2", "user", "Hello there"));
    expect(shown()).toEqual(["user:Hello  there", "user:Hello there"]);
  });

  it("streams a reply and takes its id from finish, so the event copy is dropped", () => {
    const { conversation, shown, log } = setup();
    conversation.sent("q");
    conversation.beginReply();
    conversation.delta("Hel");
    conversation.delta("lo");
    conversation.finishReply("b1");
    conversation.receive(msg("b1", "bot", "Hello"));
    expect(shown()).toEqual(["user:q", "bot:Hello"]);
    expect(conversation.messages[1]!.id).toBe("b1");
    expect(log).toEqual(["+user:q", "+bot:Hel", "~bot:Hello…", "~bot:Hello"]);
  });

  it("holds a bot event that races ahead of the stream's finish", () => {
    const { conversation, shown } = setup();
    conversation.sent("q");
    conversation.beginReply();
    conversation.delta("Hello");
    conversation.receive(msg("b1", "bot", "Hello"));
    conversation.receive(msg("o1", "operator", "operator note"));
    expect(shown()).toEqual(["user:q", "bot:Hello", "operator:operator note"]);
    conversation.finishReply("b1");
    expect(shown()).toEqual(["user:q", "bot:Hello", "operator:operator note"]);
  });

  it("shows a held bot message that was not this reply", () => {
    const { conversation, shown } = setup();
    conversation.beginReply();
    conversation.receive(msg("b0", "bot", "from elsewhere"));
    conversation.delta("answer");
    conversation.finishReply("b1");
    expect(shown()).toEqual(["bot:answer", "bot:from elsewhere"]);
  });

  it("shows the event copy when the stream carried no text", () => {
    const { conversation, shown } = setup();
    conversation.beginReply();
    conversation.receive(msg("b1", "bot", "only via events"));
    conversation.finishReply("b1");
    expect(shown()).toEqual(["bot:only via events"]);
  });

  it("adds nothing when a person answers (finish without message_id)", () => {
    const { conversation, shown } = setup();
    conversation.sent("q");
    conversation.beginReply();
    conversation.finishReply(null);
    expect(shown()).toEqual(["user:q"]);
    conversation.receive(msg("o1", "operator", "Hi, Ann here", { operator_name: "Ann" }));
    expect(shown()).toEqual(["user:q", "operator:Hi, Ann here"]);
  });

  it("completes a cut-off reply from its event instead of showing it twice", () => {
    const { conversation, shown } = setup();
    conversation.beginReply();
    conversation.delta("The answer is");
    conversation.failReply();
    conversation.receive(msg("b1", "bot", "The answer is 42."));
    expect(shown()).toEqual(["bot:The answer is 42."]);
    expect(conversation.messages[0]!.id).toBe("b1");
  });

  it("counts a streamed reply as unread when the panel is closed", () => {
    const { conversation, unread } = setup();
    conversation.beginReply();
    conversation.delta("a");
    conversation.delta("b");
    conversation.finishReply("b1");
    expect(unread()).toBe(1);
  });

  it("takes back a message that was not sent", () => {
    const { conversation, shown } = setup();
    const local = conversation.sent("oops");
    conversation.unsend(local);
    expect(shown()).toEqual([]);
  });

  it("writes the takeover lines on mode changes, once each", () => {
    const { conversation, shown } = setup();
    conversation.changeMode("manual");
    conversation.changeMode("manual");
    conversation.changeMode("operator");
    conversation.changeMode("auto");
    conversation.changeMode("auto");
    conversation.changeMode("blocked");
    expect(shown()).toEqual([
      "system:You are now talking to a person",
      "system:You are talking to the bot again",
    ]);
  });

  it("says a person is there when the history starts in manual mode", () => {
    const { conversation, shown } = setup();
    conversation.loadHistory([msg("1", "operator", "hi")], "manual");
    expect(shown()).toEqual(["operator:hi", "system:You are now talking to a person"]);
    conversation.changeMode("manual");
    expect(shown()).toHaveLength(2);
  });

  it("clears everything on reset", () => {
    const { conversation, shown, log, unread } = setup();
    conversation.loadHistory([msg("1", "bot", "a")], "auto");
    conversation.receive(msg("2", "operator", "b"));
    expect(unread()).toBe(1);
    conversation.reset();
    expect(unread()).toBe(0);
    expect(shown()).toEqual([]);
    expect(log.at(-1)).toBe("clear");
    conversation.receive(msg("1", "bot", "a"));
    expect(shown()).toEqual(["bot:a"]);
  });

  it("offers yes/no after a bot question, not while replying or after other messages", () => {
    const { conversation } = setup();
    conversation.receive(msg("1", "bot", 'Shall I cancel order 42? Reply "yes" or "no".'));
    expect(conversation.approval).toBe("en");
    conversation.beginReply();
    expect(conversation.approval).toBeNull();
    conversation.finishReply(null);
    conversation.receive(msg("2", "user", "hm"));
    expect(conversation.approval).toBeNull();
    conversation.receive(msg("3", "bot", "Отменить заказ? Ответьте «да» или «нет»."));
    expect(conversation.approval).toBe("ru");
  });
});

describe("approval after a streamed reply", () => {
  it("is offered as soon as the reply finishes", () => {
    let offered: string | null = null;
    const conversation: Conversation = new Conversation(
      {
        added: () => {},
        updated: (m) => {
          if (!m.streaming) offered = conversation.approval;
        },
        removed: () => {},
        cleared: () => {},
        unread: () => {},
      },
      dictionaries.en,
    );
    conversation.beginReply();
    conversation.delta('Cancel it? Reply "yes" or "no".');
    conversation.receive(msg("b1", "bot", 'Cancel it? Reply "yes" or "no".'));
    conversation.finishReply("b1");
    expect(offered).toBe("en");
  });
});

describe("approvalLanguage", () => {
  it.each([
    ['Reply "yes" to confirm.', "en"],
    ["Please reply yes or no", "en"],
    ["REPLY 'YES' OR 'NO'", "en"],
    ["Reply “yes” to go on", "en"],
    ["Ответьте «да» или «нет».", "ru"],
    ['ответьте "да", чтобы продолжить', "ru"],
    ["Ответьте да или нет", "ru"],
    // The server's user_approve questions (docs/agent.md, "The confirmation question").
    [
      "May I schedule a follow-up message to you in 1 hour: “Did the parcel arrive?” — reply “yes” or “no”.",
      "en",
    ],
    ["Можно запланировать вам сообщение через 1 час: «Посылка пришла?» — ответьте «да» или «нет».", "ru"],
  ])("detects %j", (text, lang) => {
    expect(approvalLanguage(text)).toBe(lang);
  });

  it.each(["Yes, we ship to Spain.", "Reply yesterday", "Ответьте дальше", "reply to this email", ""])(
    "ignores %j",
    (text) => {
      expect(approvalLanguage(text)).toBeNull();
    },
  );
});
