/** A model the catalog offers. `context_window` is in tokens. */
export interface CatalogModel {
  id: string;
  provider: string;
  name: string;
  note: string | null;
  context_window: number;
  /** Whether the model reads images: photos customers send on a channel then reach it (docs/channels.md). */
  images: boolean;
  /** List prices in USD per million tokens, what a reply is charged from (docs/billing.md). */
  input_price: number;
  output_price: number;
}

/** The five offered models (docs/api.md). */
export const BUILTIN_MODELS: CatalogModel[] = [
  {
    id: "openai/gpt-5",
    provider: "openai",
    name: "gpt-5",
    note: "highest quality",
    context_window: 400_000,
    images: true,
    input_price: 1.25,
    output_price: 10,
  },
  {
    id: "mistral/mistral-small-latest",
    provider: "mistral",
    name: "mistral-small-latest",
    note: "fastest and lowest cost",
    context_window: 128_000,
    images: true,
    input_price: 0.1,
    output_price: 0.3,
  },
  {
    id: "anthropic/claude-sonnet-4-5",
    provider: "anthropic",
    name: "claude-sonnet-4-5",
    note: "excellent reasoning",
    context_window: 200_000,
    images: true,
    input_price: 3,
    output_price: 15,
  },
  {
    id: "google/gemini-2.5-pro",
    provider: "google",
    name: "gemini-2.5-pro",
    note: "best for long context",
    context_window: 1_048_576,
    images: true,
    input_price: 1.25,
    output_price: 10,
  },
  {
    id: "yandex/yandexgpt-5-pro",
    provider: "yandex",
    name: "yandexgpt-5-pro",
    note: "optimised for the Russian language",
    context_window: 32_768,
    images: false,
    input_price: 6,
    output_price: 6,
  },
];

/** Context window assumed for a configured model that does not state one. */
export const DEFAULT_CONTEXT_WINDOW = 8_192;
