import { createHash } from "node:crypto";
import { type GgufTensor, type GgufValue, writeGguf } from "./gguf-writer.js";

/**
 * A tiny GGUF model (llama architecture, ~2 MB) that llama.cpp loads and runs like any other,
 * whose answer is known in advance: a "scripted" model, so tests of the embedded provider can
 * assert on what streams without real weights.
 *
 * How: the embeddings are one-hot, every attention and feed-forward weight is zero, so each
 * position's hidden state is its own token's embedding (the residual passes it through) and the
 * next-token logits depend on the last token only — a bigram table, written into
 * `output.weight`. The prompt ends with a newline (`<|im_start|>assistant\n`), so the newline
 * token starts the script; each script token is followed by the next, the last by `<|im_end|>`.
 * Tokens the table does not name are followed by `<|im_end|>`, weakly: a stray context ends.
 * The tokenizer is SentencePiece-style ("llama"): byte tokens spell any text; the script's
 * pieces are whole tokens so the bigram chain never repeats a token.
 */
export interface TinyModel {
  bytes: Buffer;
  sha256: string;
}

const SPECIAL = [
  "<|im_start|>",
  "<|im_end|>",
  "<tool_call>",
  "</tool_call>",
  "<tool_response>",
  "</tool_response>",
];

/** Qwen 2.5's chat format, short: system, user, assistant turns and tool calls in `<tool_call>` tags. */
const CHAT_TEMPLATE = [
  "{%- for message in messages %}",
  "{{- '<|im_start|>' + message.role + '\\n' + message.content + '<|im_end|>' + '\\n' }}",
  "{%- endfor %}",
  "{%- if add_generation_prompt %}{{- '<|im_start|>assistant\\n' }}{%- endif %}",
].join("");

const TOKEN_TYPE = { normal: 1, unknown: 2, control: 3, userDefined: 4, byte: 6 } as const;
/** As in Qwen's vocabulary: the chat markers are control tokens, the tool-call tags user-defined (text). */
const CONTROL = new Set(["<|im_start|>", "<|im_end|>"]);

/** A run of pieces the model writes after `after` (a piece of a chain, or one ASCII character). */
export interface TinyChain {
  after: string;
  pieces: string[];
}

/**
 * A model whose reply to any prompt is `script` joined (pieces use "▁" for a space), or that
 * follows several chains: each starts after its `after` token and ends with `<|im_end|>` unless
 * another chain continues from its last piece.
 */
