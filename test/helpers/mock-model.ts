import type { LanguageModelV3CallOptions, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { simulateReadableStream } from "ai";
import { MockLanguageModelV3 } from "ai/test";

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/** The text of the last user message the model was given. */
export function lastUserText(options: LanguageModelV3CallOptions): string {
  const user = [...options.prompt].reverse().find((m) => m.role === "user");
  if (!user || typeof user.content === "string") return "";
  return user.content.map((part) => (part.type === "text" ? part.text : "")).join("");
}

/** The last tool result the model was shown, if any. */
export function lastToolResult(options: LanguageModelV3CallOptions): unknown {
  const tool = [...options.prompt].reverse().find((m) => m.role === "tool");
  if (!tool || typeof tool.content === "string") return undefined;
  const part = tool.content.find((p) => p.type === "tool-result");
  return part && "output" in part ? part.output : undefined;
}

/**
 * A model for CRM tool journeys: a message containing `keyword` makes it call `tool` with
 * `input`; once the tool's result is back it answers "<Label> noted: <result>"; otherwise it
 * echoes (or answers `longReply` to a message containing "long").
 */
export function crmToolModel(keyword: string, tool: string, input: unknown, longReply: string) {
  const label = keyword.charAt(0).toUpperCase() + keyword.slice(1);
  return scriptedModel((options, call): ScriptedReply => {
    const text = lastUserText(options);
    const result = lastToolResult(options);
    if (result !== undefined && call > 0 && text.includes(keyword)) {
      return { text: `${label} noted: ${JSON.stringify(result)}` };
    }
    if (text.includes(keyword)) return { toolCall: { name: tool, input } };
    return { text: text.includes("long") ? longReply : `Echo: ${text}` };
  });
}

export interface ScriptedReply {
  chunks?: string[];
  text?: string;
  toolCall?: { name: string; input: unknown };
  error?: unknown;
  delayMs?: number;
  /** Answer only once this settles: a gate the test opens when what must happen first has. */
  until?: Promise<unknown>;
}

/**
 * The AI SDK's mock model answering from a script (default: `Echo: <last user text>`), in
 * streamed chunks. `calls` holds every prompt it received.
 */
export function scriptedModel(
  reply: (options: LanguageModelV3CallOptions, call: number) => ScriptedReply = (o) => ({
    text: `Echo: ${lastUserText(o)}`,
  }),
  /** Answers of non-streamed calls (generateText: titles). */
  generate: (options: LanguageModelV3CallOptions) => string = () => "A generated title",
) {
  let call = 0;
  const calls: LanguageModelV3CallOptions[] = [];
  const generateCalls: LanguageModelV3CallOptions[] = [];
  const model = new MockLanguageModelV3({
    doGenerate: async (options) => {
      generateCalls.push(options);
      return {
        content: [{ type: "text", text: generate(options) }],
        finishReason: { unified: "stop", raw: "stop" },
        usage,
        warnings: [],
      };
    },
    doStream: async (options) => {
      calls.push(options);
      const script = reply(options, call++);
      if (script.delayMs) await new Promise((resolve) => setTimeout(resolve, script.delayMs));
      if (script.until) await script.until;
      if (script.error) throw script.error;
      const parts: LanguageModelV3StreamPart[] = [{ type: "stream-start", warnings: [] }];
      if (script.toolCall) {
        parts.push({
          type: "tool-call",
          toolCallId: `call_${call}`,
          toolName: script.toolCall.name,
          input: JSON.stringify(script.toolCall.input),
        });
        parts.push({ type: "finish", finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage });
      } else {
        const chunks = script.chunks ?? (script.text ?? "").split(/(?<= )/);
        parts.push({ type: "text-start", id: "t" });
        for (const delta of chunks) parts.push({ type: "text-delta", id: "t", delta });
        parts.push({ type: "text-end", id: "t" });
        parts.push({ type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage });
      }
      return { stream: simulateReadableStream({ chunks: parts }) };
    },
  });
  return { model, calls, generateCalls };
}
