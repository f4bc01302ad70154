/**
 * Writes a synthetic GGUF model with the exact tensor shapes of a real Qwen 2.5 instruct model
 * (architecture "qwen2", tied embeddings, q/k/v biases) and random weights, so the embedded
 * runtime's speed and memory can be measured without downloading weights.
 *
 * The big matrices are quantized as Q8_0 (ggml type 8: per 32 weights one f16 scale and 32
 * int8) or Q4_0 (type 2: one f16 scale and 16 bytes of 4-bit values, closer in size to the
 * Q4_K_M files people actually run); norms and biases are F32. The file is streamed to disk one
 * chunk at a time, so writing a 1.6 GB model needs only a few tens of MB of memory.
 *
 * Usage: node --import tsx bench/local-models/make-model.mts <0.5b|1.5b> <out.gguf> [q8_0|q4_0]
 */
import { randomFillSync } from "node:crypto";
import { closeSync, openSync, writeSync } from "node:fs";

export interface Shape {
  name: string;
  layers: number;
  embd: number;
  ff: number;
  heads: number;
  headsKv: number;
  vocab: number;
}

export const SHAPES: Record<string, Shape> = {
  "0.5b": {
    name: "Qwen2.5-0.5B-Instruct (synthetic)",
    layers: 24,
    embd: 896,
    ff: 4864,
    heads: 14,
    headsKv: 2,
    vocab: 151936,
  },
  "1.5b": {
    name: "Qwen2.5-1.5B-Instruct (synthetic)",
    layers: 28,
    embd: 1536,
    ff: 8960,
    heads: 12,
    headsKv: 2,
    vocab: 151936,
  },
};

type Quant = "q8_0" | "q4_0";
const GGML = { f32: 0, q4_0: 2, q8_0: 8 } as const;
/** Bytes per block of 32 weights. */
const BLOCK_BYTES: Record<Quant, number> = { q8_0: 34, q4_0: 18 };
const ALIGNMENT = 32;

interface TensorSpec {
  name: string;
  /** ggml order: dims[0] is a row's length (the input dimension). */
  dims: number[];
  type: "f32" | Quant;
  /** For F32 tensors: "ones" (norm weights) or "small" (biases). */
  fill?: "ones" | "small";
}

function tensorBytes(t: TensorSpec): number {
  const count = t.dims.reduce((a, b) => a * b, 1);
  return t.type === "f32" ? count * 4 : (count / 32) * BLOCK_BYTES[t.type];
}

export function tensorsOf(shape: Shape, quant: Quant): TensorSpec[] {
  const headDim = shape.embd / shape.heads;
  const kvDim = shape.headsKv * headDim;
  const out: TensorSpec[] = [
    // Tied embeddings: no output.weight, llama.cpp uses token_embd for the output projection.
    { name: "token_embd.weight", dims: [shape.embd, shape.vocab], type: quant },
    { name: "output_norm.weight", dims: [shape.embd], type: "f32", fill: "ones" },
  ];
  for (let i = 0; i < shape.layers; i++) {
    const b = `blk.${i}`;
    out.push(
      { name: `${b}.attn_norm.weight`, dims: [shape.embd], type: "f32", fill: "ones" },
      { name: `${b}.attn_q.weight`, dims: [shape.embd, shape.embd], type: quant },
      { name: `${b}.attn_q.bias`, dims: [shape.embd], type: "f32", fill: "small" },
      { name: `${b}.attn_k.weight`, dims: [shape.embd, kvDim], type: quant },
      { name: `${b}.attn_k.bias`, dims: [kvDim], type: "f32", fill: "small" },
      { name: `${b}.attn_v.weight`, dims: [shape.embd, kvDim], type: quant },
      { name: `${b}.attn_v.bias`, dims: [kvDim], type: "f32", fill: "small" },
      { name: `${b}.attn_output.weight`, dims: [shape.embd, shape.embd], type: quant },
      { name: `${b}.ffn_norm.weight`, dims: [shape.embd], type: "f32", fill: "ones" },
      { name: `${b}.ffn_gate.weight`, dims: [shape.embd, shape.ff], type: quant },
      { name: `${b}.ffn_up.weight`, dims: [shape.embd, shape.ff], type: quant },
      { name: `${b}.ffn_down.weight`, dims: [shape.ff, shape.embd], type: quant },
    );
  }
  return out;
}

