import { describe, expect, it } from "vitest";
import { type KeyPress, neighbour, SHORTCUTS, shortcutOf } from "./keymap";

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  target: { tagName: "BODY" },
  ...extra,
});

describe("inbox shortcuts", () => {
  it("maps every listed key to its action", () => {
    expect(shortcutOf(press("j"))).toBe("next");
    expect(shortcutOf(press("k"))).toBe("previous");
    expect(shortcutOf(press("ArrowDown", { altKey: true }))).toBe("next");
    expect(shortcutOf(press("ArrowUp", { altKey: true }))).toBe("previous");
    expect(shortcutOf(press("e"))).toBe("resolve");
    expect(shortcutOf(press("a"))).toBe("assignToMe");
    expect(shortcutOf(press("c"))).toBe("composer");
    expect(shortcutOf(press("r"))).toBe("composer");
    expect(shortcutOf(press("/"))).toBe("canned");
    expect(shortcutOf(press("?"))).toBe("help");
    expect(new Set(SHORTCUTS.map((s) => s.action)).size).toBe(SHORTCUTS.length);
  });

  it("ignores keys typed into inputs, with Ctrl or Cmd, and others", () => {
    expect(shortcutOf(press("j", { target: { tagName: "INPUT" } }))).toBeNull();
    expect(shortcutOf(press("e", { target: { tagName: "textarea" } }))).toBeNull();
    expect(shortcutOf(press("a", { target: { tagName: "DIV", isContentEditable: true } }))).toBeNull();
    expect(shortcutOf(press("/", { target: { tagName: "SELECT" } }))).toBeNull();
    expect(shortcutOf(press("j", { ctrlKey: true }))).toBeNull();
    expect(shortcutOf(press("k", { metaKey: true }))).toBeNull();
    expect(shortcutOf(press("x"))).toBeNull();
    expect(shortcutOf(press("ArrowDown"))).toBeNull();
    // Alt+arrows move even from the composer.
    expect(shortcutOf(press("ArrowDown", { altKey: true, target: { tagName: "TEXTAREA" } }))).toBe("next");
  });

  it("finds the next and previous conversation", () => {
    const ids = ["a", "b", "c"];
    expect(neighbour(ids, "b", 1)).toBe("c");
    expect(neighbour(ids, "b", -1)).toBe("a");
    expect(neighbour(ids, "c", 1)).toBeNull();
    expect(neighbour(ids, "a", -1)).toBeNull();
    expect(neighbour(ids, null, 1)).toBe("a");
    expect(neighbour(ids, "gone", -1)).toBe("c");
    expect(neighbour([], null, 1)).toBeNull();
  });
});
