import type { ChunkHit, ChunkScope, NearestQuery } from "./vector-index.js";

/** A unit-length copy (a zero vector stays zero). */
export function normalize(vector: ArrayLike<number>): Float32Array {
  const out = Float32Array.from(vector as ArrayLike<number>);
  let norm = 0;
  for (const value of out) norm += value * value;
  norm = Math.sqrt(norm);
  if (norm > 0 && Number.isFinite(norm)) for (let i = 0; i < out.length; i++) out[i]! /= norm;
  return out;
}

export function dot(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return Number.NEGATIVE_INFINITY;
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

export function toBytes(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

/** Float32 values of a stored vector; copies when the driver's buffer is not 4-byte aligned. */
export function fromBytes(bytes: Uint8Array): Float32Array {
  if (bytes.byteOffset % 4 === 0)
    return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2);
  return new Float32Array(bytes.slice().buffer, 0, bytes.byteLength >> 2);
}

/**
 * The partition key of a scope: a person's (recall across the person's threads) or, for a
 * thread without a person, its thread's. SQLite's json_array() builds the same text.
 */
export function scopeKey(scope: ChunkScope): string {
  return scope.personId !== null
    ? JSON.stringify([scope.projectId, scope.personId])
    : JSON.stringify([scope.projectId, null, scope.threadId]);
}

/** The partition key of the scope a search asks for (its person's, or its thread's). */
export function scopeKeyOf(query: Pick<NearestQuery, "projectId" | "personId" | "threadId">): string {
  return scopeKey({
    projectId: query.projectId,
    personId: query.personId ?? null,
    threadId: query.threadId ?? "",
  });
}

export function fnv1aHex(text: string): string {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

const NONE: ReadonlySet<number> = new Set();

/** The messages a recall search leaves out (by seq). */
export function excludedOf(query: Pick<NearestQuery, "excludeMessageSeqs">): ReadonlySet<number> {
  return query.excludeMessageSeqs ?? NONE;
}

/** A chunk an index ranked: `distance` is cosine distance, null for a zero vector. */
export interface RankedRow {
  id: number;
  message_id: string;
  message_seq: number;
  thread_id: string;
  chunk_index: number;
  content: string;
  distance: number | null;
}

/** Ranked rows, and whether the index had no more for the scope. */
export type RankedRows = RankedRow[] & { exhausted: boolean };

function byScoreThenSeq(a: ChunkHit, b: ChunkHit): number {
  return b.score - a.score || b.messageSeq - a.messageSeq;
}

/** The best chunk per message, excluded messages left out, best first. */
export function bestPerMessage(rows: RankedRow[], excluded: ReadonlySet<number>, limit: number): ChunkHit[] {
  const best = new Map<string, ChunkHit>();
  for (const row of rows) {
    const seq = Number(row.message_seq);
    // A null distance comes from a zero vector: it is similar to nothing.
    if (row.distance === null || excluded.has(seq) || best.has(row.message_id)) continue;
    best.set(row.message_id, {
      chunkId: Number(row.id),
      messageId: row.message_id,
      messageSeq: seq,
      threadId: row.thread_id,
      chunkIndex: Number(row.chunk_index),
      content: row.content,
      score: 1 - Number(row.distance),
    });
  }
  return [...best.values()].sort(byScoreThenSeq).slice(0, limit);
}

/** sqlite-vec's upper bound on k, and the widest any index is asked for. */
export const MAX_K = 4096;

/**
 * Indexes rank chunks, not messages, and know nothing of the exclusions: ask for more than
 * needed and widen until enough distinct messages remain or the scope has no more.
 */
export async function widenUntilEnough(
  limit: number,
  excluded: ReadonlySet<number>,
  knn: (k: number) => Promise<RankedRows>,
): Promise<ChunkHit[]> {
  let k = Math.min(MAX_K, (limit + excluded.size) * 3 + 10);
  for (;;) {
    const rows = await knn(k);
    const hits = bestPerMessage(rows, excluded, limit);
    if (hits.length >= limit || rows.exhausted || k >= MAX_K) return hits;
    k = Math.min(MAX_K, k * 4);
  }
}
