/**
 * The rows of the tools section: every built-in tool (GET /v1/tools) with its policy in
 * `ai.tools` or "off", plus tools the settings name that are not built in (kept visible so they
 * can be turned off; the API refuses unknown names on update).
 */
import type { BuiltinTool, ToolPolicy } from "./bots-api";

export type ToolChoice = ToolPolicy | "off";

export interface ToolRow {
  name: string;
  /** The catalog's title for people (the console's language); the name for unknown tools. */
  title: string;
  /** The catalog's summary for people; null for tools the catalog does not know. */
  summary: string | null;
  choice: ToolChoice;
  /** The choices offered: "off" and the tool's allowed policies (the current one always). */
  choices: ToolChoice[];
  builtin: boolean;
}

export function toolRows(
  tools: readonly BuiltinTool[],
  enabled: Readonly<Record<string, unknown>>,
): ToolRow[] {
  const rows: ToolRow[] = tools.map((tool) => {
    const choice = asChoice(enabled[tool.name]);
    const choices: ToolChoice[] = ["off", ...tool.policies];
    if (!choices.includes(choice)) choices.push(choice);
    return {
      name: tool.name,
      title: tool.title || tool.name,
      summary: tool.summary || null,
      choice,
      choices,
      builtin: true,
    };
  });
  for (const [name, policy] of Object.entries(enabled)) {
    if (tools.some((tool) => tool.name === name) || policy === undefined) continue;
    rows.push({
      name,
      title: name,
      summary: null,
      choice: asChoice(policy),
      choices: ["off", asChoice(policy)],
      builtin: false,
    });
  }
  return rows;
}

function asChoice(value: unknown): ToolChoice {
  return typeof value === "string" && value !== "" ? (value as ToolChoice) : "off";
}

/** The `ai.tools` object after choosing `choice` for `name`: "off" removes the key. */
export function withToolChoice(
  enabled: Readonly<Record<string, ToolPolicy>>,
  name: string,
  choice: ToolChoice,
): Record<string, ToolPolicy> {
  const next = { ...enabled };
  if (choice === "off") delete next[name];
  else next[name] = choice;
  return next;
}
