import { describe, expect, it } from "vitest";
import {
  type ChunkingStrategy,
  chunkText,
  estimateTokens,
  type TextChunk,
  validateChunkingStrategy,
} from "../../../src/modules/knowledge/ingest/chunk-text.js";
import { seededRandom } from "../../helpers/seeded-random.js";

const staticStrategy = (max: number, overlap: number): ChunkingStrategy => ({
  type: "static",
  static: { max_chunk_size_tokens: max, chunk_overlap_tokens: overlap },
});

const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);

/** `count` distinct words ("w0", "w1", …), each word findable by its number. */
function numberedWords(count: number, separator = (_i: number) => " "): string {
  let text = "";
  for (let i = 0; i < count; i += 1) text += `w${i}${i === count - 1 ? "" : separator(i)}`;
  return text;
}

/**
 * Checks that the chunks cover `text`'s words in order, each chunk a contiguous run of them
 * that adds at least one word, and returns each chunk's [first, last] word index.
 */
function wordSpans(text: string, chunks: TextChunk[]): Array<[number, number]> {
  const words = wordsOf(text);
  const positions = new Map<string, number>();
  words.forEach((word, i) => {
    expect(positions.has(word), `test text must have distinct words (${word})`).toBe(false);
    positions.set(word, i);
  });
  const spans: Array<[number, number]> = [];
  for (const chunk of chunks) {
    const chunkWords = wordsOf(chunk.content);
    const first = positions.get(chunkWords[0]!);
    expect(first, `chunk ${chunk.index} starts mid-word: ${chunkWords[0]}`).toBeDefined();
    expect(chunkWords).toEqual(words.slice(first!, first! + chunkWords.length));
    spans.push([first!, first! + chunkWords.length - 1]);
  }
  expect(spans[0]?.[0]).toBe(0);
  expect(spans.at(-1)?.[1]).toBe(words.length - 1);
  for (let i = 1; i < spans.length; i += 1) {
    const [start, end] = spans[i]!;
    const [previousStart, previousEnd] = spans[i - 1]!;
    expect(start).toBeGreaterThan(previousStart);
    expect(start).toBeLessThanOrEqual(previousEnd + 1); // no word skipped
    expect(end).toBeGreaterThan(previousEnd); // every chunk adds words
  }
  return spans;
}

/** The text a chunk repeats from its predecessor: its leading `wordCount` words as written. */
function leadingWords(content: string, wordCount: number): string {
  if (wordCount === 0) return "";
  const match = new RegExp(`^(?:\\S+\\s+){${wordCount - 1}}\\S+`).exec(content);
  return match![0];
}

describe("estimateTokens", () => {
  it("weighs a character by its UTF-8 width: ASCII a quarter, 2-byte a half, wider a whole token", () => {
    expect(estimateTokens("")).toBe(0);
    expect(estimateTokens("abcd")).toBe(1);
    expect(estimateTokens("abcde")).toBe(2);
    expect(estimateTokens("word ".repeat(100))).toBe(125);
    expect(estimateTokens("привет")).toBe(3);
    expect(estimateTokens("你好世界")).toBe(4);
    expect(estimateTokens("😀")).toBe(1);
    expect(estimateTokens("ab é")).toBe(2);
  });
});

describe("validateChunkingStrategy", () => {
  it("accepts auto and static strategies within OpenAI's bounds, returning a fresh value", () => {
    expect(validateChunkingStrategy({ type: "auto" })).toEqual({ type: "auto" });
    for (const [max, overlap] of [
      [100, 0],
      [100, 50],
      [4096, 2048],
      [800, 400],
      [101, 50],
    ] as const) {
      const input = staticStrategy(max, overlap);
      const validated = validateChunkingStrategy(input);
      expect(validated).toEqual(input);
      expect(validated).not.toBe(input);
    }
  });

  it("rejects what OpenAI rejects, naming the field", () => {
    const cases: Array<[unknown, RegExp]> = [
      [undefined, /chunking_strategy must be an object/],
      [null, /chunking_strategy must be an object/],
      ["auto", /chunking_strategy must be an object/],
      [{ type: "semantic" }, /type must be 'auto' or 'static'/],
      [{ type: "static" }, /chunking_strategy.static must be an object/],
      [staticStrategy(99, 0), /max_chunk_size_tokens must be an integer from 100 to 4096/],
      [staticStrategy(4097, 0), /max_chunk_size_tokens must be an integer from 100 to 4096/],
      [staticStrategy(800.5, 0), /max_chunk_size_tokens must be an integer/],
      [
        { type: "static", static: { max_chunk_size_tokens: "800", chunk_overlap_tokens: 0 } },
        /max_chunk_size/,
      ],
      [staticStrategy(800, -1), /chunk_overlap_tokens must be an integer of 0 or more/],
      [staticStrategy(800, 1.5), /chunk_overlap_tokens must be an integer/],
      [staticStrategy(800, 401), /must not exceed half of max_chunk_size_tokens \(400\)/],
      [staticStrategy(101, 51), /must not exceed half/],
    ];
    for (const [value, message] of cases) {
      expect(() => validateChunkingStrategy(value), JSON.stringify(value)).toThrow(message);
    }
  });

  it("is applied by chunkText too", () => {
    expect(() => chunkText("some text", staticStrategy(50, 0))).toThrow(/max_chunk_size_tokens/);
  });
});

