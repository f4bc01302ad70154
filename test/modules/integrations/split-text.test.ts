import { describe, expect, it } from "vitest";
import { measure, splitText } from "../../../src/modules/integrations/delivery/split-text.js";
import { seededRandom } from "../../helpers/seeded-random.js";

describe("splitting a reply to a vendor's limit", () => {
  it("keeps a text that fits whole", () => {
    expect(splitText("Short answer.", { max: 100, unit: "chars" })).toEqual(["Short answer."]);
  });

  it("cuts at a paragraph, then a sentence, then a word, never inside one", () => {
    const text = `${"First paragraph sentence. ".repeat(3).trim()}\n\nSecond paragraph here.`;
    expect(splitText(text, { max: 80, unit: "chars" })).toEqual([
      "First paragraph sentence. First paragraph sentence. First paragraph sentence.",
      "Second paragraph here.",
    ]);
    expect(splitText("one two three four five six", { max: 10, unit: "chars" })).toEqual([
      "one two",
      "three four",
      "five six",
    ]);
  });

  it("cuts hard only when no boundary lies in the second half", () => {
    expect(splitText("a".repeat(25), { max: 10, unit: "chars" })).toEqual([
      "a".repeat(10),
      "a".repeat(10),
      "a".repeat(5),
    ]);
  });

  it("counts as the vendor counts: UTF-16 units, code points or UTF-8 bytes, and never splits a character", () => {
    const emoji = "😀".repeat(10);
    const utf16 = splitText(emoji, { max: 5, unit: "utf16" });
    expect(utf16.every((part) => part.length <= 5 && !/[\ud800-\udbff]$/.test(part))).toBe(true);
    expect(utf16.join("")).toBe(emoji);
    const cyrillic = "привет ".repeat(30).trim();
    const bytes = splitText(cyrillic, { max: 100, unit: "bytes" });
    expect(bytes.every((part) => Buffer.byteLength(part) <= 100)).toBe(true);
    expect(bytes.join(" ")).toBe(cyrillic);
  });

  it("holds its invariants on random text: every part fits, none is empty, the words survive in order", () => {
    const random = seededRandom(42);
    const words = ["Hello", "мир", "😀", "order", "#42.", "Thanks!", "\n\n", "ok?", "a".repeat(30)];
    for (let round = 0; round < 300; round += 1) {
      const text = Array.from(
        { length: 5 + Math.floor(random() * 120) },
        () => words[Math.floor(random() * words.length)],
      ).join(" ");
      const unit = (["chars", "utf16", "bytes"] as const)[round % 3] ?? "chars";
      const max = 20 + Math.floor(random() * 200);
      const parts = splitText(text, { max, unit });
      for (const part of parts) {
        expect(part.length).toBeGreaterThan(0);
        expect(measure(part, unit)).toBeLessThanOrEqual(max);
      }
      expect(parts.join("").replace(/\s+/g, "")).toBe(text.replace(/\s+/g, ""));
    }
  });
});
