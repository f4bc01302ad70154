import { z } from "zod";

/**
 * A message's tool steps as the API shows them (docs/conversations.md, "Objects"): the calls an
 * assistant message made, with their arguments, and the result a tool message carries —
 * taken from the model-level parts stored with the message, so operators see what a tool was
 * asked and what it answered.
 */
export const toolCallSchema = z.object({
  id: z.string().describe("The call's id (the model's), shared by its result."),
  name: z
    .string()
    .describe("The tool as the model called it (`mcp__shop__get_order` for `mcp:shop:get_order`)."),
  args: z.unknown().describe("The arguments the model gave."),
});

export const toolResultSchema = z.object({
  tool_call_id: z.string(),
  name: z.string(),
  status: z
    .enum(["ok", "error", "denied"])
    .describe(
      "`ok`: the tool answered; `error`: it failed or refused (the model saw the message); `denied`: a person refused the call.",
    ),
  result: z
    .unknown()
    .describe("What the model was given: the tool's JSON, the error text, or the refusal's reason."),
});

export type ToolCallView = z.infer<typeof toolCallSchema>;
export type ToolResultView = z.infer<typeof toolResultSchema>;

type Part = { type?: unknown; toolCallId?: unknown; toolName?: unknown; input?: unknown; output?: unknown };

function partsOf(json: string | null): Part[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? (parsed.filter((p) => typeof p === "object" && p !== null) as Part[]) : [];
  } catch {
    return [];
  }
}

function resultOf(output: unknown): Pick<ToolResultView, "status" | "result"> {
  const value = (output ?? {}) as { type?: unknown; value?: unknown; reason?: unknown };
  switch (value.type) {
    case "execution-denied":
      return { status: "denied", result: value.reason ?? null };
    case "error-text":
    case "error-json":
      return { status: "error", result: value.value ?? null };
    case "json":
    case "text":
      return { status: "ok", result: value.value ?? null };
    default:
      return { status: "ok", result: value.value ?? output ?? null };
  }
}

/** The tool calls and results stored in a message's parts (none for plain text). */
export function toolStepsOf(parts: string | null): { calls: ToolCallView[]; results: ToolResultView[] } {
  const calls: ToolCallView[] = [];
  const results: ToolResultView[] = [];
  for (const part of partsOf(parts)) {
    if (typeof part.toolCallId !== "string" || typeof part.toolName !== "string") continue;
    if (part.type === "tool-call")
      calls.push({ id: part.toolCallId, name: part.toolName, args: part.input ?? null });
    if (part.type === "tool-result")
      results.push({ tool_call_id: part.toolCallId, name: part.toolName, ...resultOf(part.output) });
  }
  return { calls, results };
}