export function tinyModel(script: string[] | TinyChain[], name = "Tiny scripted test model"): TinyModel {
  const chains: TinyChain[] =
    typeof script[0] === "string" || script.length === 0
      ? [{ after: "\n", pieces: script as string[] }]
      : (script as TinyChain[]);
  const tokens: string[] = ["<unk>", "<s>", "</s>"];
  const types: number[] = [TOKEN_TYPE.unknown, TOKEN_TYPE.control, TOKEN_TYPE.control];
  for (let byte = 0; byte < 256; byte++) {
    tokens.push(`<0x${byte.toString(16).toUpperCase().padStart(2, "0")}>`);
    types.push(TOKEN_TYPE.byte);
  }
  for (const special of SPECIAL) {
    tokens.push(special);
    types.push(CONTROL.has(special) ? TOKEN_TYPE.control : TOKEN_TYPE.userDefined);
  }
  const idOf = (piece: string): number => {
    const existing = tokens.indexOf(piece);
    if (existing >= 0) return existing;
    tokens.push(piece);
    types.push(TOKEN_TYPE.normal);
    return tokens.length - 1;
  };
  const byteToken = (char: string) =>
    tokens.indexOf(`<0x${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}>`);
  const links: Array<[number, number]> = [];
  const successors = new Map<number, number>();
  const end = tokens.indexOf("<|im_end|>");
  const ids = chains.map((chain) => chain.pieces.map(idOf));
  chains.forEach((chain, index) => {
    const pieces = ids[index] as number[];
    const start = tokens.includes(chain.after) ? tokens.indexOf(chain.after) : byteToken(chain.after);
    const path = [start, ...pieces];
    for (let i = 0; i + 1 < path.length; i++) {
      const from = path[i] as number;
      const to = path[i + 1] as number;
      if (successors.has(from) && successors.get(from) !== to) {
        throw new Error(`tinyModel: ${JSON.stringify(tokens[from])} would have two successors`);
      }
      successors.set(from, to);
      links.push([from, to]);
    }
  });
  for (const pieces of ids) {
    const last = pieces.at(-1);
    if (last !== undefined && !successors.has(last)) links.push([last, end]);
  }
  const vocab = tokens.length;
  const embd = Math.ceil(vocab / 32) * 32;

  const embeddings = new Float32Array(vocab * embd);
  for (let t = 0; t < vocab; t++) embeddings[t * embd + t] = 1;
  // output.weight row b, column a: how much token a (the last one) calls for token b next.
  const output = new Float32Array(vocab * embd);
  for (let a = 0; a < vocab; a++) output[end * embd + a] = 0.3;
  for (const [from, to] of links) output[to * embd + from] = 2;
  const ones = new Float32Array(embd).fill(1);
  const ff = 32;
  const tensors: GgufTensor[] = [
    { name: "token_embd.weight", dims: [embd, vocab], data: embeddings },
    { name: "output_norm.weight", dims: [embd], data: ones },
    { name: "output.weight", dims: [embd, vocab], data: output },
    { name: "blk.0.attn_norm.weight", dims: [embd], data: ones },
    { name: "blk.0.attn_q.weight", dims: [embd, embd], data: new Float32Array(embd * embd) },
    { name: "blk.0.attn_k.weight", dims: [embd, embd], data: new Float32Array(embd * embd) },
    { name: "blk.0.attn_v.weight", dims: [embd, embd], data: new Float32Array(embd * embd) },
    { name: "blk.0.attn_output.weight", dims: [embd, embd], data: new Float32Array(embd * embd) },
    { name: "blk.0.ffn_norm.weight", dims: [embd], data: ones },
    { name: "blk.0.ffn_gate.weight", dims: [embd, ff], data: new Float32Array(embd * ff) },
    { name: "blk.0.ffn_up.weight", dims: [embd, ff], data: new Float32Array(embd * ff) },
    { name: "blk.0.ffn_down.weight", dims: [ff, embd], data: new Float32Array(embd * ff) },
  ];
  const metadata: Record<string, GgufValue> = {
    "general.architecture": { type: "string", value: "llama" },
    "general.name": { type: "string", value: name },
    "general.alignment": { type: "u32", value: 32 },
    "llama.context_length": { type: "u32", value: 2048 },
    "llama.embedding_length": { type: "u32", value: embd },
    "llama.block_count": { type: "u32", value: 1 },
    "llama.feed_forward_length": { type: "u32", value: ff },
    "llama.attention.head_count": { type: "u32", value: 4 },
    "llama.attention.head_count_kv": { type: "u32", value: 4 },
    "llama.attention.layer_norm_rms_epsilon": { type: "f32", value: 1e-6 },
    "llama.rope.dimension_count": { type: "u32", value: embd / 4 },
    "llama.vocab_size": { type: "u32", value: vocab },
    "tokenizer.ggml.model": { type: "string", value: "llama" },
    "tokenizer.ggml.tokens": { type: "strings", value: tokens },
    "tokenizer.ggml.scores": { type: "f32s", value: tokens.map(() => 0) },
    "tokenizer.ggml.token_type": { type: "i32s", value: types },
    "tokenizer.ggml.bos_token_id": { type: "u32", value: 1 },
    "tokenizer.ggml.eos_token_id": { type: "u32", value: end },
    "tokenizer.ggml.unknown_token_id": { type: "u32", value: 0 },
    "tokenizer.ggml.padding_token_id": { type: "u32", value: end },
    "tokenizer.ggml.add_bos_token": { type: "bool", value: false },
    "tokenizer.ggml.add_space_prefix": { type: "bool", value: false },
    "tokenizer.chat_template": { type: "string", value: CHAT_TEMPLATE },
  };
  const bytes = writeGguf(metadata, tensors);
  return { bytes, sha256: createHash("sha256").update(bytes).digest("hex") };
}
