/**
 * A minimal GGUF (version 3) writer for test models: metadata key/values and F32 tensors.
 * Layout (ggml's gguf.cpp): magic, version, tensor count, metadata count, the metadata, the
 * tensor infos, padding to `general.alignment` (32), then each tensor's data, aligned.
 */

export type GgufValue =
  | { type: "u32"; value: number }
  | { type: "i32"; value: number }
  | { type: "f32"; value: number }
  | { type: "bool"; value: boolean }
  | { type: "string"; value: string }
  | { type: "strings"; value: string[] }
  | { type: "f32s"; value: number[] }
  | { type: "i32s"; value: number[] };

export interface GgufTensor {
  name: string;
  /** ggml order: dims[0] is the fastest-varying (a row's length). */
  dims: number[];
  data: Float32Array;
}

const ALIGNMENT = 32;
const TYPE = { u32: 4, i32: 5, f32: 6, bool: 7, string: 8, array: 9 } as const;
const GGML_F32 = 0;

class Bytes {
  private readonly parts: Buffer[] = [];
  length = 0;
  push(buffer: Buffer): void {
    this.parts.push(buffer);
    this.length += buffer.length;
  }
  u32(value: number): void {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(value);
    this.push(b);
  }
  i32(value: number): void {
    const b = Buffer.alloc(4);
    b.writeInt32LE(value);
    this.push(b);
  }
  u64(value: number): void {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(value));
    this.push(b);
  }
  f32(value: number): void {
    const b = Buffer.alloc(4);
    b.writeFloatLE(value);
    this.push(b);
  }
  string(value: string): void {
    const bytes = Buffer.from(value, "utf8");
    this.u64(bytes.length);
    this.push(bytes);
  }
  pad(): void {
    const rest = this.length % ALIGNMENT;
    if (rest) this.push(Buffer.alloc(ALIGNMENT - rest));
  }
  concat(): Buffer {
    return Buffer.concat(this.parts);
  }
}

function writeValue(out: Bytes, value: GgufValue): void {
  switch (value.type) {
    case "u32":
      out.u32(TYPE.u32);
      out.u32(value.value);
      return;
    case "i32":
      out.u32(TYPE.i32);
      out.i32(value.value);
      return;
    case "f32":
      out.u32(TYPE.f32);
      out.f32(value.value);
      return;
    case "bool":
      out.u32(TYPE.bool);
      out.push(Buffer.from([value.value ? 1 : 0]));
      return;
    case "string":
      out.u32(TYPE.string);
      out.string(value.value);
      return;
    case "strings":
      out.u32(TYPE.array);
      out.u32(TYPE.string);
      out.u64(value.value.length);
      for (const item of value.value) out.string(item);
      return;
    case "f32s":
      out.u32(TYPE.array);
      out.u32(TYPE.f32);
      out.u64(value.value.length);
      for (const item of value.value) out.f32(item);
      return;
    case "i32s":
      out.u32(TYPE.array);
      out.u32(TYPE.i32);
      out.u64(value.value.length);
      for (const item of value.value) out.i32(item);
      return;
  }
}

/** The bytes of a GGUF file holding these metadata and tensors. */
export function writeGguf(metadata: Record<string, GgufValue>, tensors: GgufTensor[]): Buffer {
  const out = new Bytes();
  out.push(Buffer.from("GGUF", "ascii"));
  out.u32(3);
  out.u64(tensors.length);
  out.u64(Object.keys(metadata).length);
  for (const [key, value] of Object.entries(metadata)) {
    out.string(key);
    writeValue(out, value);
  }
  let offset = 0;
  for (const tensor of tensors) {
    out.string(tensor.name);
    out.u32(tensor.dims.length);
    for (const dim of tensor.dims) out.u64(dim);
    out.u32(GGML_F32);
    out.u64(offset);
    offset += Math.ceil(tensor.data.byteLength / ALIGNMENT) * ALIGNMENT;
  }
  out.pad();
  for (const tensor of tensors) {
    out.push(Buffer.from(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength));
    out.pad();
  }
  return out.concat();
}
