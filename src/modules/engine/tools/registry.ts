import type { BuiltinTool } from "../../../tools/tool-context.js";
import { addLabelTool } from "./add-label.js";
import { getCurrentTimeTool } from "./get-current-time.js";
import { handoffToOperatorTool } from "./handoff-to-operator.js";
import { knowledgeSearchTool } from "./knowledge-search.js";
import { offerChoicesTool } from "./offer-choices.js";
import { resolveConversationTool } from "./resolve-conversation.js";
import { scheduleMessageTool } from "./schedule-message.js";
import { sendFileTool } from "./send-file.js";
import { updateWorkingMemoryTool } from "./update-working-memory.js";

export type { BuiltinTool, ToolContext } from "../../../tools/tool-context.js";

/** Every built-in tool, in the order GET /v1/tools lists them. A bot enables one by its name in `ai.tools`. */
export const BUILTIN_TOOLS: BuiltinTool[] = [
  getCurrentTimeTool,
  handoffToOperatorTool,
  updateWorkingMemoryTool,
  scheduleMessageTool,
  knowledgeSearchTool,
  addLabelTool,
  resolveConversationTool,
  offerChoicesTool,
  sendFileTool,
];

const byName = new Map(BUILTIN_TOOLS.map((builtin) => [builtin.name, builtin]));

export function findBuiltinTool(name: string): BuiltinTool | undefined {
  return byName.get(name);
}

export function builtinToolNames(): string[] {
  return BUILTIN_TOOLS.map((builtin) => builtin.name);
}

/**
 * Problems with the keys of an `ai.tools` object (a settings patch or a whole document), as
 * validation details: every key must name a built-in tool. A key set to `null` in a patch
 * removes the tool and is always allowed, so a bot can drop a tool that no longer exists.
 */
export function validateToolNames(tools: Record<string, unknown>): { path: string; message: string }[] {
  return Object.entries(tools)
    .filter(([name, policy]) => policy !== null && !byName.has(name))
    .map(([name]) => ({
      path: `ai.tools.${name}`,
      message: `unknown tool '${name}'; GET /v1/tools lists them`,
    }));
}
