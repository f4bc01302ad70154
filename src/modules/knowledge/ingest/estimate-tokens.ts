/**
 * How many tokens a text costs, estimated without a model's tokenizer (docs/knowledge.md,
 * "Chunking"). Each character weighs a share of a token by how many bytes UTF-8 needs for it,
 * which follows how byte-level BPE tokenizers (OpenAI's, most embedding models') split text:
 * - 1 to 127 (ASCII: English, code, digits, punctuation): a quarter of a token, the usual
 *   four characters a token of English;
 * - U+0080 to U+07FF (accented Latin, Greek, Cyrillic, Hebrew, Arabic…): half a token;
 * - everything above (CJK, Thai, Indic scripts, emoji…): a whole token.
 * The sum is rounded up. It is meant to err high for most text, so chunks stay within an
 * embedding model's real limit; source code full of symbols may tokenize a little denser.
 * Chunking counts with exactly these weights, so `estimateTokens(chunk.content)` is a chunk's
 * `tokens`.
 */
export function estimateTokens(text: string): number {
  let quarters = 0;
  for (const char of text) quarters += quarterTokens(char.codePointAt(0)!);
  return Math.ceil(quarters / QUARTERS_PER_TOKEN);
}

export const QUARTERS_PER_TOKEN = 4;

/** One code point's weight in quarter tokens (integers, so sums are exact). */
export function quarterTokens(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  return 4;
}
