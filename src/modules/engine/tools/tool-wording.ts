import {
  genericAsk,
  type Language,
  type ToolArgs,
  type ToolPresentation,
} from "../../../tools/tool-presentation.js";

/** What a tool is called and described as for people: its presentation, else its own name and description. */
export interface ToolWordingSource {
  name: string;
  description: string;
  presentation?: ToolPresentation | undefined;
}

/**
 * The tool's title in `language`. Custom and MCP tools have no translations: their title is
 * the name they were given (an MCP tool's own name, without `mcp:<server>:`).
 */
export function toolTitle(tool: ToolWordingSource, language: Language): string {
  return tool.presentation?.title[language] ?? tool.name.replace(/^mcp:[^:]*:/, "");
}

/** The tool's summary in `language`; custom and MCP tools: their own description, as written. */
export function toolSummary(tool: ToolWordingSource, language: Language): string {
  return tool.presentation?.summary[language] ?? tool.description;
}

const asArgs = (args: unknown): ToolArgs =>
  args && typeof args === "object" && !Array.isArray(args) ? (args as ToolArgs) : {};

/**
 * The action a `user_approve` question names, the words after "May I" / "Можно": the tool's
 * own formatter, or the generic one (title and the first few scalar arguments). A formatter
 * that throws on odd arguments (the model's, unvalidated) falls back to the generic phrase.
 */
export function askPhrase(tool: ToolWordingSource, args: unknown, language: Language): string {
  const input = asArgs(args);
  let own: string | undefined;
  try {
    own = tool.presentation?.ask?.(input, language);
  } catch {
    own = undefined;
  }
  return own?.trim() || genericAsk(toolTitle(tool, language), input, language);
}
