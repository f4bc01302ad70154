import { describe, expect, it } from "vitest";
import { RecentCache } from "../../src/lib/recent-cache.js";

describe("RecentCache", () => {
  it("makes a value once per kept key and lets the least recently used key go", () => {
    const made: string[] = [];
    const cache = new RecentCache<string, string>(2);
    const get = (key: string) => cache.get(key, (k) => (made.push(k), k.toUpperCase()));
    expect(get("a")).toBe("A");
    expect(get("b")).toBe("B");
    expect(get("a")).toBe("A"); // used again: b is now the least recent
    expect(get("c")).toBe("C"); // evicts b
    expect(get("a")).toBe("A");
    expect(get("b")).toBe("B"); // made again
    expect(made).toEqual(["a", "b", "c", "b"]);
  });
});
