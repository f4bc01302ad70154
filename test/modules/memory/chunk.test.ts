import { describe, expect, it } from "vitest";
import { chunkText } from "../../../src/modules/memory/chunk.js";

/** Every word of `text` appears, in order, in the concatenation of the chunks. */
function coversAllWords(text: string, chunks: string[]): boolean {
  const words = text.split(/\s+/).filter(Boolean);
  const joined = chunks.join(" ");
  let from = 0;
  for (const word of words) {
    const at = joined.indexOf(word, from);
    if (at < 0) return false;
    from = at;
  }
  return true;
}

describe("chunkText", () => {
  it("keeps short text whole, trimmed; blank text gives no chunk", () => {
    expect(chunkText("  Hello there.  ", { maxChars: 100 })).toEqual(["Hello there."]);
    expect(chunkText(" \n\t ", { maxChars: 100 })).toEqual([]);
    expect(chunkText("x".repeat(100), { maxChars: 100 })).toEqual(["x".repeat(100)]);
  });

  it("cuts at paragraph breaks first", () => {
    const first = "First paragraph. It has two sentences.";
    const second = "Second paragraph, a bit longer than the first one.";
    const chunks = chunkText(`${first}\n\n${second}`, { maxChars: 60, overlapChars: 0 });
    expect(chunks).toEqual([first, second]);
  });

  it("then at sentence ends, in English and Russian, keeping closing quotes", () => {
    const text =
      "Доставка занимает три дня. Оплата картой или наличными! Мы работаем без выходных? «Да.» Спасибо за вопрос.";
    const chunks = chunkText(text, { maxChars: 60, overlapChars: 0 });
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(60);
      expect(chunk).toMatch(/[.!?»]$/);
    }
    expect(chunks.join(" ")).toBe(text);
  });

  it("then at spaces, and hard-cuts a word longer than the limit without splitting a surrogate pair", () => {
    const words = chunkText("alpha beta gamma delta epsilon zeta eta theta", {
      maxChars: 16,
      overlapChars: 0,
    });
    for (const chunk of words) expect(chunk.length).toBeLessThanOrEqual(16);
    expect(words.join(" ")).toBe("alpha beta gamma delta epsilon zeta eta theta");

    const emoji = "😀".repeat(20); // 40 UTF-16 code units
    const pieces = chunkText(emoji, { maxChars: 9, overlapChars: 0 });
    for (const piece of pieces) {
      expect(piece.length).toBeLessThanOrEqual(9);
      expect(piece).toBe(Array.from(piece).join("")); // no lone surrogate
      expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(piece)).toBe(
        false,
      );
    }
    expect(pieces.join("")).toBe(emoji);
  });

  it("overlaps consecutive chunks by whole words and never exceeds the limit", () => {
    const sentences = Array.from(
      { length: 80 },
      (_, i) => `Sentence number ${i} talks about topic ${i % 7} and nothing else.`,
    );
    const text = sentences.join(" ");
    const chunks = chunkText(text, { maxChars: 300, overlapChars: 40 });
    expect(chunks.length).toBeGreaterThan(text.length / 300);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(300);
    for (let i = 1; i < chunks.length; i++) {
      const head = chunks[i]!.split(" ")[0]!;
      // The next chunk starts with a whole word that ends the previous one (the overlap).
      expect(chunks[i - 1]!.slice(-60)).toContain(head);
    }
    expect(coversAllWords(text, chunks)).toBe(true);
  });

  it("terminates and covers text made of long unbroken runs", () => {
    const text = `${"a".repeat(250)} ${"b".repeat(250)}\n\n${"c".repeat(30)}`;
    const chunks = chunkText(text, { maxChars: 100 });
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(100);
    expect(chunks.join("").replace(/\s/g, "").length).toBeGreaterThanOrEqual(530);
  });

  it("rejects a useless limit", () => {
    expect(() => chunkText("text", { maxChars: 0 })).toThrow(RangeError);
  });
});
