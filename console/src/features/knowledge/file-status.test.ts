import { describe, expect, it } from "vitest";
import {
  fileStatusColor,
  formatBytes,
  formatScore,
  hasFilesInProgress,
  resultText,
  STORE_NAME_MAX,
  storeIsIndexing,
  storeNameProblem,
  storeStatusColor,
} from "./file-status";

const counts = { in_progress: 0, completed: 1, failed: 0, cancelled: 0, total: 1 };

describe("statuses", () => {
  it("polls while a file is pending or the store indexes", () => {
    expect(hasFilesInProgress([{ status: "processed" }, { status: "pending" }])).toBe(true);
    expect(hasFilesInProgress([{ status: "processed" }, { status: "error" }])).toBe(false);
    expect(storeIsIndexing({ status: "indexing", file_counts: counts })).toBe(true);
    expect(storeIsIndexing({ status: "ready", file_counts: { ...counts, in_progress: 1 } })).toBe(true);
    expect(storeIsIndexing({ status: "ready", file_counts: counts })).toBe(false);
  });

  it("colours errors red and success green", () => {
    expect(fileStatusColor("error")).toBe("red");
    expect(fileStatusColor("processed")).toBe("green");
    expect(storeStatusColor("error")).toBe("red");
    expect(storeStatusColor("ready")).toBe("green");
  });
});

describe("formatting", () => {
  it("formats sizes in 1024 steps", () => {
    expect(formatBytes(0, "en")).toBe("0 B");
    expect(formatBytes(1023, "en")).toBe("1,023 B");
    expect(formatBytes(1536, "en")).toBe("1.5 KB");
    expect(formatBytes(50 * 1024 * 1024, "en")).toBe("50 MB");
    expect(formatBytes(1536, "ru")).toBe("1,5 KB");
  });

  it("shows scores with three decimals", () => {
    expect(formatScore(1)).toBe("1.000");
    expect(formatScore(0.87349)).toBe("0.873");
    expect(formatScore(0.0005)).toBe("0.001");
  });

  it("joins a result's text parts", () => {
    expect(
      resultText({
        content: [
          { type: "text", text: "First." },
          { type: "image", text: "ignored" },
          { type: "text", text: "Second.\n" },
        ],
      }),
    ).toBe("First.\n\nSecond.");
  });
});

describe("store names", () => {
  it("needs a name of at most 256 characters", () => {
    expect(storeNameProblem("  ")).toBe("required");
    expect(storeNameProblem("x".repeat(STORE_NAME_MAX + 1))).toBe("tooLong");
    expect(storeNameProblem(" Handbook ")).toBeNull();
  });
});
