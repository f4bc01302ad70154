import { describe, expect, it } from "vitest";
import { matchItems, pickerKey, replaceToken, slashTokenAt } from "./slash-picker";

const key = (
  name: string,
  mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }> = {},
) => ({
  key: name,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe("the /code picker", () => {
  it("opens on a / at the start of a word, with the code up to and past the caret", () => {
    expect(slashTokenAt("/", 1)).toEqual({ start: 0, end: 1, query: "" });
    expect(slashTokenAt("/ref", 4)).toEqual({ start: 0, end: 4, query: "ref" });
    expect(slashTokenAt("Hello /Ref", 10)).toEqual({ start: 6, end: 10, query: "ref" });
    expect(slashTokenAt("a\n/re", 5)).toEqual({ start: 2, end: 5, query: "re" });
    // The caret inside the code: the whole code counts.
    expect(slashTokenAt("/refund now", 3)).toEqual({ start: 0, end: 7, query: "refund" });
  });

  it("stays closed for a / inside a word, after other characters, or without one", () => {
    expect(slashTokenAt("and/or", 6)).toBeNull();
    expect(slashTokenAt("https://x.example/ref", 21)).toBeNull();
    expect(slashTokenAt("/ref done", 9)).toBeNull();
    expect(slashTokenAt("hello", 5)).toBeNull();
    expect(slashTokenAt("", 0)).toBeNull();
    expect(slashTokenAt(`/${"a".repeat(33)}`, 34)).toBeNull();
  });

  it("offers codes that start with the query first, then codes or titles containing it", () => {
    const items = [
      { id: "1", short_code: "thanks", title: "Thank you" },
      { id: "2", short_code: "refund", title: "Refund time" },
      { id: "3", short_code: "ref", title: null },
      { id: "4", short_code: "policy", title: "Refund policy" },
      { id: "5", short_code: "hello", title: null },
    ];
    expect(matchItems(items, "ref").map((i) => i.short_code)).toEqual(["ref", "refund", "policy"]);
    expect(matchItems(items, "REF").map((i) => i.short_code)).toEqual(["ref", "refund", "policy"]);
    expect(matchItems(items, "").map((i) => i.short_code)).toEqual([
      "hello",
      "policy",
      "ref",
      "refund",
      "thanks",
    ]);
    expect(matchItems(items, "", 2)).toHaveLength(2);
    expect(matchItems(items, "zzz")).toEqual([]);
  });

  it("moves with the arrows (wrapping), inserts with Enter or Tab, closes with Esc", () => {
    expect(pickerKey(key("ArrowDown"), { index: 0, count: 3 })).toEqual({ type: "move", index: 1 });
    expect(pickerKey(key("ArrowDown"), { index: 2, count: 3 })).toEqual({ type: "move", index: 0 });
    expect(pickerKey(key("ArrowUp"), { index: 0, count: 3 })).toEqual({ type: "move", index: 2 });
    expect(pickerKey(key("Enter"), { index: 1, count: 3 })).toEqual({ type: "insert", index: 1 });
    expect(pickerKey(key("Tab"), { index: 2, count: 3 })).toEqual({ type: "insert", index: 2 });
    expect(pickerKey(key("Escape"), { index: 0, count: 3 })).toEqual({ type: "close" });
    expect(pickerKey(key("Escape"), { index: 0, count: 0 })).toEqual({ type: "close" });
  });

  it("leaves other keys, Ctrl/Cmd+Enter, Shift+Tab and an empty list to the textarea", () => {
    expect(pickerKey(key("a"), { index: 0, count: 3 })).toBeNull();
    expect(pickerKey(key("Enter", { ctrlKey: true }), { index: 0, count: 3 })).toBeNull();
    expect(pickerKey(key("Enter", { metaKey: true }), { index: 0, count: 3 })).toBeNull();
    expect(pickerKey(key("Tab", { shiftKey: true }), { index: 0, count: 3 })).toBeNull();
    expect(pickerKey(key("Enter"), { index: 0, count: 0 })).toBeNull();
    expect(pickerKey(key("ArrowDown"), { index: 0, count: 0 })).toBeNull();
  });

  it("replaces the /code with the rendered text and puts the caret after it", () => {
    const token = { start: 6, end: 10, query: "ref", raw: "/ref" };
    expect(replaceToken("Hello /ref!", token, "Refunds take 5 days.")).toEqual({
      text: "Hello Refunds take 5 days.!",
      caret: 26,
    });
    // The text changed meanwhile: insert where the token was, keep what was typed.
    expect(replaceToken("Hello /ref", token, "R")).toEqual({ text: "Hello R", caret: 7 });
    // The text changed meanwhile: insert where the token was, keep what was typed.
    expect(replaceToken("Hello /re", token, "R")).toEqual({ text: "Hello R/re", caret: 7 });
    expect(replaceToken("Hi", token, "R")).toEqual({ text: "HiR", caret: 3 });
  });
});