/** Buffered little-endian writer for the header (metadata and tensor infos). */
class Header {
  private readonly parts: Buffer[] = [];
  length = 0;
  push(b: Buffer): void {
    this.parts.push(b);
    this.length += b.length;
  }
  u32(v: number): void {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v);
    this.push(b);
  }
  i32(v: number): void {
    const b = Buffer.alloc(4);
    b.writeInt32LE(v);
    this.push(b);
  }
  u64(v: number): void {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(v));
    this.push(b);
  }
  f32(v: number): void {
    const b = Buffer.alloc(4);
    b.writeFloatLE(v);
    this.push(b);
  }
  str(v: string): void {
    const bytes = Buffer.from(v, "utf8");
    this.u64(bytes.length);
    this.push(bytes);
  }
  pad(): void {
    const rest = this.length % ALIGNMENT;
    if (rest) this.push(Buffer.alloc(ALIGNMENT - rest));
  }
  bytes(): Buffer {
    return Buffer.concat(this.parts);
  }
}

const KV = { u32: 4, i32: 5, f32: 6, bool: 7, string: 8, array: 9 } as const;
type Meta =
  | ["u32", number]
  | ["f32", number]
  | ["bool", boolean]
  | ["string", string]
  | ["strings", string[]]
  | ["f32s", Float32Array]
  | ["i32s", Int32Array];

function writeMeta(h: Header, key: string, [type, value]: Meta): void {
  h.str(key);
  switch (type) {
    case "u32":
      h.u32(KV.u32);
      h.u32(value);
      return;
    case "f32":
      h.u32(KV.f32);
      h.f32(value);
      return;
    case "bool":
      h.u32(KV.bool);
      h.push(Buffer.from([value ? 1 : 0]));
      return;
    case "string":
      h.u32(KV.string);
      h.str(value);
      return;
    case "strings":
      h.u32(KV.array);
      h.u32(KV.string);
      h.u64(value.length);
      for (const s of value) h.str(s);
      return;
    case "f32s":
      h.u32(KV.array);
      h.u32(KV.f32);
      h.u64(value.length);
      h.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
      return;
    case "i32s":
      h.u32(KV.array);
      h.u32(KV.i32);
      h.u64(value.length);
      h.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
      return;
  }
}

/**
 * A SentencePiece-style ("llama") vocabulary of `size` tokens: 3 specials, 256 byte tokens
 * (type 6), the chat markers, then filler pieces "t123" (normal, score 0).
 */
function vocabulary(size: number): { tokens: string[]; types: Int32Array; scores: Float32Array } {
  const tokens = ["<unk>", "<s>", "</s>"];
  const types = [2, 3, 3];
  for (let byte = 0; byte < 256; byte++) {
    tokens.push(`<0x${byte.toString(16).toUpperCase().padStart(2, "0")}>`);
    types.push(6);
  }
  tokens.push("<|im_start|>", "<|im_end|>");
  types.push(3, 3);
  while (tokens.length < size) {
    tokens.push(`t${tokens.length}`);
    types.push(1);
  }
  return { tokens, types: Int32Array.from(types), scores: new Float32Array(size) };
}

/** f16 bits of a positive normal float (enough for the small scales used here). */
function f16(value: number): number {
  const f = new Float32Array([value]);
  const bits = new Uint32Array(f.buffer)[0] as number;
  const exp = ((bits >>> 23) & 0xff) - 127 + 15;
  const mant = (bits >>> 13) & 0x3ff;
  return (exp << 10) | mant;
}

/**
 * Weight scales: random int8 values are ~uniform in [-128, 127] (std ~74), 4-bit ones in
 * [-8, 7] (std ~4.6); the scale gives weights a std of ~0.02, like trained transformers, so
 * activations stay finite.
 */
const SCALE: Record<Quant, number> = { q8_0: f16(0.02 / 74), q4_0: f16(0.02 / 4.6) };

const CHUNK_BLOCKS = 1 << 19; // 512 Ki blocks per write: 17.8 MB for Q8_0

