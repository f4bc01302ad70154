import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3FinishReason,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from "@ai-sdk/provider";
import type { ChatModelFunctions, LlamaContextSequence } from "node-llama-cpp";
import { toChatHistory } from "./history.js";
import type { LoadedModel } from "./runtime.js";
import { toGrammarSchema } from "./tool-schema.js";

/** Which chat format a model is prompted in: node-llama-cpp's name for it, or "auto" (from the file). */
export type ChatFormat = "auto" | "qwen" | "chatML" | "llama3.1" | "llama3" | "mistral" | "gemma" | "general";

export interface LocalModelOptions {
  /** The catalog id, e.g. `local/qwen2.5-0.5b-instruct`. */
  modelId: string;
  /** Loads (or finds loaded) the model; may first download it. */
  load: () => Promise<LoadedModel>;
  chatFormat: ChatFormat;
  /** Upper bound of tokens one call writes when the bot sets none. */
  defaultMaxTokens: number;
}

/**
 * An AI SDK language model (specification v3) answered by a GGUF model in Parley's own
 * process through node-llama-cpp: text streams token by token; tools are offered in the
 * model's own chat format and a call the model starts is completed under a grammar made from
 * the tool's schema, so its arguments always parse. The stream ends with the calls, and the SDK
 * runs them and calls again with their results, as with any provider.
 */
export class LocalLanguageModel implements LanguageModelV3 {
  readonly specificationVersion = "v3";
  readonly provider = "local";
  readonly supportedUrls = {};
  readonly modelId: string;

  constructor(private readonly options: LocalModelOptions) {
    this.modelId = options.modelId;
  }

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    const { stream } = await this.doStream(options);
    const content: LanguageModelV3Content[] = [];
    let text = "";
    let finish: Extract<LanguageModelV3StreamPart, { type: "finish" }> | undefined;
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value.type === "text-delta") text += value.delta;
      else if (value.type === "tool-call") content.push(value);
      else if (value.type === "finish") finish = value;
      else if (value.type === "error") throw value.error;
    }
    if (text) content.unshift({ type: "text", text });
    return {
      content,
      finishReason: finish?.finishReason ?? { unified: "other", raw: undefined },
      usage: finish?.usage ?? usageOf(0, 0),
      warnings: [],
    };
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    const signal = options.abortSignal;
    signal?.throwIfAborted();
    const loaded = await this.options.load();
    signal?.throwIfAborted();
    let controller!: ReadableStreamDefaultController<LanguageModelV3StreamPart>;
    const stream = new ReadableStream<LanguageModelV3StreamPart>({
      start: (c) => {
        controller = c;
      },
    });
    controller.enqueue({ type: "stream-start", warnings: [] });
    loaded
      .withSequence((sequence) => this.generate(loaded, sequence, options, controller), signal)
      .then(
        () => controller.close(),
        (error: unknown) => {
          controller.enqueue({ type: "error", error });
          controller.close();
        },
      );
    return { stream };
  }

  private async generate(
    loaded: LoadedModel,
    sequence: LlamaContextSequence,
    options: LanguageModelV3CallOptions,
    out: ReadableStreamDefaultController<LanguageModelV3StreamPart>,
  ): Promise<void> {
    const { LlamaChat, resolveChatWrapper } = await import("node-llama-cpp");
    const chatWrapper = resolveChatWrapper(loaded.model, { type: this.options.chatFormat });
    const chat = new LlamaChat({ contextSequence: sequence, chatWrapper });
    const functions = options.toolChoice?.type === "none" ? undefined : functionsOf(options);
    const before = {
      input: sequence.tokenMeter.usedInputTokens,
      output: sequence.tokenMeter.usedOutputTokens,
    };
    const textId = "text-0";
    let textStarted = false;
    try {
      const result = await chat.generateResponse(toChatHistory(options.prompt), {
        onTextChunk: (delta) => {
          if (!delta) return;
          if (!textStarted) {
            out.enqueue({ type: "text-start", id: textId });
            textStarted = true;
          }
          out.enqueue({ type: "text-delta", id: textId, delta });
        },
        ...(functions ? { functions } : {}),
        maxTokens: options.maxOutputTokens ?? this.options.defaultMaxTokens,
        ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
        ...(options.topP !== undefined ? { topP: options.topP } : {}),
        ...(options.topK !== undefined ? { topK: options.topK } : {}),
        ...(options.seed !== undefined ? { seed: options.seed } : {}),
        ...(options.stopSequences?.length ? { customStopTriggers: options.stopSequences } : {}),
        ...(options.abortSignal ? { signal: options.abortSignal } : {}),
      });
      if (textStarted) out.enqueue({ type: "text-end", id: textId });
      const calls = result.functionCalls ?? [];
      calls.forEach((call, index) => {
        out.enqueue({
          type: "tool-call",
          toolCallId: `local_call_${Date.now().toString(36)}_${index}`,
          toolName: call.functionName,
          input: JSON.stringify(call.params ?? {}),
        });
      });
      const usage = usageOf(
        sequence.tokenMeter.usedInputTokens - before.input,
        sequence.tokenMeter.usedOutputTokens - before.output,
      );
      out.enqueue({
        type: "finish",
        usage,
        finishReason: finishReasonOf(result.metadata.stopReason, calls.length),
      });
    } finally {
      chat.dispose({ disposeSequence: false });
    }
  }
}

function functionsOf(options: LanguageModelV3CallOptions): ChatModelFunctions | undefined {
  const tools = (options.tools ?? []).filter((tool) => tool.type === "function");
  const only = options.toolChoice?.type === "tool" ? options.toolChoice.toolName : undefined;
  const offered = only ? tools.filter((tool) => tool.name === only) : tools;
  if (offered.length === 0) return undefined;
  return Object.fromEntries(
    offered.map((tool) => [
      tool.name,
      {
        ...(tool.description ? { description: tool.description } : {}),
        params: toGrammarSchema(tool.inputSchema),
      },
    ]),
  );
}

function finishReasonOf(stopReason: string, calls: number): LanguageModelV3FinishReason {
  if (calls > 0) return { unified: "tool-calls", raw: stopReason };
  if (stopReason === "maxTokens") return { unified: "length", raw: stopReason };
  return { unified: "stop", raw: stopReason };
}

function usageOf(input: number, output: number): LanguageModelV3Usage {
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}
