/**
 * The names of OpenTelemetry's GenAI semantic conventions that Parley's spans and metrics use
 * (docs/quality.md, "OpenTelemetry"). They are still "development" in the conventions, so, as
 * the conventions' package asks, they are copied here rather than imported from its
 * `incubating` entry point; test/infra/telemetry/gen-ai.test.ts checks each against it.
 */
export const GEN_AI = {
  OPERATION_NAME: "gen_ai.operation.name",
  PROVIDER_NAME: "gen_ai.provider.name",
  AGENT_ID: "gen_ai.agent.id",
  CONVERSATION_ID: "gen_ai.conversation.id",
  REQUEST_MODEL: "gen_ai.request.model",
  REQUEST_TEMPERATURE: "gen_ai.request.temperature",
  REQUEST_MAX_TOKENS: "gen_ai.request.max_tokens",
  REQUEST_TOP_P: "gen_ai.request.top_p",
  REQUEST_FREQUENCY_PENALTY: "gen_ai.request.frequency_penalty",
  REQUEST_PRESENCE_PENALTY: "gen_ai.request.presence_penalty",
  RESPONSE_MODEL: "gen_ai.response.model",
  RESPONSE_FINISH_REASONS: "gen_ai.response.finish_reasons",
  RESPONSE_TIME_TO_FIRST_CHUNK: "gen_ai.response.time_to_first_chunk",
  USAGE_INPUT_TOKENS: "gen_ai.usage.input_tokens",
  USAGE_OUTPUT_TOKENS: "gen_ai.usage.output_tokens",
  TOKEN_TYPE: "gen_ai.token.type",
  TOOL_NAME: "gen_ai.tool.name",
  TOOL_CALL_ID: "gen_ai.tool.call.id",
  TOOL_TYPE: "gen_ai.tool.type",
  TOOL_CALL_ARGUMENTS: "gen_ai.tool.call.arguments",
  TOOL_CALL_RESULT: "gen_ai.tool.call.result",
} as const;

export const GEN_AI_METRIC = {
  TOKEN_USAGE: "gen_ai.client.token.usage",
  OPERATION_DURATION: "gen_ai.client.operation.duration",
} as const;

/** The conventions' bucket boundaries for `gen_ai.client.token.usage`. */
export const TOKEN_BUCKETS = [
  1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864,
];

/** The conventions' bucket boundaries for `gen_ai.client.operation.duration`, in seconds. */
export const OPERATION_SECONDS = [
  0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92,
];

/**
 * Parley's providers under the conventions' well-known `gen_ai.provider.name` values where one
 * applies (Google's Gemini API is `gcp.gemini`, Mistral `mistral_ai`); any other provider
 * (`yandex`, `local`, a `PARLEY_PROVIDERS` entry) under its own id.
 */
const WELL_KNOWN_PROVIDERS: Readonly<Record<string, string>> = {
  google: "gcp.gemini",
  mistral: "mistral_ai",
};

/** `<provider>/<model>` (the model catalog's ids) as the conventions name the two. */
export function genAiModel(modelId: string): { provider: string; model: string } {
  const slash = modelId.indexOf("/");
  if (slash === -1) return { provider: "_OTHER", model: modelId };
  const provider = modelId.slice(0, slash);
  return { provider: WELL_KNOWN_PROVIDERS[provider] ?? provider, model: modelId.slice(slash + 1) };
}
