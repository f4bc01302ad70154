import { randomBytes } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A uniformly random base62 string of the given length, from the OS CSPRNG. */
export function randomBase62(length: number): string {
  // 256 is not a multiple of 62; rejection sampling keeps every character uniform,
  // which matters for API key secrets generated with the same function.
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
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
  | "mcp";

export type IdGenerator = (prefix: IdPrefix) => string;

/** 22 base62 characters carry ~131 random bits, above the 96 the contract asks for. */
export const newId: IdGenerator = (prefix) => `${prefix}_${randomBase62(22)}`;
