import { setImmediate } from "node:timers/promises";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createMistral } from "@ai-sdk/mistral";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { type EmbeddingModel, embedMany } from "ai";
import { type Config, ConfigError } from "../../config.js";

/**
 * Turns texts into vectors for semantic recall. Callers keep every input within
 * `maxInputChars` (see chunkText); an embedder rejects longer ones rather than truncating
 * behind their back. `id` names the embedder and its dimension: stored vectors are only
 * compared with vectors of the same id.
 */
export interface Embedder {
  id: string;
  dimensions: number;
  maxInputChars: number;
  embed(texts: string[]): Promise<number[][]>;
}

/** Characters per input unless configured: well inside every supported model's token limit, Russian included. */
export const DEFAULT_EMBEDDING_MAX_INPUT_CHARS = 2000;

export interface AiSdkEmbedderOptions {
  id: string;
  dimensions: number;
  maxInputChars?: number;
  /** Passed to `embedMany`, e.g. `{ openai: { dimensions: 512 } }`. */
  providerOptions?: Record<string, Record<string, string | number | boolean>>;
  maxRetries?: number;
}

/** An embedder over any AI SDK embedding model (`openai.embeddingModel(...)`, …). */
export function createAiSdkEmbedder(model: EmbeddingModel, options: AiSdkEmbedderOptions): Embedder {
  const maxInputChars = options.maxInputChars ?? DEFAULT_EMBEDDING_MAX_INPUT_CHARS;
  return {
    id: options.id,
    dimensions: options.dimensions,
    maxInputChars,
    async embed(texts) {
      if (texts.length === 0) return [];
      checkLengths(options.id, texts, maxInputChars);
      const { embeddings } = await embedMany({
        model,
        values: texts,
        maxRetries: options.maxRetries ?? 2,
        ...(options.providerOptions ? { providerOptions: options.providerOptions } : {}),
      });
      for (const embedding of embeddings) {
        if (embedding.length !== options.dimensions) {
          throw new Error(
            `Embedding model ${options.id} returned ${embedding.length} dimensions, configured ${options.dimensions} (PARLEY_EMBEDDING_DIMENSIONS).`,
          );
        }
      }
      return embeddings;
    },
  };
}

export interface LexicalEmbedderOptions {
  dimensions?: number;
  maxInputChars?: number;
}

/**
 * Parley's built-in offline embedder: LEXICAL-GRADE, NOT SEMANTIC-GRADE. A hashed bag of
 * words plus character trigrams of each word (so "доставка" meets "доставки" and "deliver"
 * meets "delivery"), sublinear term weights, common English and Russian function words
 * dropped, L2-normalised. It finds earlier messages that share words or word stems with the
 * query; it does not know that "refund" and "money back" mean the same. Deterministic, no
 * network, no model files: what recall uses when no embedding model is configured.
 */
export function createLexicalEmbedder(options: LexicalEmbedderOptions = {}): Embedder {
  const dimensions = options.dimensions ?? 256;
  if (!Number.isInteger(dimensions) || dimensions < 16)
    throw new RangeError("lexical embedder: dimensions >= 16");
  const maxInputChars = options.maxInputChars ?? DEFAULT_EMBEDDING_MAX_INPUT_CHARS;
  const id = `parley/lexical-v1@${dimensions}`;
  return {
    id,
    dimensions,
    maxInputChars,
    async embed(texts) {
      checkLengths(id, texts, maxInputChars);
      const vectors: number[][] = [];
      let sliceChars = 0;
      for (const text of texts) {
        if (sliceChars >= LEXICAL_SLICE_CHARS) {
          await setImmediate();
          sliceChars = 0;
        }
        vectors.push(lexicalVector(text, dimensions));
        sliceChars += text.length;
      }
      return vectors;
    },
  };
}

/**
 * Characters the lexical embedder reads before it lets the event loop run (docs/operations.md,
 * "Parse workers"): it computes on the caller's thread, about a millisecond per 2,000-character
 * chunk, and a file's thousands of chunks in one go would hold every request up for seconds.
 */
const LEXICAL_SLICE_CHARS = 16_000;

const WORD_WEIGHT = 1;
const TRIGRAM_WEIGHT = 0.35;

/** Exported for tests: the lexical embedding of one text. */
export function lexicalVector(text: string, dimensions: number): number[] {
  const normalized = text.normalize("NFKC").toLowerCase().replace(/ё/g, "е");
  const counts = new Map<string, number>();
  const add = (feature: string) => counts.set(feature, (counts.get(feature) ?? 0) + 1);
  for (const word of normalized.match(/[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu) ?? []) {
    if (STOPWORDS.has(word)) continue;
    add(`w ${word}`);
    if (word.length < 3) continue;
    const padded = `^${word}$`;
    for (let i = 0; i + 3 <= padded.length; i++) add(`t ${padded.slice(i, i + 3)}`);
  }
  const vector = new Array<number>(dimensions).fill(0);
  if (counts.size === 0) {
    // Only punctuation, emoji or function words: still a direction of its own, not zero.
    const hash = fnv1a(normalized.trim() || text);
    vector[hash % dimensions] = 1;
    return vector;
  }
  for (const [feature, count] of counts) {
    const hash = fnv1a(feature);
    const weight = (feature.startsWith("w") ? WORD_WEIGHT : TRIGRAM_WEIGHT) * (1 + Math.log(count));
    // Signed hashing: collisions cancel out on average instead of piling up.
    vector[hash % dimensions]! += hash & 0x80000000 ? -weight : weight;
  }
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm);
  return norm > 0 ? vector.map((value) => value / norm) : vector;
}

