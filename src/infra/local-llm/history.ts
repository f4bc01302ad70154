import type { LanguageModelV3Prompt, LanguageModelV3ToolResultOutput } from "@ai-sdk/provider";
import type { ChatHistoryItem, ChatModelFunctionCall, ChatModelResponse } from "node-llama-cpp";

/**
 * The AI SDK's prompt as node-llama-cpp's chat history: system, user and model items. An
 * assistant message and the tool results that answer its calls become one model response
 * (calls carry their results, which is how node-llama-cpp renders them in the model's own
 * chat format); consecutive assistant steps of one turn are one response. Files are named in
 * the text: the embedded models read text only (docs/local-models.md).
 */
export function toChatHistory(prompt: LanguageModelV3Prompt): ChatHistoryItem[] {
  const history: ChatHistoryItem[] = [];
  const calls = new Map<string, ChatModelFunctionCall>();
  const lastModel = (): ChatModelResponse => {
    const last = history.at(-1);
    if (last?.type === "model") return last;
    const response: ChatModelResponse = { type: "model", response: [] };
    history.push(response);
    return response;
  };
  for (const message of prompt) {
    switch (message.role) {
      case "system":
        history.push({ type: "system", text: message.content });
        break;
      case "user": {
        const text = message.content
          .map((part) =>
            part.type === "text" ? part.text : `[attached file: ${part.filename ?? part.mediaType}]`,
          )
          .join("\n");
        history.push({ type: "user", text });
        break;
      }
      case "assistant": {
        const response = lastModel();
        for (const part of message.content) {
          if (part.type === "text" && part.text) response.response.push(part.text);
          if (part.type === "tool-call") {
            const call: ChatModelFunctionCall = {
              type: "functionCall",
              name: part.toolName,
              params: typeof part.input === "string" ? parseJson(part.input) : part.input,
              result: null,
            };
            calls.set(part.toolCallId, call);
            response.response.push(call);
          }
        }
        break;
      }
      case "tool": {
        for (const part of message.content) {
          if (part.type !== "tool-result") continue;
          const call = calls.get(part.toolCallId);
          if (call) call.result = resultValue(part.output);
        }
        break;
      }
    }
  }
  return history;
}

function resultValue(output: LanguageModelV3ToolResultOutput): unknown {
  switch (output.type) {
    case "text":
    case "error-text":
      return output.value;
    case "json":
    case "error-json":
      return output.value;
    case "execution-denied":
      return { denied: true, reason: output.reason ?? null };
    case "content":
      return output.value.map((part) => (part.type === "text" ? part.text : `[${part.type}]`)).join("\n");
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
