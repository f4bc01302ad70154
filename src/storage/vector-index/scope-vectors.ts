/**
 * The vectors of one recall scope (a person's chunks of one embedder) in memory, stored by
 * dimension: `columns[d][i]` is coordinate d of the i-th chunk. Scoring walks only the
 * query's non-zero coordinates, each over one contiguous array, so a sparse query (the
 * built-in lexical embedder's: a few dozen of 256) costs a fraction of a dense one; a dense
 * query costs what a row-by-row scan does. Append-only: chunks deleted from storage stay
 * until the copy is rebuilt and are dropped when their rows are read (see MemoryScopeIndex).
 */
export class ScopeVectors {
  count = 0;
  /** Chunks found gone from storage after they were ranked (deleted since they were read). */
  missing = 0;
  private capacity = 0;
  private columns: Float32Array[] = [];
  private ids = new Float64Array(0);
  private seqs = new Float64Array(0);

  constructor(readonly dimensions: number) {}

  /** The largest message_chunks id held (the last: ids grow, AUTOINCREMENT), so newer rows are `> maxId`. */
  get maxId(): number {
    return this.count === 0 ? 0 : this.ids[this.count - 1]!;
  }

  /** Memory held, in bytes (the arrays' whole capacity). */
  get bytes(): number {
    return this.capacity * (this.dimensions * 4 + 16);
  }

  /** Adds a chunk newer than every chunk held; an id not above `maxId` is already here. */
  append(id: number, messageSeq: number, vector: Float32Array): void {
    if (id <= this.maxId || vector.length !== this.dimensions) return;
    if (this.count === this.capacity) this.grow(Math.max(64, Math.ceil(this.capacity * 1.5)));
    const at = this.count;
    for (let d = 0; d < this.dimensions; d++) this.columns[d]![at] = vector[d]!;
    this.ids[at] = id;
    this.seqs[at] = messageSeq;
    this.count += 1;
  }

  /**
   * Room for `more` chunks beyond those held: the exact size for the first load, then half as
   * much again, so that a few chunks added per search do not copy every column each time.
   */
  reserve(more: number): void {
    const needed = this.count + more;
    if (needed > this.capacity)
      this.grow(this.capacity === 0 ? needed : Math.max(needed, Math.ceil(this.capacity * 1.5)));
  }

  idAt(index: number): number {
    return this.ids[index]!;
  }

  seqAt(index: number): number {
    return this.seqs[index]!;
  }

  /**
   * The dot product of `query` with every chunk held now (index i: the i-th chunk): the
   * cosine similarity, both being unit vectors.
   */
  score(query: Float32Array): Float64Array {
    const n = this.count;
    const out = new Float64Array(n);
    const dims: number[] = [];
    for (let d = 0; d < query.length; d++) if (query[d] !== 0) dims.push(d);
    let j = 0;
    // Four coordinates per pass: a quarter of the reads and writes of `out`.
    for (; j + 4 <= dims.length; j += 4) {
      const c0 = this.columns[dims[j]!]!;
      const c1 = this.columns[dims[j + 1]!]!;
      const c2 = this.columns[dims[j + 2]!]!;
      const c3 = this.columns[dims[j + 3]!]!;
      const w0 = query[dims[j]!]!;
      const w1 = query[dims[j + 1]!]!;
      const w2 = query[dims[j + 2]!]!;
      const w3 = query[dims[j + 3]!]!;
      for (let i = 0; i < n; i++) out[i]! += w0 * c0[i]! + w1 * c1[i]! + w2 * c2[i]! + w3 * c3[i]!;
    }
    for (; j < dims.length; j++) {
      const column = this.columns[dims[j]!]!;
      const w = query[dims[j]!]!;
      for (let i = 0; i < n; i++) out[i]! += w * column[i]!;
    }
    return out;
  }

  private grow(capacity: number): void {
    const widen = <T extends Float32Array | Float64Array>(old: T, make: (size: number) => T): T => {
      const next = make(capacity);
      next.set(old.subarray(0, this.count));
      return next;
    };
    this.columns =
      this.columns.length === 0
        ? Array.from({ length: this.dimensions }, () => new Float32Array(capacity))
        : this.columns.map((column) => widen(column, (size) => new Float32Array(size)));
    this.ids = widen(this.ids, (size) => new Float64Array(size));
    this.seqs = widen(this.seqs, (size) => new Float64Array(size));
    this.capacity = capacity;
  }
}

/**
 * The indexes of the `k` best-scoring chunks (of those `scores` covers) whose message is not
 * excluded, best first; ties go to the newer message (the higher seq), as the exact scan
 * orders them.
 */
export function topChunks(
  vectors: ScopeVectors,
  scores: Float64Array,
  k: number,
  excluded: ReadonlySet<number>,
): number[] {
  const better = (a: number, b: number) => scores[b]! - scores[a]! || vectors.seqAt(b) - vectors.seqAt(a);
  let kept: number[] = [];
  let floor = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < scores.length; i++) {
    const score = scores[i]!;
    if (score < floor || excluded.has(vectors.seqAt(i))) continue;
    kept.push(i);
    // Keep up to 2k candidates, then cut back to the k best: linear on average.
    if (kept.length >= 2 * k) {
      kept.sort(better);
      kept = kept.slice(0, k);
      floor = scores[kept[k - 1]!]!;
    }
  }
  return kept.sort(better).slice(0, k);
}