describe("chunkText", () => {
  it("gives nothing for blank text and one chunk for short text", () => {
    expect(chunkText("", { type: "auto" })).toEqual([]);
    expect(chunkText(" \n\t\n ", { type: "auto" })).toEqual([]);
    expect(chunkText("\n  Hello there.\n\nSecond paragraph.  \n", { type: "auto" })).toEqual([
      { index: 0, content: "Hello there.\n\nSecond paragraph.", tokens: 8 },
    ]);
  });

  it("auto: chunks of at most 800 tokens that share about 400 with the previous one", () => {
    const text = numberedWords(3000, (i) => (i % 11 === 10 ? ". " : " "));
    const chunks = chunkText(text, { type: "auto" });
    expect(chunks.length).toBeGreaterThan(5);
    const spans = wordSpans(text, chunks);
    chunks.forEach((chunk, i) => {
      expect(chunk.index).toBe(i);
      expect(chunk.tokens).toBe(estimateTokens(chunk.content));
      expect(chunk.tokens).toBeLessThanOrEqual(800);
      // At least half the new text a chunk could hold, on top of the overlap: never a sliver.
      if (i < chunks.length - 1) expect(chunk.tokens).toBeGreaterThanOrEqual(i === 0 ? 400 : 590);
    });
    for (let i = 1; i < chunks.length; i += 1) {
      const repeatedWords = spans[i - 1]![1] - spans[i]![0] + 1;
      const repeated = leadingWords(chunks[i]!.content, repeatedWords);
      // The repeated words really are the end of the previous chunk…
      expect(chunks[i - 1]!.content.endsWith(repeated)).toBe(true);
      // …as many as fit 400 tokens: one more word (at most 8 characters with its space) would not.
      expect(estimateTokens(repeated)).toBeLessThanOrEqual(400);
      expect(estimateTokens(repeated)).toBeGreaterThan(400 - 3);
    }
  });

  it("static with no overlap: the chunks partition the words", () => {
    const text = numberedWords(2000);
    const chunks = chunkText(text, staticStrategy(300, 0));
    const spans = wordSpans(text, chunks);
    for (let i = 1; i < spans.length; i += 1) expect(spans[i]![0]).toBe(spans[i - 1]![1] + 1);
    for (const chunk of chunks) expect(chunk.tokens).toBeLessThanOrEqual(300);
  });

  it("ends chunks at paragraph ends when one is within reach", () => {
    const paragraphs = Array.from({ length: 12 }, (_, p) =>
      Array.from({ length: 8 }, (_, s) => `Paragraph ${p} sentence ${s} has a few more words in it.`).join(
        " ",
      ),
    );
    const chunks = chunkText(paragraphs.join("\n\n"), staticStrategy(500, 0));
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) {
      for (const part of chunk.content.split("\n\n")) expect(paragraphs).toContain(part);
    }
  });

  it("else at sentence ends, and never inside a word", () => {
    const sentences = Array.from(
      { length: 120 },
      (_, i) => `Sentence number ${i} is here, with some filler words.`,
    );
    const text = sentences.join(" ");
    const chunks = chunkText(text, staticStrategy(200, 0));
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) {
      expect(chunk.content).toMatch(/^Sentence number \d+ .*\.$/s);
      expect(chunk.tokens).toBeLessThanOrEqual(200);
    }
    expect(chunks.map((chunk) => chunk.content).join(" ")).toBe(text);
  });

  it("prefers to end a chunk before a Markdown heading", () => {
    const section = (n: number) =>
      `## Section ${n}\n\n${"Some words here. ".repeat(40).trim()}\nA last line.`;
    const text = [section(1), section(2), section(3), section(4)].join("\n");
    const chunks = chunkText(text, staticStrategy(400, 0));
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.content).toMatch(/^## Section \d/);
  });

  it("cuts a word longer than a chunk, and only such a word", () => {
    const long = "x".repeat(4000); // 1000 tokens
    const text = `before ${long} after`;
    const chunks = chunkText(text, staticStrategy(100, 0));
    for (const chunk of chunks) expect(chunk.tokens).toBeLessThanOrEqual(100);
    // Without overlap, the pieces put back together are the text, less the spaces cut at.
    const letters = (value: string) => value.replace(/ /g, "");
    expect(letters(chunks.map((chunk) => chunk.content).join(""))).toBe(letters(text));
    expect(chunks.length).toBeGreaterThanOrEqual(10);
    expect(chunks.slice(1, -1).every((chunk) => /^x+$/.test(chunk.content))).toBe(true);
    expect(chunks[0]!.content.startsWith("before")).toBe(true);
    expect(chunks.at(-1)!.content.endsWith("after")).toBe(true);
  });

  it("treats CJK characters as words and ends chunks at a full stop", () => {
    const sentence = "这是一个关于向量存储的测试句子。";
    const text = sentence.repeat(200);
    const chunks = chunkText(text, staticStrategy(150, 0));
    expect(chunks.length).toBeGreaterThan(10);
    for (const chunk of chunks) {
      expect(chunk.tokens).toBeLessThanOrEqual(150);
      expect(chunk.content.endsWith("。")).toBe(true);
    }
    expect(chunks.map((chunk) => chunk.content).join("")).toBe(text);
    const overlapping = chunkText(text, staticStrategy(150, 30));
    expect(overlapping[1]!.content.startsWith(overlapping[0]!.content.slice(-30))).toBe(true);
  });

  it("keeps the text between words as written", () => {
    const text = numberedWords(400, (i) =>
      i % 50 === 49 ? "\n\n" : i % 7 === 6 ? "\n" : i % 3 === 2 ? "\t" : " ",
    );
    for (const chunk of chunkText(text, staticStrategy(100, 20))) expect(text).toContain(chunk.content);
  });

  it("holds its promises on random texts and strategies", () => {
    const random = seededRandom(20_240_611);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const letters = "abcdefghijklmnopqrstuvwxyzéжß";
    const gaps = [" ", " ", " ", " ", "  ", "\n", "\n\n", "\t", " \n \n "] as const;
    for (let round = 0; round < 60; round += 1) {
      const max = 100 + Math.floor(random() * 500);
      const overlap = Math.floor(random() * (max / 2 + 1));
      const count = 1 + Math.floor(random() * 2500);
      let text = random() < 0.5 ? "  " : "";
      for (let i = 0; i < count; i += 1) {
        let word = "";
        const length = 1 + Math.floor(random() * (random() < 0.02 ? 150 : 12));
        for (let c = 0; c < length; c += 1) word += pick([...letters]);
        word += i.toString(36) + (random() < 0.1 ? pick([".", ",", "!", "?", ":", '."']) : "");
        text += word + (i < count - 1 ? pick(gaps) : "");
      }
      const strategy = staticStrategy(max, overlap);
      const chunks = chunkText(text, strategy);
      const context = `round ${round}: max ${max}, overlap ${overlap}, ${count} words`;
      for (const chunk of chunks) {
        expect(chunk.tokens, context).toBeLessThanOrEqual(max);
        expect(chunk.tokens, context).toBe(estimateTokens(chunk.content));
        expect(text.includes(chunk.content), context).toBe(true);
      }
      const spans = wordSpans(text, chunks);
      for (let i = 1; i < chunks.length; i += 1) {
        const repeated = leadingWords(chunks[i]!.content, spans[i - 1]![1] - spans[i]![0] + 1);
        expect(estimateTokens(repeated), context).toBeLessThanOrEqual(overlap);
        expect(chunks[i - 1]!.content.endsWith(repeated), context).toBe(true);
      }
    }
  });
});
