import { describe, expect, it } from "vitest";
import { formatCredits, formatDuration, formatValue, snippet } from "./trace-format";

describe("trace formatting", () => {
  it("durations read as people say them", () => {
    expect(formatDuration(null)).toBe("—");
    expect(formatDuration(850.4)).toBe("850 ms");
    expect(formatDuration(1234)).toBe("1.2 s");
    expect(formatDuration(42_000)).toBe("42 s");
    expect(formatDuration(125_000)).toBe("2 min 5 s");
  });

  it("credits keep four decimals at most; values print as JSON; snippets cut long first lines", () => {
    expect(formatCredits(0.123456)).toBe("0.1235");
    expect(formatCredits(3)).toBe("3");
    expect(formatCredits(null)).toBe("—");
    expect(formatValue({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(formatValue("plain")).toBe("plain");
    expect(snippet("\nhello\nworld")).toBe("hello");
    expect(snippet("x".repeat(10), 5)).toBe("xxxx…");
  });
});
