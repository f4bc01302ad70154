import { randomFillSync } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * Random bytes from the OS CSPRNG, drawn a page at a time: a turn makes a dozen ids, and one
 * call to the CSPRNG per id cost more than the ids themselves. Each byte is used once.
 */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function randomByte(): number {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const byte = pool[poolOffset]!;
  // Consumed bytes are wiped, so no secret's randomness stays in memory after it is used.
  pool[poolOffset++] = 0;
  return byte;
}

/** A uniformly random base62 string of the given length, from the OS CSPRNG. */
export function randomBase62(length: number): string {
  // 256 is not a multiple of 62; rejection sampling keeps every character uniform,
  // which matters for API key secrets generated with the same function.
  let out = "";
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 248) out += BASE62[byte % 62];
  }
  return out;
}

/** Id prefixes by resource type (docs/api.md). */
export type IdPrefix =
  | "org"
  | "prj"
  | "key"
  | "bot"
  | "chat"
  | "thr"
  | "msg"
  | "int"
  | "vs"
  | "file"
  | "outf"
  | "vsfb"
  | "whe"
  | "evt"
  | "dlv"
  | "inv"
  | "txn"
  | "offer"
  | "per"
  | "apr"
  | "pay"
  | "job"
  | "req"
  | "opr"
  | "ses"
  | "vis"
  | "tool"
  | "tcall"
  | "mcp"
  | "hold"
  | "trc"
  | "bver"
  | "evc"
  | "evr"
  | "fb"
  | "lbl"
  | "cr"
  | "note"
  | "mention"
  | "team"
  | "csat"
  | "wtpl"
  | "att";

export type IdGenerator = (prefix: IdPrefix) => string;

/** 22 base62 characters carry ~131 random bits, above the 96 the contract asks for. */
export const newId: IdGenerator = (prefix) => `${prefix}_${randomBase62(22)}`;