/** FNV-1a over UTF-16 code units (no encoding step: this runs for every word). */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  // Final avalanche so low bits (the bucket) and the top bit (the sign) are independent.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  return hash >>> 0;
}

const STOPWORDS = new Set(
  (
    "a an and are as at be been but by can could did do does for from had has have he her his how i if in is it its " +
    "just me my no not of on or our she so that the their them there they this to was we were what when which who " +
    "will with would you your " +
    "а без бы был была были было в вам вас весь во вот все всё вы где да даже для до его ее её если есть еще ещё же " +
    "за и из или им их к как ко когда кто ли либо мне мной мы на над не нет но ну о об он она они оно от по под при " +
    "с со так там то тоже только ты у уже чем что чтобы эта эти это этот я"
  ).split(" "),
);

function checkLengths(id: string, texts: string[], maxInputChars: number): void {
  for (const text of texts) {
    if (text.length > maxInputChars) {
      throw new RangeError(
        `Embedder ${id}: an input of ${text.length} characters exceeds maxInputChars (${maxInputChars}); chunk it first.`,
      );
    }
  }
}

/** Native sizes of well-known embedding models; other models need PARLEY_EMBEDDING_DIMENSIONS. */
const KNOWN_DIMENSIONS: Record<string, number> = {
  "openai/text-embedding-3-small": 1536,
  "openai/text-embedding-3-large": 3072,
  "openai/text-embedding-ada-002": 1536,
  "mistral/mistral-embed": 1024,
  "google/gemini-embedding-001": 3072,
  "google/text-embedding-004": 768,
};

/**
 * The embedder the configuration asks for: PARLEY_EMBEDDING_MODEL (`<provider>/<model>`,
 * with that provider's credentials from the environment), or the lexical embedder when it
 * is empty. Throws ConfigError naming the variable when the choice cannot work.
 */
export function createEmbedderFromConfig(config: Pick<Config, "embedding" | "providers">): Embedder {
  const { model: modelId, dimensions: configured, maxInputChars } = config.embedding;
  if (!modelId || modelId === "parley/lexical") {
    return createLexicalEmbedder({ ...(configured ? { dimensions: configured } : {}), maxInputChars });
  }
  const slash = modelId.indexOf("/");
  const provider = modelId.slice(0, slash);
  const name = modelId.slice(slash + 1);
  const credentials = config.providers[provider];
  if (slash <= 0 || !name) {
    throw new ConfigError([`PARLEY_EMBEDDING_MODEL: must look like <provider>/<model>, got '${modelId}'`]);
  }
  if (!credentials) {
    throw new ConfigError([`PARLEY_EMBEDDING_MODEL: unknown provider '${provider}'`]);
  }
  if (provider === "anthropic" || provider === "yandex") {
    throw new ConfigError([
      `PARLEY_EMBEDDING_MODEL: provider '${provider}' offers no embedding model through the AI SDK; use openai, mistral, google or an OpenAI-compatible provider of PARLEY_PROVIDERS`,
    ]);
  }
  const dimensions = configured ?? KNOWN_DIMENSIONS[modelId] ?? (provider === "openai" ? 1536 : undefined);
  if (dimensions === undefined) {
    throw new ConfigError([
      `PARLEY_EMBEDDING_DIMENSIONS: required for '${modelId}' (the length of the vectors the model returns)`,
    ]);
  }
  if (!credentials.apiKey && credentials.extra.compatible !== "true") {
    throw new ConfigError([`PARLEY_EMBEDDING_MODEL: provider '${provider}' has no API key configured`]);
  }
  const base = {
    apiKey: credentials.apiKey,
    ...(credentials.baseUrl ? { baseURL: credentials.baseUrl } : {}),
  };
  const common = { id: `${modelId}@${dimensions}`, dimensions, maxInputChars };
  switch (provider) {
    case "openai":
      return createAiSdkEmbedder(createOpenAI(base).embeddingModel(name), {
        ...common,
        // Only the text-embedding-3 family can shorten its vectors.
        ...(name.startsWith("text-embedding-3") ? { providerOptions: { openai: { dimensions } } } : {}),
      });
    case "mistral":
      return createAiSdkEmbedder(createMistral(base).embeddingModel(name), common);
    case "google":
      return createAiSdkEmbedder(createGoogleGenerativeAI(base).embeddingModel(name), {
        ...common,
        ...(configured ? { providerOptions: { google: { outputDimensionality: configured } } } : {}),
      });
    default: {
      // OpenAI-compatible providers (Ollama, vLLM, …) from PARLEY_PROVIDERS. No `dimensions`
      // is sent (many servers reject it): the model must return the configured size.
      const compatible = createOpenAICompatible({
        name: provider,
        baseURL: credentials.baseUrl ?? "",
        ...(credentials.apiKey ? { apiKey: credentials.apiKey } : {}),
      });
      return createAiSdkEmbedder(compatible.embeddingModel(name), common);
    }
  }
}
