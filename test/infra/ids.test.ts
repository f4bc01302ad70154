import { describe, expect, it } from "vitest";
import { newId, randomBase62 } from "../../src/infra/ids.js";

describe("randomBase62", () => {
  it("gives strings of the asked length over the base62 alphabet, never the same twice", () => {
    const seen = new Set<string>();
    // 2,000 strings of 43 characters draw ~95 KB: the 4 KiB byte pool refills many times.
    for (let i = 0; i < 2000; i++) {
      const value = randomBase62(43);
      expect(value).toMatch(/^[0-9A-Za-z]{43}$/);
      seen.add(value);
    }
    expect(seen.size).toBe(2000);
  });

  it("uses every character about equally often (rejection sampling keeps it uniform)", () => {
    const counts = new Map<string, number>();
    const text = randomBase62(62 * 2000);
    for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // Expected 2,000 each; a biased modulo (256 % 62) would give the first 8 characters ~+25 %.
    let chiSquare = 0;
    for (const count of counts.values()) chiSquare += (count - 2000) ** 2 / 2000;
    // 61 degrees of freedom: p < 1e-6 above ~125.
    expect(chiSquare).toBeLessThan(125);
  });

  it("names ids by their prefix", () => {
    expect(newId("msg")).toMatch(/^msg_[0-9A-Za-z]{22}$/);
  });
});
