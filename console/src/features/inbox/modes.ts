import type { ThreadMode } from "./types";

/** Badge colours of the modes: the AI at work, a person at work, nobody. */
export const MODE_COLORS: Record<ThreadMode, string> = {
  auto: "indigo",
  manual: "teal",
  operator: "teal",
  blocked: "red",
};

/**
 * Operator messages are accepted in `manual` only (docs/conversations.md, "Sending as an operator"; the server answers 409
 * thread_not_manual otherwise). In `operator` mode the header offers "Take over" first.
 */
export function canReply(mode: ThreadMode): boolean {
  return mode === "manual";
}

/**
 * Which mode changes the thread header offers. "Take over" means `manual` (the mode POST …/send
 * accepts), so it is offered in `operator` too.
 */
export function modeActions(mode: ThreadMode): { takeOver: boolean; handBack: boolean; block: boolean } {
  return {
    takeOver: mode !== "manual",
    handBack: mode !== "auto",
    block: mode !== "blocked",
  };
}
