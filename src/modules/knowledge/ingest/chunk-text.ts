import { type ChunkingStrategy, chunkSizes, validateChunkingStrategy } from "./chunking-strategy.js";
import { QUARTERS_PER_TOKEN } from "./estimate-tokens.js";
import { splitUnits, type TextUnit } from "./text-units.js";

export {
  AUTO_CHUNK_OVERLAP_TOKENS,
  AUTO_MAX_CHUNK_SIZE_TOKENS,
  type ChunkingStrategy,
  validateChunkingStrategy,
} from "./chunking-strategy.js";
export { estimateTokens } from "./estimate-tokens.js";

export interface TextChunk {
  /** 0-based position in the file. */
  index: number;
  /** A verbatim slice of the text: from the first character of a unit to the last of one. */
  content: string;
  /** `estimateTokens(content)`, never above the strategy's maximum. */
  tokens: number;
}

/**
 * A file's text cut into chunks for embedding (docs/knowledge.md, "Chunking").
 *
 * Each chunk is the longest run of whole units (words, CJK characters; see `text-units.ts`)
 * that fits the maximum, then pulled back to the best boundary within reach — a Markdown
 * heading, else a paragraph, a line, a sentence, a clause, a word — as long as it keeps at
 * least half of the new text it could have held; only a word longer than a chunk is cut
 * inside. The next chunk then starts with the previous one's last words, as many as fit the
 * overlap (starting at a word boundary; inside a word only when no boundary is within reach),
 * so text cut at a chunk's end is found whole in the next. Every chunk adds text the previous
 * one did not have, and whitespace between words is kept as written within a chunk. Blank text
 * gives no chunks. An invalid strategy throws, as `validateChunkingStrategy` does.
 */
export function chunkText(text: string, strategy: ChunkingStrategy): TextChunk[] {
  return chunkSpans(text, strategy).map(({ start, end, tokens }, index) => ({
    index,
    content: text.slice(start, end),
    tokens,
  }));
}

/** Where a chunk of `chunkText` lies in the text: `text.slice(start, end)` is its content. */
export interface ChunkSpan {
  start: number;
  end: number;
  tokens: number;
}

/**
 * The chunks of `chunkText` as positions in the text rather than copies of it: what a parse
 * worker sends back (parse-pool.ts), a few numbers a chunk instead of its characters.
 */
export function chunkSpans(text: string, strategy: ChunkingStrategy): ChunkSpan[] {
  const { maxTokens, overlapTokens } = chunkSizes(validateChunkingStrategy(strategy));
  const maxWeight = maxTokens * QUARTERS_PER_TOKEN;
  const overlapWeight = overlapTokens * QUARTERS_PER_TOKEN;
  const units = splitUnits(text, maxWeight);
  const chunks: ChunkSpan[] = [];
  const last = units.length - 1;
  let start = 0; // the current chunk's first unit
  let previousEnd = -1; // the previous chunk's last unit
  let reach = 0; // the furthest unit a chunk from `start` can end at; only grows as `start` does
  while (start <= last) {
    reach = Math.max(reach, start);
    while (reach < last && weight(units, start, reach + 1) <= maxWeight) reach += 1;
    if (reach <= previousEnd) {
      // The overlap leaves no room for the next unit: start this chunk without one.
      start = previousEnd + 1;
      continue;
    }
    const end = reach === last ? last : bestEnd(units, start, reach, previousEnd);
    chunks.push({
      start: units[start]!.start,
      end: units[end]!.end,
      tokens: Math.ceil(weight(units, start, end) / QUARTERS_PER_TOKEN),
    });
    if (end === last) break;
    previousEnd = end;
    start = overlapStart(units, start, end, overlapWeight);
  }
  return chunks;
}

/** Quarter tokens of the text from unit `from`'s start to unit `to`'s end. */
function weight(units: TextUnit[], from: number, to: number): number {
  return units[to]!.weightEnd - units[from]!.weightStart;
}

/**
 * Where a chunk from `start` ends, `reach` being the furthest it can: the strongest boundary
 * among the ends that keep at least half of the new text (text after `previousEnd`, the
 * overlap) the chunk could hold; the furthest of equally strong ones.
 */
function bestEnd(units: TextUnit[], start: number, reach: number, previousEnd: number): number {
  const newFrom = previousEnd >= start ? units[previousEnd]!.weightEnd : units[start]!.weightStart;
  const leastNew = (units[reach]!.weightEnd - newFrom) / 2;
  let best = reach;
  for (let end = reach - 1; end >= start && end > previousEnd; end -= 1) {
    if (units[end]!.weightEnd - newFrom < leastNew) break;
    if (units[end]!.breakAfter > units[best]!.breakAfter) best = end;
  }
  return best;
}

/**
 * The first unit of the chunk after the one spanning `start`..`end`: the earliest unit after
 * `start` from which the rest of that chunk fits `overlapWeight`, at a word boundary if any
 * such unit follows one; `end + 1` (no overlap) when not even the last unit fits.
 */
function overlapStart(units: TextUnit[], start: number, end: number, overlapWeight: number): number {
  let atWord = end + 1;
  let anywhere = end + 1;
  for (let from = end; from > start; from -= 1) {
    if (weight(units, from, end) > overlapWeight) break;
    anywhere = from;
    if (units[from - 1]!.breakAfter >= 0) atWord = from;
  }
  return atWord <= end ? atWord : anywhere;
}
