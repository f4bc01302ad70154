import { describe, expect, it } from "vitest";
import { formatChangeValue, isLongText, lineDiff } from "./text-diff";

const kinds = (lines: ReturnType<typeof lineDiff>) =>
  lines?.map((line) => `${line.kind === "same" ? " " : line.kind === "removed" ? "-" : "+"}${line.text}`);

describe("lineDiff", () => {
  it("keeps the shared lines and marks the ones removed and added", () => {
    const before = "You answer about orders.\nBe brief.\nNever promise dates.";
    const after = "You answer about orders.\nBe friendly.\nNever promise dates.\nSign as Ann.";
    expect(kinds(lineDiff(before, after))).toEqual([
      " You answer about orders.",
      "-Be brief.",
      "+Be friendly.",
      " Never promise dates.",
      "+Sign as Ann.",
    ]);
  });

  it("finds the common lines in the middle, not only at the ends", () => {
    expect(kinds(lineDiff("a\nb\nc\nd", "x\nb\nd\ny"))).toEqual(["-a", "+x", " b", "-c", " d", "+y"]);
  });

  it("is empty of changes for equal texts and gives up past its budget", () => {
    expect(lineDiff("same\ntext", "same\ntext")?.every((line) => line.kind === "same")).toBe(true);
    const many = (prefix: string) => Array.from({ length: 30 }, (_, i) => `${prefix}${i}`).join("\n");
    expect(lineDiff(many("a"), many("b"), 100)).toBeNull();
    expect(lineDiff(many("a"), many("b"), 10_000)).toHaveLength(60);
  });
});

describe("values", () => {
  it("shows long or multi-line strings as blocks, other values as JSON", () => {
    expect(isLongText("short")).toBe(false);
    expect(isLongText("two\nlines")).toBe(true);
    expect(isLongText("x".repeat(81))).toBe(true);
    expect(isLongText(42)).toBe(false);
    expect(formatChangeValue("openai/gpt-5")).toBe("openai/gpt-5");
    expect(formatChangeValue(0.3)).toBe("0.3");
    expect(formatChangeValue(["vs_1"])).toBe('[\n  "vs_1"\n]');
    expect(formatChangeValue(undefined)).toBe("—");
    expect(formatChangeValue(null)).toBe("null");
  });
});