function writeQuantized(fd: number, blocks: number, quant: Quant): void {
  const size = BLOCK_BYTES[quant];
  const buffer = Buffer.alloc(CHUNK_BLOCKS * size);
  const scale = SCALE[quant];
  let left = blocks;
  while (left > 0) {
    const n = Math.min(left, CHUNK_BLOCKS);
    const chunk = buffer.subarray(0, n * size);
    randomFillSync(chunk);
    for (let i = 0; i < n; i++) chunk.writeUInt16LE(scale, i * size);
    writeSync(fd, chunk);
    left -= n;
  }
}

export function writeModel(shapeKey: string, path: string, quant: Quant = "q8_0"): number {
  const shape = SHAPES[shapeKey];
  if (!shape) throw new Error(`unknown shape ${shapeKey}; use ${Object.keys(SHAPES).join(", ")}`);
  const tensors = tensorsOf(shape, quant);
  const vocab = vocabulary(shape.vocab);
  const imEnd = vocab.tokens.indexOf("<|im_end|>");
  const meta: Record<string, Meta> = {
    "general.architecture": ["string", "qwen2"],
    "general.name": ["string", shape.name],
    "general.alignment": ["u32", ALIGNMENT],
    "qwen2.context_length": ["u32", 32768],
    "qwen2.embedding_length": ["u32", shape.embd],
    "qwen2.block_count": ["u32", shape.layers],
    "qwen2.feed_forward_length": ["u32", shape.ff],
    "qwen2.attention.head_count": ["u32", shape.heads],
    "qwen2.attention.head_count_kv": ["u32", shape.headsKv],
    "qwen2.attention.layer_norm_rms_epsilon": ["f32", 1e-6],
    "qwen2.rope.freq_base": ["f32", 1_000_000],
    "tokenizer.ggml.model": ["string", "llama"],
    "tokenizer.ggml.tokens": ["strings", vocab.tokens],
    "tokenizer.ggml.scores": ["f32s", vocab.scores],
    "tokenizer.ggml.token_type": ["i32s", vocab.types],
    "tokenizer.ggml.bos_token_id": ["u32", 1],
    "tokenizer.ggml.eos_token_id": ["u32", imEnd],
    "tokenizer.ggml.unknown_token_id": ["u32", 0],
    "tokenizer.ggml.padding_token_id": ["u32", imEnd],
    "tokenizer.ggml.add_bos_token": ["bool", false],
    "tokenizer.ggml.add_space_prefix": ["bool", false],
  };

  const h = new Header();
  h.push(Buffer.from("GGUF", "ascii"));
  h.u32(3);
  h.u64(tensors.length);
  h.u64(Object.keys(meta).length);
  for (const [key, value] of Object.entries(meta)) writeMeta(h, key, value);
  let offset = 0;
  for (const t of tensors) {
    h.str(t.name);
    h.u32(t.dims.length);
    for (const d of t.dims) h.u64(d);
    h.u32(GGML[t.type]);
    h.u64(offset);
    offset += Math.ceil(tensorBytes(t) / ALIGNMENT) * ALIGNMENT;
  }
  h.pad();

  const fd = openSync(path, "w");
  try {
    writeSync(fd, h.bytes());
    let written = h.length;
    for (const t of tensors) {
      const bytes = tensorBytes(t);
      if (t.type === "f32") {
        const count = bytes / 4;
        const data = new Float32Array(count);
        if (t.fill === "ones") data.fill(1);
        else for (let i = 0; i < count; i++) data[i] = (Math.random() - 0.5) * 0.02;
        writeSync(fd, Buffer.from(data.buffer));
      } else {
        writeQuantized(fd, bytes / BLOCK_BYTES[t.type], t.type);
      }
      written += bytes;
      const rest = written % ALIGNMENT;
      if (rest) {
        writeSync(fd, Buffer.alloc(ALIGNMENT - rest));
        written += ALIGNMENT - rest;
      }
    }
    return written;
  } finally {
    closeSync(fd);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [shapeKey, out, quant = "q8_0"] = process.argv.slice(2);
  if (!shapeKey || !out || (quant !== "q8_0" && quant !== "q4_0")) {
    console.error("usage: make-model.mts <0.5b|1.5b> <out.gguf> [q8_0|q4_0]");
    process.exit(2);
  }
  const started = Date.now();
  const bytes = writeModel(shapeKey, out, quant);
  console.log(
    `${out}: ${(bytes / 1e6).toFixed(1)} MB (${quant}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
