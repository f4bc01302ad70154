import { describe, expect, it } from "vitest";
import {
  mergeMessage,
  parseToolContent,
  prettyJson,
  prettyResult,
  sideOf,
  toConversationItems,
} from "./conversation";
import type { Message } from "./types";

const msg = (id: string, over: Partial<Message> = {}): Message => ({
  id,
  role: "user",
  author: "user",
  content: id,
  created_at: "2026-01-01T10:00:00.000Z",
  ...over,
});

describe("parseToolContent", () => {
  it("reads one result per line, named by the tool", () => {
    expect(parseToolContent('lookup_order: {"status":"shipped"}\nweather: "sunny"')).toEqual([
      { name: "lookup_order", result: '{"status":"shipped"}' },
      { name: "weather", result: '"sunny"' },
    ]);
  });

  it("reads a settled approval's summary", () => {
    expect(parseToolContent("refund: rejected (too large)")).toEqual([
      { name: "refund", result: "rejected (too large)" },
    ]);
  });

  it("keeps text it cannot attribute", () => {
    expect(parseToolContent("no tool here")).toEqual([{ name: null, result: "no tool here" }]);
    expect(parseToolContent("a: 1\nmore of a")).toEqual([{ name: "a", result: "1\nmore of a" }]);
  });
});

describe("toConversationItems", () => {
  it("folds tool results, hides the AI's empty tool-call steps and keeps every other message", () => {
    const items = toConversationItems([
      msg("u1"),
      msg("call", { role: "assistant", author: "bot", content: "" }),
      msg("res", { role: "tool", author: "bot", content: 'lookup: {"ok":true}' }),
      msg("reply", { role: "assistant", author: "bot", content: "Done" }),
      msg("op", { role: "assistant", author: "operator", content: "" }),
      msg("photo", { role: "assistant", author: "bot", content: "", attachments: [{ kind: "photo" }] }),
    ]);
    expect(items.map((item) => (item.kind === "tool" ? `tool:${item.name}` : item.message.id))).toEqual([
      "u1",
      "tool:lookup",
      "reply",
      "op",
      "photo",
    ]);
    expect(new Set(items.map((item) => item.key)).size).toBe(items.length);
  });
});

describe("mergeMessage", () => {
  it("appends a new message, replaces a known one, and keeps time order", () => {
    const history = [
      msg("a", { created_at: "2026-01-01T10:00:00.000Z" }),
      msg("c", { created_at: "2026-01-01T10:02:00.000Z" }),
    ];
    expect(
      mergeMessage(history, msg("d", { created_at: "2026-01-01T10:03:00.000Z" })).map((m) => m.id),
    ).toEqual(["a", "c", "d"]);
    expect(
      mergeMessage(history, msg("b", { created_at: "2026-01-01T10:01:00.000Z" })).map((m) => m.id),
    ).toEqual(["a", "b", "c"]);
    const replaced = mergeMessage(
      history,
      msg("a", { content: "edited", created_at: "2026-01-01T10:00:00.000Z" }),
    );
    expect(replaced.map((m) => m.id)).toEqual(["a", "c"]);
    expect(replaced[0]!.content).toBe("edited");
  });

  it("keeps messages of the same instant in arrival order", () => {
    const history = [msg("a"), msg("b")];
    expect(mergeMessage(history, msg("c")).map((m) => m.id)).toEqual(["a", "b", "c"]);
  });
});

describe("formatting", () => {
  it("pretty-prints JSON results and leaves other text alone", () => {
    expect(prettyResult('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyResult("approved")).toBe("approved");
    expect(prettyResult("{not json")).toBe("{not json");
    expect(prettyJson({ city: "Oslo" })).toBe('{\n  "city": "Oslo"\n}');
    expect(prettyJson(undefined)).toBe("");
  });

  it("puts the person left and the AI and operators right", () => {
    expect(sideOf(msg("u"))).toBe("left");
    expect(sideOf(msg("b", { author: "bot", role: "assistant" }))).toBe("right");
    expect(sideOf(msg("o", { author: "operator", role: "assistant" }))).toBe("right");
  });
});
