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

export interface ScriptedReply {
  chunks?: string[];
  text?: string;
  toolCall?: { name: string; input: unknown };
  error?: unknown;
  delayMs?: number;
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
