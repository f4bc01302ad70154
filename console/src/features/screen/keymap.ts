/**
 * The inbox's keyboard shortcuts (docs/console.md, "The operator's screen"): which key does what,
 * and nothing while the operator types (an input, a text area, an editable element), except
 * Escape. Pure: the hook that listens to the keyboard is useInboxShortcuts.
 */

export type ShortcutAction = "next" | "previous" | "resolve" | "assignToMe" | "canned" | "composer" | "help";

/** The shortcuts as the help overlay lists them, in order; `keys` are shown as written. */
export const SHORTCUTS: ReadonlyArray<{ action: ShortcutAction; keys: string[] }> = [
  { action: "next", keys: ["j", "Alt+↓"] },
  { action: "previous", keys: ["k", "Alt+↑"] },
  { action: "resolve", keys: ["e"] },
  { action: "assignToMe", keys: ["a"] },
  { action: "composer", keys: ["c", "r"] },
  { action: "canned", keys: ["/"] },
  { action: "help", keys: ["?"] },
];

export interface KeyPress {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  /** What has the focus: typing there is never a shortcut. */
  target: { tagName?: string; isContentEditable?: boolean } | null;
}

const TYPING = new Set(["INPUT", "TEXTAREA", "SELECT"]);

export function isTyping(target: KeyPress["target"]): boolean {
  if (!target) return false;
  return TYPING.has((target.tagName ?? "").toUpperCase()) || target.isContentEditable === true;
}

/** The action a key press asks for, or null (not a shortcut, or the operator is typing). */
export function shortcutOf(press: KeyPress): ShortcutAction | null {
  if (press.ctrlKey || press.metaKey) return null;
  if (press.altKey) {
    // Alt+arrows move even from the composer: the arrows alone are the text's.
    if (press.key === "ArrowDown") return "next";
    if (press.key === "ArrowUp") return "previous";
    return null;
  }
  if (isTyping(press.target)) return null;
  switch (press.key) {
    case "j":
      return "next";
    case "k":
      return "previous";
    case "e":
      return "resolve";
    case "a":
      return "assignToMe";
    case "c":
    case "r":
      return "composer";
    case "/":
      return "canned";
    case "?":
      return "help";
    default:
      return null;
  }
}

/**
 * The thread `step` places from `current` in the list's order: the first (or last) when none is
 * open or the open one is not in the list; null past either end or in an empty list.
 */
export function neighbour(ids: readonly string[], current: string | null, step: 1 | -1): string | null {
  if (ids.length === 0) return null;
  const index = current === null ? -1 : ids.indexOf(current);
  if (index === -1) return step === 1 ? ids[0]! : ids[ids.length - 1]!;
  return ids[index + step] ?? null;
}
