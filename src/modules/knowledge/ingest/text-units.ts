import { quarterTokens } from "./estimate-tokens.js";

/**
 * How good a place to cut is the boundary after a unit: a chunk ends at the strongest one it
 * can reach (docs/knowledge.md, "Chunking"). `inside_word` is a forced cut in a word longer
 * than a chunk; `end` closes the text.
 */
export const Boundary = {
  inside_word: -1,
  word: 0,
  clause: 1,
  sentence: 2,
  line: 3,
  paragraph: 4,
  heading: 5,
  end: 6,
} as const;

/**
 * The smallest piece chunking places whole: a word (a run without whitespace), a single CJK
 * character (those scripts put no spaces between words, so any character is a word boundary),
 * or, for a word too long for a chunk, a slice of it. Offsets are UTF-16 indexes into the text
 * and never split a surrogate pair; weights are quarter tokens (`estimate-tokens.ts`) counted
 * from the start of the text, so the text between two units' edges weighs `end - start`.
 */
export interface TextUnit {
  start: number;
  end: number;
  weightStart: number;
  weightEnd: number;
  /** The boundary between this unit and the next (`Boundary`). */
  breakAfter: number;
}

/** Han, kana and CJK/full-width punctuation: scripts written without spaces between words. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff01-\uff60]/u;
const CJK_SENTENCE_END = /[。！？｡]/u;
const CJK_CLAUSE_END = /[，、；：]/u;
const SENTENCE_END = /[.!?…]["'”’»)\]]*$/u;
const CLAUSE_END = /[,;:]["'”’»)\]]*$/u;
const MARKDOWN_HEADING = /^#{1,6}$/;

/**
 * The text's units in order. `maxWeight` is a chunk's size in quarter tokens: a word heavier
 * than that is cut into slices of an eighth of it, so a chunk of such slices still comes out
 * close to full.
 */
export function splitUnits(text: string, maxWeight: number): TextUnit[] {
  const units: TextUnit[] = [];
  const sliceWeight = Math.max(4, Math.floor(maxWeight / 8));
  let position = 0;
  let weight = 0;
  for (const run of text.matchAll(/\S+/g)) {
    const gap = text.slice(position, run.index);
    weight += weightOf(gap);
    const previous = units.at(-1);
    if (previous) previous.breakAfter = boundaryBetween(text, previous, gap, run[0]);
    weight = pushWordUnits(units, run[0], run.index, weight, maxWeight, sliceWeight);
    position = run.index + run[0].length;
  }
  const last = units.at(-1);
  if (last) last.breakAfter = Boundary.end;
  return units;
}

/** Pushes the units of one whitespace-free run; returns the weight after it. */
function pushWordUnits(
  units: TextUnit[],
  word: string,
  offset: number,
  weightBefore: number,
  maxWeight: number,
  sliceWeight: number,
): number {
  let weight = weightBefore;
  let groupStart = -1; // start (in `word`) of the current non-CJK stretch
  let groupWeight = 0;
  const closeGroup = (end: number) => {
    if (groupStart < 0) return;
    pushGroup(
      units,
      word,
      offset,
      groupStart,
      end,
      weight - groupWeight,
      groupWeight,
      maxWeight,
      sliceWeight,
    );
    groupStart = -1;
    groupWeight = 0;
  };
  let index = 0;
  for (const char of word) {
    const charWeight = quarterTokens(char.codePointAt(0)!);
    if (CJK.test(char)) {
      closeGroup(index);
      units.push({
        start: offset + index,
        end: offset + index + char.length,
        weightStart: weight,
        weightEnd: weight + charWeight,
        breakAfter: CJK_SENTENCE_END.test(char)
          ? Boundary.sentence
          : CJK_CLAUSE_END.test(char)
            ? Boundary.clause
            : Boundary.word,
      });
    } else {
      if (groupStart < 0) groupStart = index;
      groupWeight += charWeight;
    }
    weight += charWeight;
    index += char.length;
  }
  closeGroup(index);
  return weight;
}

/** A stretch of a word without CJK: one unit, or slices of it when heavier than a chunk. */
function pushGroup(
  units: TextUnit[],
  word: string,
  offset: number,
  start: number,
  end: number,
  weightStart: number,
  weight: number,
  maxWeight: number,
  sliceWeight: number,
): void {
  if (weight <= maxWeight) {
    units.push({
      start: offset + start,
      end: offset + end,
      weightStart,
      weightEnd: weightStart + weight,
      breakAfter: Boundary.word,
    });
    return;
  }
  let sliceStart = start;
  let sliceStartWeight = weightStart;
  let at = start;
  let atWeight = weightStart;
  for (const char of word.slice(start, end)) {
    const charWeight = quarterTokens(char.codePointAt(0)!);
    if (atWeight + charWeight - sliceStartWeight > sliceWeight) {
      units.push({
        start: offset + sliceStart,
        end: offset + at,
        weightStart: sliceStartWeight,
        weightEnd: atWeight,
        breakAfter: Boundary.inside_word,
      });
      sliceStart = at;
      sliceStartWeight = atWeight;
    }
    at += char.length;
    atWeight += charWeight;
  }
  units.push({
    start: offset + sliceStart,
    end: offset + at,
    weightStart: sliceStartWeight,
    weightEnd: atWeight,
    breakAfter: Boundary.word,
  });
}

/** The boundary between two whitespace-separated units, judged by the gap and their text. */
function boundaryBetween(text: string, previous: TextUnit, gap: string, nextWord: string): number {
  const newlines = gap.split("\n").length - 1;
  if (newlines > 0 && MARKDOWN_HEADING.test(nextWord)) return Boundary.heading;
  if (newlines >= 2) return Boundary.paragraph;
  if (newlines === 1) return Boundary.line;
  const word = text.slice(previous.start, previous.end);
  if (SENTENCE_END.test(word)) return Boundary.sentence;
  if (CLAUSE_END.test(word)) return Boundary.clause;
  // A CJK full stop keeps its own strength; the last slice of a long word is a word's end.
  return Math.max(previous.breakAfter, Boundary.word);
}

function weightOf(text: string): number {
  let weight = 0;
  for (const char of text) weight += quarterTokens(char.codePointAt(0)!);
  return weight;
}
