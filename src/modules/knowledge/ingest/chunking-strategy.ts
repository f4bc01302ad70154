/**
 * How a file's text is cut into chunks, in OpenAI's vector-store shape (docs/knowledge.md,
 * "Chunking"): `auto` is 800 tokens a chunk with 400 shared between neighbours; `static` sets
 * both, within OpenAI's bounds (a chunk of 100 to 4096 tokens, an overlap of at most half).
 */
export type ChunkingStrategy =
  | { type: "auto" }
  | { type: "static"; static: { max_chunk_size_tokens: number; chunk_overlap_tokens: number } };

export const AUTO_MAX_CHUNK_SIZE_TOKENS = 800;
export const AUTO_CHUNK_OVERLAP_TOKENS = 400;
export const MIN_CHUNK_SIZE_TOKENS = 100;
export const MAX_CHUNK_SIZE_TOKENS = 4096;

/** The sizes a strategy stands for. */
export function chunkSizes(strategy: ChunkingStrategy): { maxTokens: number; overlapTokens: number } {
  if (strategy.type === "auto") {
    return { maxTokens: AUTO_MAX_CHUNK_SIZE_TOKENS, overlapTokens: AUTO_CHUNK_OVERLAP_TOKENS };
  }
  return {
    maxTokens: strategy.static.max_chunk_size_tokens,
    overlapTokens: strategy.static.chunk_overlap_tokens,
  };
}

/**
 * A request's `chunking_strategy` checked against OpenAI's rules and returned as a fresh
 * value: `type` is `auto` or `static`; a static one has integer `max_chunk_size_tokens` from
 * 100 to 4096 and integer `chunk_overlap_tokens` from 0 to half of it. Anything else throws an
 * Error whose message names the field and the rule, fit to return to the API caller.
 */
export function validateChunkingStrategy(value: unknown): ChunkingStrategy {
  if (!isRecord(value))
    throw new Error("chunking_strategy must be an object with a type of 'auto' or 'static'.");
  if (value.type === "auto") return { type: "auto" };
  if (value.type !== "static") {
    throw new Error(`chunking_strategy.type must be 'auto' or 'static', not ${JSON.stringify(value.type)}.`);
  }
  const settings = value.static;
  if (!isRecord(settings)) {
    throw new Error(
      "chunking_strategy.static must be an object with max_chunk_size_tokens and chunk_overlap_tokens.",
    );
  }
  const max = settings.max_chunk_size_tokens;
  const overlap = settings.chunk_overlap_tokens;
  if (
    !Number.isInteger(max) ||
    (max as number) < MIN_CHUNK_SIZE_TOKENS ||
    (max as number) > MAX_CHUNK_SIZE_TOKENS
  ) {
    throw new Error(
      `chunking_strategy.static.max_chunk_size_tokens must be an integer from ${MIN_CHUNK_SIZE_TOKENS} to ` +
        `${MAX_CHUNK_SIZE_TOKENS}, not ${JSON.stringify(max)}.`,
    );
  }
  if (!Number.isInteger(overlap) || (overlap as number) < 0) {
    throw new Error(
      `chunking_strategy.static.chunk_overlap_tokens must be an integer of 0 or more, not ${JSON.stringify(overlap)}.`,
    );
  }
  if ((overlap as number) > (max as number) / 2) {
    throw new Error(
      `chunking_strategy.static.chunk_overlap_tokens (${overlap}) must not exceed half of max_chunk_size_tokens ` +
        `(${(max as number) / 2}).`,
    );
  }
  return {
    type: "static",
    static: { max_chunk_size_tokens: max as number, chunk_overlap_tokens: overlap as number },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
